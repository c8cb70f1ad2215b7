/**
 * The last `capacity` values put, by key; putting one more drops the oldest. Values live only in a fixed ring of
 * slots, and the index maps keys to slot numbers. The first version, a Map of the values with the oldest deleted on
 * each put, kept far more alive than its capacity under a node's read pattern: serving a 20,000-block backfill with
 * a 32-block cache, decoded blocks outlived young-generation GCs and 64 MB of them were promoted to the old
 * generation; with this ring, 2 MB. (Likely the mechanism shown later for the batch loader's Map: a Map that lives
 * on reaches the old generation with its table; V8 rehashes it, as deletes and puts churn it, into new
 * old-generation tables, and each table it leaves keeps the entries it held alive through every young-generation
 * collection until the next full one. Here the index holds only keys and slot numbers.)
 */
export class RingCache<V> {
  private readonly slots: (V | undefined)[];
  private readonly slotKeys: (string | undefined)[];
  private readonly index = new Map<string, number>();
  private next = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`a RingCache holds at least one value, not ${capacity}`);
    this.slots = new Array<V | undefined>(capacity).fill(undefined);
    this.slotKeys = new Array<string | undefined>(capacity).fill(undefined);
  }

  get size(): number {
    return this.index.size;
  }

  get(key: string): V | undefined {
    const slot = this.index.get(key);
    return slot === undefined ? undefined : this.slots[slot];
  }

  /**
   * Puts `value` under `key` as the newest (dropping any older value under `key`); when full, the oldest value is
   * dropped and returned.
   */
  set(key: string, value: V): V | undefined {
    this.delete(key);
    const slot = this.next;
    const old = this.slotKeys[slot];
    const dropped = old === undefined ? undefined : this.slots[slot];
    if (old !== undefined) this.index.delete(old);
    this.slots[slot] = value;
    this.slotKeys[slot] = key;
    this.index.set(key, slot);
    this.next = (slot + 1) % this.capacity;
    return dropped;
  }

  delete(key: string): void {
    const slot = this.index.get(key);
    if (slot === undefined) return;
    this.index.delete(key);
    this.slots[slot] = undefined;
    this.slotKeys[slot] = undefined;
  }
}
