import { hexOf } from '../../../lib/hex.js';
import { RingCache } from '../../../lib/ring-cache.js';
import type { StoredBlock } from './block-store.js';

/** Decoded blocks by hash and by number, oldest dropped first once `capacity` is passed (lib/ring-cache.ts says why a ring). */
export class BlockCache {
  private readonly byHashHex: RingCache<StoredBlock>;
  private readonly hashHexByNumber = new Map<bigint, string>();

  constructor(capacity: number) {
    this.byHashHex = new RingCache(capacity);
  }

  get size(): number {
    return this.byHashHex.size;
  }

  add(stored: StoredBlock): void {
    const key = hexOf(stored.hash);
    const dropped = this.byHashHex.set(key, stored);
    this.hashHexByNumber.set(stored.block.header.number, key);
    if (!dropped) return;
    const n = dropped.block.header.number;
    const droppedKey = hexOf(dropped.hash);
    if (droppedKey !== key && this.hashHexByNumber.get(n) === droppedKey) this.hashHexByNumber.delete(n);
  }

  /** Drops the block cached at height `n`, if any. */
  dropNumber(n: bigint): void {
    const key = this.hashHexByNumber.get(n);
    if (key === undefined) return;
    this.hashHexByNumber.delete(n);
    this.byHashHex.delete(key);
  }

  byHash(hashHex: string): StoredBlock | undefined {
    return this.byHashHex.get(hashHex);
  }

  byNumber(n: bigint): StoredBlock | undefined {
    const key = this.hashHexByNumber.get(n);
    return key === undefined ? undefined : this.byHashHex.get(key);
  }
}
