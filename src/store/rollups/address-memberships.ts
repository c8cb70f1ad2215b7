/** What the rollups remember of an address (a row of metrics_addresses): the last hour it was active, and sent. */
export interface Membership {
  lastActiveHour: number;
  lastSentHour: number | null;
}

/** A membership changed since metrics_addresses was last written, with the address and first hour its row needs. */
export interface DirtyMembership extends Membership {
  /** The address, as lowercase hex without 0x (the cache's key). */
  key: string;
  /** The first hour seen, for a row not stored yet (a stored row keeps its own). */
  firstHour: number;
}

/** A cached membership: the cache's own object, updated in place, and listed for the next flush when it changes. */
export interface CachedMembership extends DirtyMembership {
  waiting: boolean;
}

export interface AddressMembershipsOptions {
  /** Bound on cached addresses per chain (a miss costs one indexed read, so the bound only trades memory). */
  capacity?: number;
  /**
   * Write-behind: changed rows stay in memory until this many are waiting (or `flushIntervalMs` passed), and
   * metrics_addresses is written then, with the block it reflects (`addresses_block`). 1 = write-through.
   * A crash loses nothing: the rows are rebuilt from the stored transactions after `addresses_block`.
   */
  flushRows?: number;
  flushIntervalMs?: number;
  /** Load every address of the chain when the cache starts (when they fit), so a miss means a new address. */
  preload?: boolean;
  now?: () => number;
}

const DEFAULT_CAPACITY = 1_000_000;

/**
 * The rollup writer's view of metrics_addresses for one chain: a cache, and in write-behind mode the only copy
 * of rows changed since the last flush. It is trusted only at the watermark it was settled at by a batch that
 * ran to its end: a batch marks it unsettled before changing it, and `adopt` discards it when the stored
 * watermark is not the one it knows (the transaction rolled back, or another writer moved on).
 */
export class AddressMemberships {
  private readonly entries = new Map<string, CachedMembership>();
  private dirty: CachedMembership[] = [];
  private chain: number | undefined;
  private watermark: bigint | undefined;
  private clean = true;
  private loaded = false;
  /** Every member of the chain is cached: a key that is not here is a new address. */
  private whole = false;
  private lastFlush: number;
  readonly capacity: number;
  readonly flushRows: number;
  readonly flushIntervalMs: number;
  readonly preload: boolean;
  private readonly now: () => number;

  constructor(options: AddressMembershipsOptions | number = {}) {
    const o = typeof options === 'number' ? { capacity: options } : options;
    this.capacity = o.capacity ?? DEFAULT_CAPACITY;
    this.flushRows = o.flushRows ?? 1;
    this.flushIntervalMs = o.flushIntervalMs ?? 60_000;
    this.preload = o.preload ?? false;
    this.now = o.now ?? Date.now;
    if (!Number.isInteger(this.capacity) || this.capacity < 1) throw new Error(`address cache capacity must be a positive integer, got ${this.capacity}`);
    if (!Number.isInteger(this.flushRows) || this.flushRows < 1) throw new Error(`address flush rows must be a positive integer, got ${this.flushRows}`);
    this.lastFlush = this.now();
  }

  /**
   * Start a batch of `chain` over the stored watermark (undefined: nothing rolled up yet); marks the cache
   * unsettled. Returns false when the cache was discarded and must be loaded again (`load`) before use.
   */
  adopt(chain: number, watermark: bigint | undefined): boolean {
    const trusted = this.clean && this.loaded && this.chain === chain && this.watermark === watermark;
    if (!trusted) {
      this.entries.clear();
      this.dirty = [];
      this.whole = false;
      this.loaded = false;
      this.lastFlush = this.now();
    }
    this.chain = chain;
    this.watermark = undefined;
    this.clean = false;
    return trusted;
  }

  /** The cache was (re)loaded for the adopted batch; `whole` when it holds every member of the chain. */
  loadedFrom(whole: boolean): void {
    this.loaded = true;
    this.whole = whole;
  }

  /** The batch that `adopt` started has written everything up to `watermark` in its transaction. */
  settle(watermark: bigint): void {
    this.watermark = watermark;
    this.clean = true;
    // Past capacity, the addresses cached first go first (a miss costs one indexed read).
    if (this.dirty.length === 0 && this.entries.size > this.capacity) {
      for (const oldest of this.entries.keys()) {
        this.entries.delete(oldest);
        if (this.entries.size <= this.capacity) break;
      }
      this.whole = false;
    }
  }

  /** The cached membership of `key`: a live object that `set` updates, so read what you need before calling it. */
  get(key: string): CachedMembership | undefined {
    return this.entries.get(key);
  }

  /** Whether `key` is known to be new to the chain without asking the store. */
  isNew(key: string): boolean {
    return this.whole && !this.entries.has(key);
  }

  /** Remembers a stored row (read from metrics_addresses); the cache may update the object in place later. */
  remember(key: string, membership: Membership): void {
    // A stored row keeps its own first hour: Infinity until the rollup sees the address again.
    this.entries.set(key, { key, firstHour: Infinity, lastActiveHour: membership.lastActiveHour, lastSentHour: membership.lastSentHour, waiting: false });
  }

  /**
   * Records a changed membership (`firstHour`: the first hour the batch saw it); it is written to
   * metrics_addresses at the next flush. `cached` is what `get(key)` returned, so the map is not searched twice: a
   * cached membership is updated in place (a busy address changes every batch, and new objects, or re-inserting
   * the key, which makes the map rehash, were most of the cost).
   */
  set(key: string, firstHour: number, lastActiveHour: number, lastSentHour: number | null, cached = this.entries.get(key)): void {
    let entry = cached;
    if (entry) {
      entry.firstHour = Math.min(entry.firstHour, firstHour);
      entry.lastActiveHour = lastActiveHour;
      entry.lastSentHour = lastSentHour;
    } else {
      entry = { key, firstHour, lastActiveHour, lastSentHour, waiting: false };
      this.entries.set(key, entry);
    }
    if (!entry.waiting) {
      entry.waiting = true;
      this.dirty.push(entry);
    }
  }

  /** Whether this batch should write the waiting rows. */
  dueForFlush(): boolean {
    if (this.dirty.length === 0) return false;
    return this.dirty.length >= this.flushRows || this.entries.size > this.capacity || this.now() - this.lastFlush >= this.flushIntervalMs;
  }

  /** The rows to write; the cache counts them as written (if the transaction fails, `adopt` discards everything). */
  takeDirty(): DirtyMembership[] {
    const rows = this.dirty.map((entry) => {
      entry.waiting = false;
      return { key: entry.key, firstHour: entry.firstHour, lastActiveHour: entry.lastActiveHour, lastSentHour: entry.lastSentHour };
    });
    this.dirty = [];
    this.lastFlush = this.now();
    return rows;
  }

  get size(): number {
    return this.entries.size;
  }

  get waiting(): number {
    return this.dirty.length;
  }
}
