import { Account, Address, MapDB, createAddressFromString, hexToBytes, type DB } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { createEvmCommon } from './crypto.js';
import { ContentReads, KeptReadsStateManager } from './kept-reads-state.js';
import { openState } from './state.js';

const common = createEvmCommon(43112n);
const TOKEN = createAddressFromString('0x' + '11'.repeat(20));
const USER = createAddressFromString('0x' + '22'.repeat(20));
const CODE = hexToBytes('0x6001600101');
const slot = (n: number) => { const s = new Uint8Array(32); s[31] = n; return s; };

/** A MapDB that counts reads. */
function countingDb(): { db: DB<string, string | Uint8Array>; reads: () => number } {
  const inner = new MapDB<string, string | Uint8Array>();
  let reads = 0;
  const db = Object.assign(Object.create(inner) as typeof inner, {
    async get(k: string) { reads++; return inner.get(k); },
    shallowCopy() { return db; },
  });
  return { db, reads: () => reads };
}

/** A committed state with a contract (code and two slots) and an EOA; returns its root. */
async function seed(db: DB<string, string | Uint8Array>): Promise<Uint8Array> {
  const s = openState(db, undefined, common);
  await s.checkpoint();
  await s.putAccount(TOKEN, new Account(1n, 0n));
  await s.putCode(TOKEN, CODE);
  await s.putStorage(TOKEN, slot(1), hexToBytes('0x2a'));
  await s.putStorage(TOKEN, slot(2), hexToBytes('0x07'));
  await s.putAccount(USER, new Account(5n, 10n ** 18n));
  await s.commit();
  return s.getStateRoot();
}

/** What one eth_call-like round does: reads inside a checkpoint, then a revert. */
async function round(state: KeptReadsStateManager, body?: (s: KeptReadsStateManager) => Promise<void>) {
  await state.checkpoint();
  try {
    const out = {
      user: (await state.getAccount(USER))?.balance,
      code: await state.getCode(TOKEN),
      one: await state.getStorage(TOKEN, slot(1)),
      two: await state.getStorage(TOKEN, slot(2)),
      missing: await state.getAccount(new Address(new Uint8Array(20).fill(0x33))),
    };
    await body?.(state);
    return out;
  } finally {
    await state.revert();
  }
}

describe('KeptReadsStateManager', () => {
  it('answers the reads of later checkpoints without reading the trie again', async () => {
    const { db, reads } = countingDb();
    const root = await seed(db);
    const state = new KeptReadsStateManager(db, root, common, new ContentReads());
    const first = await round(state);
    expect(first).toEqual({ user: 10n ** 18n, code: CODE, one: hexToBytes('0x2a'), two: hexToBytes('0x07'), missing: undefined });
    const after = reads();
    expect(after).toBeGreaterThan(0);
    expect(await round(state)).toEqual(first);
    expect(reads()).toBe(after);
  });

  it('keeps writes inside a checkpoint and drops them with the revert', async () => {
    const { db } = countingDb();
    const root = await seed(db);
    const state = new KeptReadsStateManager(db, root, common, new ContentReads());
    await round(state);
    await round(state, async (s) => {
      await s.putStorage(TOKEN, slot(1), hexToBytes('0x63'));
      await s.modifyAccountFields(USER, { balance: 1n });
      expect(await s.getStorage(TOKEN, slot(1))).toEqual(hexToBytes('0x63'));
      expect((await s.getAccount(USER))?.balance).toBe(1n);
      await s.clearStorage(TOKEN);
      expect(await s.getStorage(TOKEN, slot(2))).toEqual(new Uint8Array());
    });
    const again = await round(state);
    expect(again.one).toEqual(hexToBytes('0x2a'));
    expect(again.two).toEqual(hexToBytes('0x07'));
    expect(again.user).toBe(10n ** 18n);
    expect(await state.getStateRoot()).toEqual(root);
  });

  it('shares slots and code between views through their content keys', async () => {
    const { db, reads } = countingDb();
    const root = await seed(db);
    const content = new ContentReads();
    await round(new KeptReadsStateManager(db, root, common, content));
    // a second view sharing the content reads the accounts from the trie again, but no storage or code
    let start = reads();
    await round(new KeptReadsStateManager(db, root, common, content));
    const sharing = reads() - start;
    start = reads();
    await round(new KeptReadsStateManager(db, root, common, new ContentReads()));
    expect(sharing).toBeGreaterThan(0);
    expect(sharing).toBeLessThan(reads() - start);
  });

  it('forgets its accounts when the root changes', async () => {
    const { db } = countingDb();
    const root = await seed(db);
    const s = openState(db, root, common);
    await s.checkpoint();
    await s.modifyAccountFields(USER, { balance: 3n });
    await s.commit();
    const later = await s.getStateRoot();
    const state = new KeptReadsStateManager(db, root, common, new ContentReads());
    expect((await round(state)).user).toBe(10n ** 18n);
    await state.setStateRoot(later);
    expect((await round(state)).user).toBe(3n);
  });
});
