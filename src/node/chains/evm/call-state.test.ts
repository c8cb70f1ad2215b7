import type { StateManagerInterface } from '@ethereumjs/common';
import { Account, Address, KECCAK256_RLP, MapDB, bytesToHex, hexToBytes, type DB } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { CallState, ContentReads } from './call-state.js';
import { createEvmCommon } from './crypto.js';
import { openReadState, openState } from './state.js';

const common = createEvmCommon(43112n);
const addr = (n: number) => new Address(new Uint8Array(20).fill(n));
/** Accounts the base holds (1: a contract with code and slots, 2: an EOA) and ones it does not (3, 4). */
const ADDRESSES = [1, 2, 3, 4].map(addr);
const slot = (n: number) => { const s = new Uint8Array(32); s[31] = n; return s; };
const SLOTS = [1, 2, 3].map(slot);

async function seed(db: DB<string, string | Uint8Array>): Promise<Uint8Array> {
  const s = openState(db, undefined, common);
  await s.checkpoint();
  await s.putAccount(addr(1), new Account(1n, 5n));
  await s.putCode(addr(1), hexToBytes('0x6001600101'));
  await s.putStorage(addr(1), slot(1), hexToBytes('0x2a'));
  await s.putStorage(addr(1), slot(2), hexToBytes('0x0007'));
  await s.putAccount(addr(2), new Account(5n, 10n ** 18n));
  await s.commit();
  return s.getStateRoot();
}

/**
 * Everything the EVM can see of the state, as plain values. An account's storage root is left out: the
 * reference recomputes it on every storage write, a CallState only empties it on clearStorage (see its doc).
 */
async function snapshot(s: StateManagerInterface): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const a of ADDRESSES) {
    const acc = await s.getAccount(a);
    out.push(acc ? [acc.nonce, acc.balance, bytesToHex(acc.codeHash)] : null);
    out.push(bytesToHex(await s.getCode(a)), await s.getCodeSize(a));
    for (const k of SLOTS) {
      out.push(acc ? bytesToHex(await s.getStorage(a, k)) : null);
      if (acc) out.push(bytesToHex(await s.originalStorageCache.get(a, k)));
    }
  }
  return out;
}

/** A small deterministic generator (xorshift), so a failing sequence can be replayed. */
function rng(seed: number) {
  let x = seed || 1;
  return (n: number) => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return Math.abs(x) % n; };
}

type Op = (s: StateManagerInterface) => Promise<void>;

function randomOp(r: (n: number) => number, depth: number): { name: string; op: Op; depth: number } {
  const a = ADDRESSES[r(ADDRESSES.length)]!;
  const k = SLOTS[r(SLOTS.length)]!;
  const v = new Uint8Array(r(3) === 0 ? 0 : 1 + r(3)).map(() => r(256));
  switch (r(9)) {
    case 0: return { name: `checkpoint`, op: (s) => s.checkpoint(), depth: depth + 1 };
    case 1: return depth > 1 ? { name: 'commit', op: (s) => s.commit(), depth: depth - 1 } : { name: 'checkpoint', op: (s) => s.checkpoint(), depth: depth + 1 };
    case 2: return depth > 1 ? { name: 'revert', op: (s) => s.revert(), depth: depth - 1 } : { name: 'checkpoint', op: (s) => s.checkpoint(), depth: depth + 1 };
    case 3: {
      const nonce = BigInt(r(4));
      const balance = BigInt(r(1000));
      return { name: `putAccount ${a} ${nonce} ${balance}`, op: async (s) => {
        const acc = (await s.getAccount(a)) ?? new Account();
        acc.nonce = nonce;
        acc.balance = balance;
        await s.putAccount(a, acc);
      }, depth };
    }
    case 4: return { name: `deleteAccount ${a}`, op: async (s) => {
      await s.deleteAccount(a);
      // MerkleStateManager keeps the account's storage trie object after the delete, so an account created
      // again at the address reads its old slots; geth (and CallState) give it empty storage.
      if (!(s instanceof CallState)) (s as unknown as { _storageTries: object })._storageTries = {};
    }, depth };
    case 5: return { name: `putStorage ${a} ${bytesToHex(k)} ${bytesToHex(v)}`, op: async (s) => {
      if (await s.getAccount(a)) await s.putStorage(a, k, v);
    }, depth };
    case 6: return { name: `clearStorage ${a}`, op: (s) => s.clearStorage(a), depth };
    case 7: return { name: `putCode ${a} ${bytesToHex(v)}`, op: (s) => s.putCode(a, v), depth };
    default: {
      const balance = BigInt(r(50));
      return { name: `modifyAccountFields ${a} ${balance}`, op: (s) => s.modifyAccountFields(a, { balance }), depth };
    }
  }
}

