import type { PoolTx } from '../tx-pool.js';
import type { DevnetAccess } from './access.js';
import type { BlockClock, ClockState } from './block-clock.js';
import { rewindLocked } from './rewind.js';

interface Snapshot {
  height: bigint;
  hash: Uint8Array;
  root: Uint8Array;
  pool: PoolTx[];
  clock: ClockState;
}

/**
 * evm_snapshot / evm_revert with anvil's semantics: ids count up from 0 and are never reused; reverting
 * rewinds the head, state, pool and clock to the snapshot and drops it and every later snapshot. The
 * rewound blocks are deleted (history is rewritten, as on anvil). Snapshots live in memory only.
 */
export class Snapshots {
  private nextId = 0n;
  private readonly taken = new Map<bigint, Snapshot>();

  constructor(private readonly x: DevnetAccess, private readonly clock: BlockClock) {}

  take(): Promise<bigint> {
    return this.x.exclusive(async () => {
      const head = this.x.head();
      const id = this.nextId++;
      this.taken.set(id, { height: head.block.header.number, hash: head.hash, root: this.x.headStateRoot(), pool: this.x.pool.all(), clock: this.clock.save() });
      return id;
    });
  }

  /** False when the id is unknown (never taken, or already reverted past). */
  revert(id: bigint): Promise<boolean> {
    return this.x.exclusive(async () => {
      const s = this.taken.get(id);
      if (!s) return false;
      for (const k of [...this.taken.keys()]) if (k >= id) this.taken.delete(k);
      const head = this.x.head();
      if (s.height > head.block.header.number) return false;
      await rewindLocked(this.x, s.height, s.root);
      this.x.pool.clear();
      for (const p of s.pool) this.x.pool.restore(p);
      this.clock.restore(s.clock);
      return true;
    });
  }

  clear(): void {
    this.taken.clear();
  }

  /** id → [height, hash] (hardhat_metadata's `snapshots`). */
  list(): [bigint, bigint, Uint8Array][] {
    return [...this.taken.entries()].map(([id, s]) => [id, s.height, s.hash]);
  }
}
