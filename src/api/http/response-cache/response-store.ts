/** A response kept for reuse: its body, the headers that describe it, and when it stops being valid. */
export interface StoredResponse {
  /** The data version it was built under (see DataVersion). */
  version: string;
  /** Milliseconds since the epoch after which it is not served. */
  expiresAt: number;
  /** Set for clock-dependent routes: the second (by the API's clock) it was built in, the only one it is valid for. */
  second?: number;
  /** The body as sent (UTF-8), so a reuse writes it without encoding it again. */
  body: Buffer;
  headers: Record<string, string>;
  /** The body compressed, per encoding, made the first time a client asks for it. */
  encoded?: Partial<Record<string, Buffer>>;
}

/** Bytes an entry holds: its key, its body and a fixed allowance for the rest. */
function sizeOf(key: string, entry: StoredResponse): number {
  return 2 * key.length + entry.body.length + 256;
}

/** Least-recently-used responses by request URL, bounded by the memory they hold. */
export class ResponseStore {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, { entry: StoredResponse; size: number }>();
  #bytes = 0;
  /** Lookups that found a usable answer, and those that did not (counted by the caller through `count`). */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): StoredResponse | undefined {
    const slot = this.#entries.get(key);
    if (!slot) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, slot);
    return slot.entry;
  }

  /** Keeps `entry` under `key`; false when it is too large to keep. */
  set(key: string, entry: StoredResponse): boolean {
    this.delete(key);
    const size = sizeOf(key, entry);
    // One response larger than a quarter of the budget would evict most of the others: not kept.
    if (size > this.#maxBytes / 4) return false;
    this.#entries.set(key, { entry, size });
    this.#bytes += size;
    this.#evict();
    return true;
  }

  #evict(): void {
    for (const [oldest, slot] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= slot.size;
    }
  }

  /** Counts `bytes` more held by the answer kept under `key` (e.g. a compressed copy), evicting others if needed. */
  grow(key: string, bytes: number): void {
    const slot = this.#entries.get(key);
    if (!slot) return;
    slot.size += bytes;
    this.#bytes += bytes;
    this.#evict();
  }

  delete(key: string): void {
    const slot = this.#entries.get(key);
    if (!slot) return;
    this.#entries.delete(key);
    this.#bytes -= slot.size;
  }
}
