import type { Common } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import { ValueEncoding, type DB } from '@ethereumjs/util';

/** A state manager over `db` at `root`, with ethereumjs' account/storage/code caches (stack.md §2.4). */
export function openState(db: DB<string, string | Uint8Array>, root: Uint8Array | undefined, common: Common): MerkleStateManager {
  const trie = new MerklePatriciaTrie({ db, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, common, ...(root ? { root } : {}) });
  return new MerkleStateManager({ trie, common, caches: new Caches() });
}