describe('CallState', () => {
  it('reads and writes as a MerkleStateManager over the same root does, through checkpoints, commits and reverts', async () => {
    const db = new MapDB<string, string | Uint8Array>();
    const root = await seed(db);
    for (let run = 1; run <= 60; run++) {
      const r = rng(run * 7919);
      const reference = openState(db.shallowCopy(), root, common);
      const state = new CallState(openState(db.shallowCopy(), root, common));
      const steps: string[] = [];
      // Both work inside an outer checkpoint, as in runCall: MerkleStateManager does not journal writes made
      // outside one (storage tries are not checkpointed), so the generator commits and reverts only inner ones.
      await reference.checkpoint();
      await state.checkpoint();
      let depth = 1;
      for (let i = 0; i < 40; i++) {
        const next = randomOp(r, depth);
        steps.push(next.name);
        await next.op(reference);
        await next.op(state);
        depth = next.depth;
        expect(await snapshot(state), `run ${run}: ${steps.join('; ')}`).toEqual(await snapshot(reference));
      }
      while (depth-- > 0) { await reference.revert(); await state.revert(); }
      expect(await snapshot(state)).toEqual(await snapshot(reference));
      expect(await snapshot(state)).toEqual(await snapshot(openState(db.shallowCopy(), root, common)));
    }
  });

  it('reverting its outer checkpoint leaves the base as it was; reset drops writes made without one', async () => {
    const db = new MapDB<string, string | Uint8Array>();
    const root = await seed(db);
    const base = openState(db, root, common);
    const state = new CallState(base);
    const before = await snapshot(state);
    await state.checkpoint();
    await state.putStorage(addr(1), slot(1), hexToBytes('0x01'));
    await state.deleteAccount(addr(2));
    await state.putCode(addr(3), hexToBytes('0x00'));
    expect(await snapshot(state)).not.toEqual(before);
    await state.revert();
    expect(await snapshot(state)).toEqual(before);
    expect(await snapshot(base)).toEqual(before);
    expect(await state.getStateRoot()).toEqual(root);

    await state.checkpoint();
    await state.putStorage(addr(1), slot(3), hexToBytes('0x05'));
    expect((await state.getAccount(addr(1)))!.storageRoot).toEqual((await base.getAccount(addr(1)))!.storageRoot);
    await state.clearStorage(addr(1));
    expect(bytesToHex((await state.getAccount(addr(1)))!.storageRoot)).toBe(bytesToHex(KECCAK256_RLP));
    expect(bytesToHex(await state.getStorage(addr(1), slot(1)))).toBe('0x');
    await state.revert();

    await state.putAccount(addr(4), new Account(1n, 1n));
    expect(await state.getAccount(addr(4))).toBeDefined();
    await expect(state.getStateRoot()).rejects.toThrow(/no state root/);
    state.reset();
    expect(await state.getAccount(addr(4))).toBeUndefined();
    expect(await state.getStateRoot()).toEqual(root);
  });

  it('hands out copies: changing an account read from it changes nothing until it is put back', async () => {
    const db = new MapDB<string, string | Uint8Array>();
    const state = new CallState(openState(db, await seed(db), common));
    const a = (await state.getAccount(addr(2)))!;
    a.balance = 1n;
    expect((await state.getAccount(addr(2)))!.balance).toBe(10n ** 18n);
    const put = new Account(0n, 3n);
    await state.putAccount(addr(3), put);
    put.balance = 4n;
    expect((await state.getAccount(addr(3)))!.balance).toBe(3n);
  });

  it('reads each account, slot and code from the trie once, and shares slots and code with the next head', async () => {
    const inner = new MapDB<string, string | Uint8Array>();
    let reads = 0;
    const db = Object.assign(Object.create(inner) as typeof inner, {
      async get(k: string) { reads++; return inner.get(k); },
      shallowCopy() { return db; },
    });
    const root = await seed(db);
    const content = new ContentReads();
    const state = new CallState(openReadState(db, root, common), content);
    const first = await snapshot(state);
    const once = reads;
    expect(once).toBeGreaterThan(0);
    state.reset();
    expect(await snapshot(state)).toEqual(first);
    expect(reads).toBe(once);

    // the next head's call state reads the accounts again, but no storage or code
    reads = 0;
    expect(await snapshot(new CallState(openReadState(db, root, common), content))).toEqual(first);
    const sharing = reads;
    reads = 0;
    await snapshot(new CallState(openReadState(db, root, common)));
    expect(sharing).toBeGreaterThan(0);
    expect(sharing).toBeLessThan(reads);
  });

  it('rejects what MerkleStateManager rejects', async () => {
    const db = new MapDB<string, string | Uint8Array>();
    const state = new CallState(openState(db, await seed(db), common));
    await expect(state.getStorage(addr(1), new Uint8Array(31))).rejects.toThrow(/32 bytes/);
    await expect(state.putStorage(addr(1), slot(1), new Uint8Array(33))).rejects.toThrow(/longer than 32/);
    await expect(state.putStorage(addr(3), slot(1), hexToBytes('0x01'))).rejects.toThrow(/non-existing account/);
    await expect(state.commit()).rejects.toThrow(/without a checkpoint/);
  });
});
