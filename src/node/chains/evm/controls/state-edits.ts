import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account, Address } from '@ethereumjs/util';
import type { DevnetAccess } from './access.js';
import { headRootOp } from './head-root.js';

/**
 * Changes the head's state at once, without mining (anvil_setBalance and friends): the edit is applied to
 * the building state, its trie nodes and the head's new effective root are written in one atomic batch,
 * and `eth_get*` at latest sees it. The next block is built on top of it.
 */
export function editHeadState(x: DevnetAccess, edit: (state: MerkleStateManager) => Promise<void>): Promise<void> {
  return x.exclusive(async () => {
    const head = x.head();
    const before = x.headStateRoot();
    let root: Uint8Array;
    try {
      await edit(x.state);
      root = await x.state.getStateRoot();
    } catch (e) {
      await x.state.setStateRoot(before);
      throw e;
    }
    const trie = x.trieDb.drain();
    try {
      await x.db.batch([...trie.ops, headRootOp(x.keys, head.hash, root)]);
    } catch (e) {
      await x.state.setStateRoot(before);
      throw e;
    }
    x.trieDb.forget(trie.keys);
    await x.setHead(head, root);
  });
}

async function accountOf(state: MerkleStateManager, address: Address): Promise<Account> {
  return (await state.getAccount(address)) ?? new Account();
}

export async function putBalance(state: MerkleStateManager, address: Uint8Array, balance: bigint): Promise<void> {
  const a = new Address(address);
  const acct = await accountOf(state, a);
  acct.balance = balance;
  await state.putAccount(a, acct);
}

export async function putNonce(state: MerkleStateManager, address: Uint8Array, nonce: bigint): Promise<void> {
  const a = new Address(address);
  const acct = await accountOf(state, a);
  acct.nonce = nonce;
  await state.putAccount(a, acct);
}

export async function putCode(state: MerkleStateManager, address: Uint8Array, code: Uint8Array): Promise<void> {
  const a = new Address(address);
  if (!(await state.getAccount(a))) await state.putAccount(a, new Account());
  await state.putCode(a, code);
}

/** One storage slot (32-byte key and value); a zero value clears it. */
export async function putSlot(state: MerkleStateManager, address: Uint8Array, slot: Uint8Array, value: Uint8Array): Promise<void> {
  const a = new Address(address);
  if (!(await state.getAccount(a))) await state.putAccount(a, new Account());
  await state.putStorage(a, slot, value);
}
