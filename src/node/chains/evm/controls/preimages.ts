import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { Address } from '@ethereumjs/util';
import { keccak256 } from '../crypto.js';
import type { TrieDb } from '../trie-db.js';

/**
 * The state trie keys accounts and slots by their keccak hash; anvil_dumpState needs them back. Every
 * address and slot the building state writes is recorded as trie-db key `70 ‖ hash` → preimage ('p'; trie
 * nodes are 32-byte keys and code is `63 ‖ hash`), so the preimages travel in the same atomic batch as
 * the block or edit that wrote them.
 */
const PREFIX = '70';
/** Recently recorded preimages (latin1 of the bytes), to skip re-hashing hot addresses and slots. */
const SEEN_MAX = 100_000;

export function recordPreimages(state: MerkleStateManager, trieDb: TrieDb): void {
  const seen = new Set<string>();
  const note = (b: Uint8Array): void => {
    const k = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
    if (seen.has(k)) return;
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.add(k);
    void trieDb.put(PREFIX + Buffer.from(keccak256(b)).toString('hex'), Uint8Array.from(b));
  };
  const putAccount = state.putAccount.bind(state);
  const putStorage = state.putStorage.bind(state);
  const putCode = state.putCode.bind(state);
  state.putAccount = (address: Address, account) => { note(address.bytes); return putAccount(address, account); };
  state.putStorage = (address: Address, slot: Uint8Array, value: Uint8Array) => { note(address.bytes); note(slot); return putStorage(address, slot, value); };
  state.putCode = (address: Address, code: Uint8Array) => { note(address.bytes); return putCode(address, code); };
}

/** The recorded preimage of a hashed trie key, if any. */
export async function preimageOf(trieDb: TrieDb, hashed: Uint8Array): Promise<Uint8Array | undefined> {
  const v = await trieDb.get(PREFIX + Buffer.from(hashed).toString('hex'));
  return v === undefined ? undefined : typeof v === 'string' ? new Uint8Array(Buffer.from(v, 'hex')) : v;
}
