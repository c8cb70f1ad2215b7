import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { VM } from '@ethereumjs/vm';
import { bytesToHex } from '../../../../lib/hex.js';
import type { ScratchDb } from '../trie-db.js';

/** A state after a block, replayed in memory and checked against the block's state root. */
export interface ReplayedState {
  vm: VM;
  state: MerkleStateManager;
  scratch: ScratchDb;
}

/** Trie nodes a kept state may hold in memory before the next trace reopens the state from the store. */
const MAX_SCRATCH_NODES = 100_000;
/** States kept at once: one per run of consecutive blocks being traced (an indexer's concurrent ranges). */
const MAX_KEPT = 4;

/**
 * Post-states of traced blocks, so that tracing the next block starts from memory: opening a block's parent
 * state from the trie costs a cold read per account touched, which was most of a block's trace. A state is
 * offered only after its root matched the block's header, so a kept state is the block's state exactly
 * (blocks whose state changes the replay does not make, such as atomic txs, are never kept).
 * A trace of block n+1 that arrives while block n is still being replayed waits for it.
 */
export class ReplayStates {
  private readonly kept = new Map<string, Promise<ReplayedState | undefined>>();

  /** The state after the block `hash`, removed from the store (a state is replayed on once); undefined if none. */
  take(hash: Uint8Array): Promise<ReplayedState | undefined> | undefined {
    const key = bytesToHex(hash);
    const kept = this.kept.get(key);
    if (kept) this.kept.delete(key);
    return kept;
  }

  /** Announces the state after block `hash`; call the returned function with it once replayed (or undefined). */
  promise(hash: Uint8Array): (state: ReplayedState | undefined) => void {
    let settle!: (state: ReplayedState | undefined) => void;
    const key = bytesToHex(hash);
    this.kept.delete(key);
    this.kept.set(key, new Promise((resolve) => { settle = resolve; }));
    while (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return (state) => settle(state && state.scratch.size <= MAX_SCRATCH_NODES ? state : undefined);
  }
}
