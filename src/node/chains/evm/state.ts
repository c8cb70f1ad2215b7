import type { Common } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import { ValueEncoding, type DB } from '@ethereumjs/util';

/** What a state manager over `db` at `root` is built from: the account trie and ethereumjs' account/storage/code caches (stack.md §2.4). */
export function stateOptions(db: DB<string, string | Uint8Array>, root: Uint8Array | undefined, common: Common) {
  const trie = new MerklePatriciaTrie({ db, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, common, ...(root ? { root } : {}) });
  return { trie, common, caches: new Caches() };
}

/** A state manager over `db` at `root`. */
export function openState(db: DB<string, string | Uint8Array>, root: Uint8Array | undefined, common: Common): MerkleStateManager {
  return new MerkleStateManager(stateOptions(db, root, common));
}
