/** What the rollups remember of an address (a row of metrics_addresses): the last hour it was active, and sent. */
export interface Membership {
  lastActiveHour: number;
  lastSentHour: number | null;
}

/** Default bound on cached addresses per chain (a miss costs one indexed read, so the bound only trades memory). */
const DEFAULT_CAPACITY = 1_000_000;

/**
 * A write-through cache of metrics_addresses for one chain's rollup writer, so a batch reads from the table only
 * the addresses it has not seen lately. It is only trusted for the watermark it was last brought up to by a
 * batch that ran to its end: a batch marks it dirty before changing it, and `adopt` discards it when the stored
 * watermark is not the one it knows (the transaction rolled back, or another writer moved on).
 */
export class AddressMemberships {
  private readonly entries = new Map<string, Membership>();
  private chain: number | undefined;
  private watermark: bigint | undefined;
  private clean = true;

  constructor(private readonly capacity = DEFAULT_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`address cache capacity must be a positive integer, got ${capacity}`);
  }

  /** Start a batch of `chain` over the stored watermark (undefined: nothing rolled up yet); marks the cache dirty. */
  adopt(chain: number, watermark: bigint | undefined): void {
    if (!this.clean || this.chain !== chain || this.watermark !== watermark) this.entries.clear();
    this.chain = chain;
    this.watermark = undefined;
    this.clean = false;
  }

  /** The batch that `adopt` started has written everything up to `watermark` in its transaction. */
  settle(watermark: bigint): void {
    this.watermark = watermark;
    this.clean = true;
  }

  get(key: string): Membership | undefined {
    return this.entries.get(key);
  }

  set(key: string, membership: Membership): void {
    // Re-inserting moves the key to the end, so eviction drops the least recently written addresses.
    this.entries.delete(key);
    this.entries.set(key, membership);
    if (this.entries.size > this.capacity) {
      for (const oldest of this.entries.keys()) {
        this.entries.delete(oldest);
        if (this.entries.size <= this.capacity) break;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
