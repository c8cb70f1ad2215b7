import { describe, expect, it } from 'vitest';
import type { CorethHeader } from '../evm/coreth-header.js';
import { DEFAULT_FEE_CONFIG } from './fee-config.js';
import { childBaseFee, childWindow, emptyWindow, parseWindow, windowBytes } from './fee-window.js';

const GWEI = 1_000_000_000n;

function parent(over: Partial<CorethHeader> & { window?: bigint[] }): CorethHeader {
  return {
    parentHash: new Uint8Array(32), uncleHash: new Uint8Array(32), coinbase: new Uint8Array(20), stateRoot: new Uint8Array(32),
    txRoot: new Uint8Array(32), receiptRoot: new Uint8Array(32), bloom: new Uint8Array(256), difficulty: 1n, number: 5n,
    gasLimit: 8_000_000n, gasUsed: 0n, timestamp: 1_000n, extra: windowBytes(over.window ?? emptyWindow()), mixHash: new Uint8Array(32),
    nonce: new Uint8Array(8), extDataHash: new Uint8Array(32), baseFee: 30n * GWEI, ...over,
  };
}

const windowWith = (last: bigint) => [...new Array<bigint>(9).fill(0n), last];

describe('subnet-EVM fee window', () => {
  it('encodes ten big-endian uint64 slots and refuses a short Extra', () => {
    const w = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, (1n << 64n) - 1n];
    expect(parseWindow(windowBytes(w))).toEqual(w);
    expect(() => parseWindow(new Uint8Array(79))).toThrow('insufficient length for window: expected at least 80 bytes but got 79 bytes');
  });

  it('starts at the minimum base fee after genesis, with an empty window', () => {
    const g = parent({ number: 0n, extra: new Uint8Array(0) });
    expect(childBaseFee(g, 1_001n, DEFAULT_FEE_CONFIG, true)).toBe(25n * GWEI);
    expect(childWindow(g, 1_001n, true)).toEqual(emptyWindow());
  });

  it('adds the parent gas to the last second and rolls the window by the elapsed seconds', () => {
    const p = parent({ window: windowWith(1_000_000n), gasUsed: 2_000_000n });
    expect(childWindow(p, 1_002n, true)).toEqual([...new Array<bigint>(7).fill(0n), 3_000_000n, 0n, 0n]);
    expect(childWindow(p, 1_010n, true)).toEqual(emptyWindow());
    expect(() => childWindow(p, 999n, true)).toThrow('invalid timestamp: timestamp 999 prior to parent timestamp 1000');
  });

  it('lowers the fee below target and raises it above, by (total − target)·fee / target / denominator', () => {
    // 3M used in the window against a 15M target: 30 gwei − 12M·30e9/15M/36
    const low = parent({ window: windowWith(1_000_000n), gasUsed: 2_000_000n });
    expect(childBaseFee(low, 1_002n, DEFAULT_FEE_CONFIG, true)).toBe(30n * GWEI - 666_666_666n);
    // 20M: 25 gwei + 5M·25e9/15M/36
    const high = parent({ window: windowWith(20_000_000n), baseFee: 25n * GWEI });
    expect(childBaseFee(high, 1_000n, DEFAULT_FEE_CONFIG, true)).toBe(25n * GWEI + 231_481_481n);
    // exactly on target: unchanged
    const even = parent({ window: windowWith(15_000_000n), baseFee: 40n * GWEI });
    expect(childBaseFee(even, 1_000n, DEFAULT_FEE_CONFIG, true)).toBe(40n * GWEI);
  });

  it('multiplies the decrease by the whole windows elapsed and never goes under the minimum', () => {
    const idle = parent({ baseFee: 100n * GWEI });
    // 25 s: window empty, 2 windows elapsed → 2 × 100e9/36
    expect(childBaseFee(idle, 1_025n, DEFAULT_FEE_CONFIG, true)).toBe(100n * GWEI - 2n * 2_777_777_777n);
    expect(childBaseFee(parent({ baseFee: 26n * GWEI }), 1_100n, DEFAULT_FEE_CONFIG, true)).toBe(25n * GWEI);
  });
});
