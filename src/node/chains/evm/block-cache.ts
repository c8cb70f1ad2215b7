import { hexOf } from '../../../lib/hex.js';
import type { StoredBlock } from './block-store.js';

/** Decoded blocks by hash and by number, oldest dropped first once `capacity` is passed. */
export class BlockCache {
  private readonly byHashHex = new Map<string, StoredBlock>();
  private readonly hashHexByNumber = new Map<bigint, string>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.byHashHex.size;
  }

  add(stored: StoredBlock): void {
    const key = hexOf(stored.hash);
    this.byHashHex.delete(key);
    this.byHashHex.set(key, stored);
    this.hashHexByNumber.set(stored.block.header.number, key);
    if (this.byHashHex.size <= this.capacity) return;
    const [oldestKey, oldest] = this.byHashHex.entries().next().value as [string, StoredBlock];
    this.byHashHex.delete(oldestKey);
    const n = oldest.block.header.number;
    if (this.hashHexByNumber.get(n) === oldestKey) this.hashHexByNumber.delete(n);
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
