import { describe, expect, it } from 'vitest';
import { KEY, ethAddress, exportTxBytes, importTxBytes, shortAddress } from './atomic.fixtures.js';
import { AtomicMempool } from './mempool.js';
import { parseAtomicTx } from './tx-codec.js';

const owner = shortAddress(KEY);
const utxo = (n: number) => ({ txId: new Uint8Array(32).fill(n), outputIndex: 0, amount: 100_000n, owner });
const importOf = async (n: number, fee: bigint) => parseAtomicTx(await importTxBytes({ utxos: [utxo(n)], to: ethAddress(KEY), fee }));

describe('AtomicMempool', () => {
  it('keeps a tx pending, hands txs to the builder by gas price, and forgets included ones', async () => {
    const pool = new AtomicMempool();
    const cheap = await importOf(1, 10n);
    const rich = await importOf(2, 500n);
    pool.add(cheap, 1n);
    pool.add(rich, 5n);
    expect(pool.hasPending).toBe(true);
    expect(() => pool.add(cheap, 1n)).toThrow(/^already known: tx .* is pending$/);
    expect(pool.beginBuild().map((t) => t.id)).toEqual([rich.id, cheap.id]);
    expect(pool.hasPending).toBe(false);
    expect(pool.get(rich.id)).toEqual({ tx: rich, dropped: false });
    expect(() => pool.add(rich, 5n)).toThrow(/being built into a block/);
    pool.finishBuild([rich]);
    expect(pool.get(rich.id)).toBeUndefined();
    // what the block did not take waits for the next one
    expect(pool.hasPending).toBe(true);
    expect(pool.beginBuild()).toEqual([cheap]);
    pool.cancelBuild();
    expect(pool.has(cheap.id)).toBe(true);
  });

  it('refuses a conflicting tx unless it pays a higher gas price, which evicts the other', async () => {
    const pool = new AtomicMempool();
    const first = await importOf(1, 10n);
    const second = await importOf(1, 20n);
    pool.add(first, 3n);
    expect(() => pool.add(second, 3n)).toThrow(/^conflict present: issued tx \(.*\) gas price 3 <= conflict tx \(.*\) gas price 3 \(1 total conflicts in mempool\)$/);
    pool.add(second, 4n);
    expect(pool.get(first.id)).toEqual({ tx: first, dropped: true });
    expect(pool.beginBuild()).toEqual([second]);
  });

  it('exports from one address and nonce conflict; discarded txs show as dropped', async () => {
    const pool = new AtomicMempool();
    const a = parseAtomicTx(await exportTxBytes({ amount: 10n, fee: 1n, nonce: 0n, to: owner }));
    const b = parseAtomicTx(await exportTxBytes({ amount: 11n, fee: 1n, nonce: 0n, to: owner }));
    pool.add(a, 2n);
    expect(() => pool.add(b, 2n)).toThrow(/^conflict present/);
    pool.beginBuild();
    pool.discard(a.id);
    expect(pool.get(a.id)?.dropped).toBe(true);
    expect(pool.size).toBe(0);
    // a dropped tx may be issued again (its UTXO may have arrived since)
    pool.add(a, 2n);
    expect(pool.get(a.id)?.dropped).toBe(false);
  });

  it('when full, takes a tx only by evicting a cheaper pending one', async () => {
    const pool = new AtomicMempool(1);
    const a = await importOf(1, 10n);
    const b = await importOf(2, 10n);
    pool.add(a, 2n);
    expect(() => pool.add(b, 2n)).toThrow('insufficient fee currentMin=2 provided=2');
    pool.add(b, 3n);
    expect(pool.get(a.id)?.dropped).toBe(true);
    pool.beginBuild();
    expect(() => pool.add(a, 9n)).toThrow('mempool full');
  });
});
