import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../../storage/kv.js';
import { SharedMemory } from './shared-memory.js';

const X = new Uint8Array(32).fill(1);
const P = new Uint8Array(32).fill(2);
const addr = (n: number) => new Uint8Array(20).fill(n);
const k = (n: number) => new Uint8Array(32).fill(n);
const v = (n: number) => new Uint8Array([n, n, n]);

describe('SharedMemory', () => {
  it('moves an export from one chain to the other and lets it be consumed once', async () => {
    const db = openMemoryStore();
    const sm = new SharedMemory(db);
    // X exports two UTXOs to P.
    await db.batch(await sm.applyOps(X, new Map([['P', { peer: P, removes: [], puts: [{ key: k(7), value: v(7), traits: [addr(1)] }, { key: k(8), value: v(8), traits: [addr(1), addr(2)] }] }]])));
    expect(await sm.get(P, X, [k(7)])).toEqual([v(7)]);
    await expect(sm.get(X, P, [k(7)])).rejects.toThrow('not found'); // direction matters
    const byAddr1 = await sm.indexed(P, X, [addr(1)], 10);
    expect(byAddr1.values).toEqual([v(7), v(8)]);
    expect((await sm.indexed(P, X, [addr(2)], 10)).values).toEqual([v(8)]);
    // paging: one at a time
    const page1 = await sm.indexed(P, X, [addr(1)], 1);
    expect(page1.values).toEqual([v(7)]);
    const page2 = await sm.indexed(P, X, [addr(1)], 1, { trait: page1.lastTrait!, key: page1.lastKey! });
    expect(page2.values).toEqual([v(8)]);
    // P imports k(8): gone for every owner.
    await db.batch(await sm.applyOps(P, new Map([['X', { peer: X, removes: [k(8)], puts: [] }]])));
    expect(await sm.has(P, X, [k(7), k(8)])).toEqual([true, false]);
    expect((await sm.indexed(P, X, [addr(2)], 10)).values).toEqual([]);
    expect((await sm.indexed(P, X, [addr(1), addr(2)], 10)).values).toEqual([v(7)]);
  });
});
