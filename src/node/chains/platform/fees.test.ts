import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../codec/platformvm/test-txs.fixtures.js';
import { advanceFeeState, consumeGas, gasPrice, toGas, txComplexity } from './fees.js';
import { LOCAL_NETWORK_CONFIG } from './config.js';
import { parseSignedTx } from './tx-codec.js';

const ajs = avalanchejs as any;

describe('P-chain dynamic fees', () => {
  it('computes the same complexity as avalanchejs (AvalancheGo complexity.go) for every tx type', () => {
    const txs = fixtures.avalanchejsPTxCatalog().map((t) => t.bytes);
    let checked = 0;
    for (const bytes of txs) {
      const mine = txComplexity(parseSignedTxOrNull(bytes)?.unsigned ?? ({ kind: 'Unsupported', typeId: 0 } as const));
      if (!mine) continue;
      const theirs = ajs.pvm.getTxComplexity(ajs.utils.getManagerForVM('PVM').unpackTransaction(bytes));
      expect(mine).toEqual([theirs[0], theirs[1], theirs[2], theirs[3]]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('prices gas with the fake exponential and moves capacity and excess over time', () => {
    const c = LOCAL_NETWORK_CONFIG.fee;
    expect(gasPrice(1n, 0n, c.excessConversionConstant)).toBe(1n);
    // e^1 ≈ 2.718: at excess = K the price is minPrice × e, truncated.
    expect(gasPrice(1000n, c.excessConversionConstant, c.excessConversionConstant)).toBe(2718n);
    const s = advanceFeeState({ capacity: 0n, excess: 100_000n }, c, 1n);
    expect(s).toEqual({ capacity: 100_000n, excess: 50_000n });
    expect(advanceFeeState(s, c, 100n).capacity).toBe(c.maxCapacity);
    expect(() => consumeGas({ capacity: 10n, excess: 0n }, 11n)).toThrow('insufficient capacity: capacity (10) < gas (11)');
    expect(toGas([1, 1, 1, 1], c.weights)).toBe(2005n);
  });
});

function parseSignedTxOrNull(bytes: Uint8Array) {
  try {
    return parseSignedTx(bytes);
  } catch {
    return null;
  }
}
