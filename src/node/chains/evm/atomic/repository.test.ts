import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../../../storage/kv.js';
import { C_CHAIN, exportTxBytes } from './atomic.fixtures.js';
import { AtomicRepository } from './repository.js';
import { parseAtomicTx } from './tx-codec.js';

describe('AtomicRepository', () => {
  it('records accepted txs by id and by height, and forgets them for a rewind', async () => {
    const db = openMemoryStore();
    const repo = new AtomicRepository(db, C_CHAIN);
    const a = parseAtomicTx(await exportTxBytes({ amount: 10n, fee: 1n, nonce: 0n, to: new Uint8Array(20).fill(1) }));
    const b = parseAtomicTx(await exportTxBytes({ amount: 10n, fee: 1n, nonce: 1n, to: new Uint8Array(20).fill(1) }));
    const c = parseAtomicTx(await exportTxBytes({ amount: 10n, fee: 1n, nonce: 2n, to: new Uint8Array(20).fill(1) }));
    expect(repo.acceptOps(3n, [])).toEqual([]);
    await db.batch([...repo.acceptOps(4n, [a, b]), ...repo.acceptOps(300n, [c]), ...repo.consumedOps([{ id: c.id, utxos: [new Uint8Array([1, 2]), new Uint8Array([3])] }])]);
    expect(await repo.get(a.id)).toEqual({ height: 4n, bytes: a.bytes });
    expect(await repo.get(c.id)).toEqual({ height: 300n, bytes: c.bytes });
    expect(await repo.consumed(c.id)).toEqual([new Uint8Array([1, 2]), new Uint8Array([3])]);
    expect(await repo.consumed(a.id)).toEqual([]);
    expect(await repo.above(3n)).toEqual([{ height: 300n, ids: [c.id] }, { height: 4n, ids: [a.id, b.id] }]);
    expect(await repo.above(4n)).toEqual([{ height: 300n, ids: [c.id] }]);
    await db.batch(repo.forgetOps(300n, [c.id]));
    expect(await repo.get(c.id)).toBeUndefined();
    expect(await repo.consumed(c.id)).toEqual([]);
    expect(await repo.above(4n)).toEqual([]);
    // another chain's repository is separate
    expect(await new AtomicRepository(db, new Uint8Array(32).fill(9)).get(a.id)).toBeUndefined();
  });
});
