import { key, u64Key, utf8 } from '../../storage/kv.js';

/** The store layout EvmKeys describes; a store written before it is moved by `ensureBlockLayout`. */
export const BLOCK_LAYOUT_VERSION = 2;

/**
 * The EVM chain's key layout in the node's store, all under `evm/<blockchainId>/`:
 *   H<u64 number> → block hash               N<hash> → u64 number
 *   b<u64 number><hash> → block RLP           r<u64 number><hash> → receipts
 *   c<u64 number><hash> → the block's callTracer results, recorded as it was built (JSON)
 *   T<tx hash> → tx location    head → head block hash    S<trie key> → state trie nodes and code
 *   layout → the layout version (one byte)
 * A block's records are keyed by number first (as geth keys headers and bodies), so consecutive blocks lie side by
 * side in LevelDB's tables and a client reading the chain in order reads each table's blocks once. Layout 1 keyed
 * them by hash alone (`B`, `R`, `C` + hash): `legacy*` below, read only by the migration.
 */
export class EvmKeys {
  readonly root: Uint8Array;
  readonly state: Uint8Array;
  constructor(blockchainId: Uint8Array) {
    this.root = key(utf8('evm/'), blockchainId, utf8('/'));
    this.state = key(this.root, utf8('S'));
  }
  hashByNumber(n: bigint): Uint8Array { return key(this.root, utf8('H'), u64Key(n)); }
  numberByHash(hash: Uint8Array): Uint8Array { return key(this.root, utf8('N'), hash); }
  block(n: bigint, hash: Uint8Array): Uint8Array { return key(this.root, utf8('b'), u64Key(n), hash); }
  receipts(n: bigint, hash: Uint8Array): Uint8Array { return key(this.root, utf8('r'), u64Key(n), hash); }
  callTraces(n: bigint, hash: Uint8Array): Uint8Array { return key(this.root, utf8('c'), u64Key(n), hash); }
  txLookup(txHash: Uint8Array): Uint8Array { return key(this.root, utf8('T'), txHash); }
  head(): Uint8Array { return key(this.root, utf8('head')); }
  layout(): Uint8Array { return key(this.root, utf8('layout')); }
  /** How far a layout migration has come: the next block number to move (u64). */
  layoutProgress(): Uint8Array { return key(this.root, utf8('layout-progress')); }
  legacyBlock(hash: Uint8Array): Uint8Array { return key(this.root, utf8('B'), hash); }
  legacyReceipts(hash: Uint8Array): Uint8Array { return key(this.root, utf8('R'), hash); }
  legacyCallTraces(hash: Uint8Array): Uint8Array { return key(this.root, utf8('C'), hash); }
}
