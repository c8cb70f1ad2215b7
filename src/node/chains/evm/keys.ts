import { key, u64Key, utf8 } from '../../storage/kv.js';

/**
 * The EVM chain's key layout in the node's store, all under `evm/<blockchainId>/`:
 *   H<u64 number> → block hash        B<hash> → block RLP         R<hash> → receipts
 *   T<tx hash>   → tx location        head → head block hash     S<trie key> → state trie nodes and code
 *   C<hash>      → the block's callTracer results, recorded as it was built (JSON)
 */
export class EvmKeys {
  readonly root: Uint8Array;
  readonly state: Uint8Array;
  constructor(blockchainId: Uint8Array) {
    this.root = key(utf8('evm/'), blockchainId, utf8('/'));
    this.state = key(this.root, utf8('S'));
  }
  hashByNumber(n: bigint): Uint8Array { return key(this.root, utf8('H'), u64Key(n)); }
  block(hash: Uint8Array): Uint8Array { return key(this.root, utf8('B'), hash); }
  receipts(hash: Uint8Array): Uint8Array { return key(this.root, utf8('R'), hash); }
  txLookup(txHash: Uint8Array): Uint8Array { return key(this.root, utf8('T'), txHash); }
  callTraces(hash: Uint8Array): Uint8Array { return key(this.root, utf8('C'), hash); }
  head(): Uint8Array { return key(this.root, utf8('head')); }
}
