import type { Common } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import { ValueEncoding, type DB } from '@ethereumjs/util';

function accountTrie(db: DB<string, string | Uint8Array>, root: Uint8Array | undefined, common: Common): MerklePatriciaTrie {
  return new MerklePatriciaTrie({ db, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, common, ...(root ? { root } : {}) });
}

/** A state manager over `db` at `root`, with ethereumjs' account/storage/code caches (stack.md §2.4). */
export function openState(db: DB<string, string | Uint8Array>, root: Uint8Array | undefined, common: Common): MerkleStateManager {
  return new MerkleStateManager({ trie: accountTrie(db, root, common), common, caches: new Caches() });
}

/**
 * A state manager that only reads, without caches: for a reader that keeps what it read itself (CallState),
 * where ethereumjs' caches would hold a second copy of every read for as long as the reader lives.
 */
export function openReadState(db: DB<string, string | Uint8Array>, root: Uint8Array, common: Common): MerkleStateManager {
  return new MerkleStateManager({ trie: accountTrie(db, root, common), common });
}
