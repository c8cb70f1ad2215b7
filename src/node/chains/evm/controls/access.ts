import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { KvOp, KvStore } from '../../../storage/kv.js';
import type { EvmLog } from '../acceptor.js';
import type { BlockStore, StoredBlock } from '../block-store.js';
import type { EvmKeys } from '../keys.js';
import type { TrieDb } from '../trie-db.js';
import type { PoolTx, TxPool } from '../tx-pool.js';

/**
 * What the devnet controls reach inside an EvmChain (handed out by `EvmChain.devnetAccess()`). Everything
 * that changes the head, its state or the pool runs inside `exclusive`, the block-building lock.
 */
export interface DevnetAccess {
  db: KvStore;
  keys: EvmKeys;
  /** The block-building state manager, positioned at `headStateRoot()`. */
  state: MerkleStateManager;
  trieDb: TrieDb;
  blocks: BlockStore;
  pool: TxPool;
  log: EvmLog;
  genesisJson: string;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  head(): StoredBlock;
  /** The head's state root: its header's, or the one devnet state edits left on top of it. */
  headStateRoot(): Uint8Array;
  /** Moves the head (in memory; the caller has made it durable) and the building state to `root`. */
  setHead(head: StoredBlock, root: Uint8Array): Promise<void>;
  /** Adds a validated tx to the pool and tells pending-tx listeners. Throws the pool's error. */
  addToPool(entry: Omit<PoolTx, 'seq'>): PoolTx;
  /** Mines what the pool holds now if automine is on (resolves once the block is accepted). */
  automine(): Promise<void>;
  /**
   * Writes `vmOps` while dropping every block above `height` from the consensus engine and its sinks, in
   * one atomic batch (or alone when the chain runs without an engine, as in unit tests).
   */
  rewindAccepted(height: bigint, innerId: Uint8Array, vmOps: KvOp[]): Promise<void>;
  /** Tells rewind listeners (filters, subscriptions, caches) that blocks above `height` are gone. */
  notifyRewind(height: bigint): void;
}
