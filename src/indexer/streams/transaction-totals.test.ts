import { describe, expect, it } from 'vitest';
import { BlockTransactionTotals, HourlyTransactionTotals } from './transaction-totals.js';

const tx = (block: number, ts: number, gasUsed: bigint, price: bigint) => ({ blockNumber: BigInt(block), blockTimestamp: BigInt(ts), gasUsed, effectiveGasPrice: price });

describe('BlockTransactionTotals', () => {
  it('sums each block and folds the blocks of a range into their hours, exactly past 2^64', () => {
    const totals = new BlockTransactionTotals();
    const big = 10n ** 30n;
    totals.add([tx(10, 3599, 21_000n, 5n), tx(10, 3599, 30_000n, 9n)]);
    // a block split between two adds (two parts of one range) continues its entry
    totals.add([tx(10, 3599, 1n, 2n), tx(11, 3600, 40_000n, big), tx(12, 7199, 1_000n, 3n)]);
    totals.add([tx(14, 7200, 7n, 1n)]);

    const all = new HourlyTransactionTotals();
    totals.collect(10n, 14n, all);
    expect(all.list()).toEqual([
      { hour: 0, txs: 3, gasUsed: 51_001n, fees: 21_000n * 5n + 30_000n * 9n + 2n, priceSum: 16n, priceMax: 9n },
      { hour: 3600, txs: 2, gasUsed: 41_000n, fees: 40_000n * big + 3_000n, priceSum: big + 3n, priceMax: big },
      { hour: 7200, txs: 1, gasUsed: 7n, fees: 7n, priceSum: 1n, priceMax: 1n },
    ]);

    const part = new HourlyTransactionTotals();
    totals.collect(12n, 13n, part);
    expect(part.list()).toEqual([{ hour: 3600, txs: 1, gasUsed: 1_000n, fees: 3_000n, priceSum: 3n, priceMax: 3n }]);
  });

  it('adds hours met again from another chunk to what they hold', () => {
    const a = new BlockTransactionTotals();
    const b = new BlockTransactionTotals();
    a.add([tx(1, 100, 10n, 4n)]);
    b.add([tx(2, 200, 20n, 3n)]);
    const into = new HourlyTransactionTotals();
    a.collect(1n, 2n, into);
    b.collect(1n, 2n, into);
    expect(into.list()).toEqual([{ hour: 0, txs: 2, gasUsed: 30n, fees: 100n, priceSum: 7n, priceMax: 4n }]);
  });
});
