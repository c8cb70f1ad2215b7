import type { Common } from '@ethereumjs/common';
import { MerkleStateManager } from '@ethereumjs/statemanager';
import { type Address, type DB, createAccountFromRLP } from '@ethereumjs/util';
import { stateOptions } from './state.js';
import { hexOf } from '../../../lib/hex.js';

/** Entries each map of kept reads holds before it starts over. */
const MAX_KEPT = 50_000;

function keep<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
}

/**
 * Trie reads that hold whatever the state: a slot under a storage root and the code under a code hash never
 * change, so one store serves every state view of a chain.
 */
export class ContentReads {
  readonly slots = new Map<string, Uint8Array>();
  readonly codes = new Map<string, Uint8Array>();
}

/**
 * A state manager over one fixed root whose reads outlive checkpoints. eth_call runs each call inside a
 * checkpoint it reverts, and ethereumjs' revert drops the cache entries made inside it, reads included, and
 * the storage tries: every call walked the trie again for the same accounts, slots and code. Reads its caches
 * miss are kept here (accounts for this root, slots and code in `content`) and put back into the caches as
 * ethereumjs' own reads would, so writes, checkpoints and reverts behave as before.
 */
export class KeptReadsStateManager extends MerkleStateManager {
  private readonly accounts = new Map<string, Uint8Array | null>();

  constructor(db: DB<string, string | Uint8Array>, root: Uint8Array, common: Common, private readonly content: ContentReads) {
    super(stateOptions(db, root, common));
  }

  override async setStateRoot(root: Uint8Array, clearCache?: boolean): Promise<void> {
    this.accounts.clear();
    await super.setStateRoot(root, clearCache);
  }

  override async getAccount(address: Address) {
    const caches = this._caches!;
    if (caches.account!.get(address) !== undefined) return super.getAccount(address);
    const key = hexOf(address.bytes);
    const kept = this.accounts.get(key);
    if (kept === undefined) {
      const account = await super.getAccount(address);
      keep(this.accounts, key, account ? account.serialize() : null);
      return account;
    }
    const account = kept === null ? undefined : createAccountFromRLP(kept);
    caches.account!.put(address, account);
    return account;
  }

  override async getStorage(address: Address, slot: Uint8Array): Promise<Uint8Array> {
    const caches = this._caches!;
    if (slot.length !== 32 || caches.storage!.get(address, slot) !== undefined) return super.getStorage(address, slot);
    const account = await this.getAccount(address);
    if (!account) return new Uint8Array();
    const key = hexOf(account.storageRoot) + hexOf(slot);
    const kept = this.content.slots.get(key);
    if (kept === undefined) {
      const value = await super.getStorage(address, slot);
      const raw = caches.storage!.get(address, slot);
      if (raw !== undefined) keep(this.content.slots, key, raw);
      return value;
    }
    caches.storage!.put(address, slot, kept);
    return super.getStorage(address, slot);
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const caches = this._caches!;
    if (caches.code!.get(address) !== undefined) return super.getCode(address);
    const account = await this.getAccount(address);
    if (!account?.isContract()) return new Uint8Array(0);
    const key = hexOf(account.codeHash);
    const kept = this.content.codes.get(key);
    if (kept === undefined) {
      const code = await super.getCode(address);
      keep(this.content.codes, key, code);
      return code;
    }
    caches.code!.put(address, kept);
    return kept;
  }
}
