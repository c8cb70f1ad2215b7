/**
 * An async mutex that keeps contention statistics per lock name, the data behind `admin.lockProfile`
 * (AvalancheGo writes Go's mutex profile there). The uncontended path costs a flag check and a counter;
 * only a caller that has to wait pays for a timestamp and a stack capture.
 */

/** Distinct waiter stacks kept per lock; further new stacks are counted under `(other stacks)`. */
const MAX_STACKS_PER_LOCK = 64;
const OTHER_STACKS = '(other stacks)';

interface LockStats {
  name: string;
  acquisitions: number;
  contended: number;
  totalWaitMs: number;
  maxWaitMs: number;
  /** Callers waiting right now (every mutex with this name): where and since when. */
  waiting: Set<{ stack: string; since: number }>;
  stacks: Map<string, { count: number; totalWaitMs: number }>;
}

export interface LockContention {
  name: string;
  acquisitions: number;
  /** Acquisitions that had to wait for another holder. */
  contended: number;
  totalWaitMs: number;
  maxWaitMs: number;
  meanWaitMs: number;
  /** Callers blocked right now, longest first. */
  waitingNow: { waitingMs: number; stack: string }[];
  /** Where waiters blocked, most total wait first. */
  stacks: { count: number; totalWaitMs: number; stack: string }[];
}

const registry = new Map<string, LockStats>();

function statsFor(name: string): LockStats {
  let s = registry.get(name);
  if (!s) {
    s = { name, acquisitions: 0, contended: 0, totalWaitMs: 0, maxWaitMs: 0, waiting: new Set(), stacks: new Map() };
    registry.set(name, s);
  }
  return s;
}

export class Mutex {
  private held = false;
  private readonly waiters: (() => void)[] = [];
  private readonly stats: LockStats;

  /** Mutexes with the same name share one line in the report (e.g. one per chain: `block-building/C`). */
  constructor(readonly name: string) {
    this.stats = statsFor(name);
  }

  get locked(): boolean {
    return this.held;
  }

  /** Runs fn while holding the lock; waiters are served in arrival order. */
  async runExclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.held) await this.wait();
    else this.held = true;
    this.stats.acquisitions++;
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private async wait(): Promise<void> {
    const s = this.stats;
    const site: { stack?: string } = {};
    Error.captureStackTrace(site, Mutex.prototype.runExclusive);
    const waiter = { stack: cleanStack(site.stack), since: performance.now() };
    s.waiting.add(waiter);
    // Ownership is handed over directly by release(), so `held` stays true in between.
    await new Promise<void>((resolve) => this.waiters.push(resolve));
    s.waiting.delete(waiter);
    const waited = performance.now() - waiter.since;
    s.contended++;
    s.totalWaitMs += waited;
    if (waited > s.maxWaitMs) s.maxWaitMs = waited;
    recordStack(s, waiter.stack, waited);
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

function recordStack(s: LockStats, stack: string, waited: number): void {
  let entry = s.stacks.get(stack);
  if (!entry) {
    if (s.stacks.size >= MAX_STACKS_PER_LOCK) stack = OTHER_STACKS;
    entry = s.stacks.get(stack) ?? { count: 0, totalWaitMs: 0 };
    s.stacks.set(stack, entry);
  }
  entry.count++;
  entry.totalWaitMs += waited;
}

/** Drops the `Error` header line; keeps the frames. */
function cleanStack(stack: string | undefined): string {
  if (!stack) return '(no stack)';
  const nl = stack.indexOf('\n');
  return (nl < 0 ? '' : stack.slice(nl + 1))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** Every lock that was ever created, most total wait first. */
export function lockContentionReport(): LockContention[] {
  const now = performance.now();
  return [...registry.values()]
    .map((s) => ({
      name: s.name,
      acquisitions: s.acquisitions,
      contended: s.contended,
      totalWaitMs: round(s.totalWaitMs),
      maxWaitMs: round(s.maxWaitMs),
      meanWaitMs: s.contended === 0 ? 0 : round(s.totalWaitMs / s.contended),
      waitingNow: [...s.waiting]
        .map((w) => ({ waitingMs: round(now - w.since), stack: w.stack }))
        .sort((a, b) => b.waitingMs - a.waitingMs),
      stacks: [...s.stacks.entries()]
        .map(([stack, e]) => ({ count: e.count, totalWaitMs: round(e.totalWaitMs), stack }))
        .sort((a, b) => b.totalWaitMs - a.totalWaitMs || b.count - a.count),
    }))
    .sort((a, b) => b.totalWaitMs - a.totalWaitMs || a.name.localeCompare(b.name));
}

/** Clears the counters of every lock (the locks stay registered). */
export function resetLockContention(): void {
  for (const s of registry.values()) {
    s.acquisitions = 0;
    s.contended = 0;
    s.totalWaitMs = 0;
    s.maxWaitMs = 0;
    s.stacks.clear();
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
