import { key, numberedKey, utf8 } from '../../storage/kv.js';

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
  // each kind's prefix, made once: a node serving blocks builds several keys a block
  private readonly hashes: Uint8Array;
  private readonly numbers: Uint8Array;
  private readonly blocks: Uint8Array;
  private readonly receiptLists: Uint8Array;
  private readonly traces: Uint8Array;
  private readonly txLookups: Uint8Array;
  constructor(blockchainId: Uint8Array) {
    this.root = key(utf8('evm/'), blockchainId, utf8('/'));
    this.state = key(this.root, utf8('S'));
    const kind = (c: string) => key(this.root, utf8(c));
    [this.hashes, this.numbers, this.blocks, this.receiptLists, this.traces, this.txLookups] = ['H', 'N', 'b', 'r', 'c', 'T'].map(kind) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  }
  hashByNumber(n: bigint): Uint8Array { return numberedKey(this.hashes, n); }
  numberByHash(hash: Uint8Array): Uint8Array { return key(this.numbers, hash); }
  block(n: bigint, hash: Uint8Array): Uint8Array { return numberedKey(this.blocks, n, hash); }
  receipts(n: bigint, hash: Uint8Array): Uint8Array { return numberedKey(this.receiptLists, n, hash); }
  callTraces(n: bigint, hash: Uint8Array): Uint8Array { return numberedKey(this.traces, n, hash); }
  txLookup(txHash: Uint8Array): Uint8Array { return key(this.txLookups, txHash); }
  head(): Uint8Array { return key(this.root, utf8('head')); }
  layout(): Uint8Array { return key(this.root, utf8('layout')); }
  /** How far a layout migration has come: the next block number to move (u64). */
  layoutProgress(): Uint8Array { return key(this.root, utf8('layout-progress')); }
  legacyBlock(hash: Uint8Array): Uint8Array { return key(this.root, utf8('B'), hash); }
  legacyReceipts(hash: Uint8Array): Uint8Array { return key(this.root, utf8('R'), hash); }
  legacyCallTraces(hash: Uint8Array): Uint8Array { return key(this.root, utf8('C'), hash); }
}
