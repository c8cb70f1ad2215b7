export interface ConsumeResult {
  /** False when adding the cost would pass the limit; the counter is then left unchanged. */
  allowed: boolean;
  /** Units counted in the window after this call. */
  used: number;
}

/** Per-window counters of compute units; `consume` is atomic per key (also across replicas for shared stores). */
export interface CounterStore {
  consume(key: string, cost: number, limit: number, ttlMs: number): Promise<ConsumeResult>;
  close(): Promise<void>;
}

/** Counters in this process (the default; each replica then has its own budget). */
export class MemoryCounterStore implements CounterStore {
  readonly #counters = new Map<string, { used: number; expiresAt: number }>();
  readonly #now: () => number;
  #nextSweep = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async consume(key: string, cost: number, limit: number, ttlMs: number): Promise<ConsumeResult> {
    const now = this.#now();
    this.#sweep(now);
    let c = this.#counters.get(key);
    if (!c || c.expiresAt <= now) {
      c = { used: 0, expiresAt: now + ttlMs };
      this.#counters.set(key, c);
    }
    if (c.used + cost > limit) return { allowed: false, used: c.used };
    c.used += cost;
    return { allowed: true, used: c.used };
  }

  /** Counters currently held (for tests and metrics). */
  get size(): number {
    return this.#counters.size;
  }

  async close(): Promise<void> {
    this.#counters.clear();
  }

  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + 10_000;
    for (const [k, c] of this.#counters) if (c.expiresAt <= now) this.#counters.delete(k);
  }
}
