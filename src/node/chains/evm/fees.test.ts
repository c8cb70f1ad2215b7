import { describe, it, expect } from 'vitest';
import {
  ACP176, MAX_UINT64, advanceMilliseconds, blockGasCost, consumeGas, decodeFeeState, desiredDelayExcess, desiredTargetExcess,
  encodeFeeState, fakeExponential, feeStateAfterBlock, feesForChild, gasPrice, maxCapacity, minDelayMs, nextDelayExcess,
  targetPerSecond, updateTargetExcess, ZERO_FEE_STATE,
} from './fees.js';

describe('ACP-176 fees', () => {
  it('fake exponential matches the reference numbers', () => {
    expect(fakeExponential(1n, 1_000_000_000n, 87_000_000n)).toBe(98_150n);
    expect(fakeExponential(1n, 0n, 87_000_000n)).toBe(1n);
    expect(fakeExponential(1n, 2_000_000_000n, 87_000_000n)).toBeGreaterThan(9_000_000_000n);
    expect(fakeExponential(1n, 10n ** 12n, 1n)).toBe(MAX_UINT64);
  });

  it('fresh chain: T = 1M gas/s, gas limit 10M, price 1 wei', () => {
    expect(targetPerSecond(ZERO_FEE_STATE)).toBe(1_000_000n);
    expect(maxCapacity(1_000_000n)).toBe(10_000_000n);
    expect(gasPrice(ZERO_FEE_STATE)).toBe(1n);
  });

  it('advance refills capacity (2T/s, capped at 10T) and drains excess (T/s) by milliseconds', () => {
    const s = advanceMilliseconds({ capacity: 0n, excess: 5_000_000n, targetExcess: 0n }, 1500n);
    expect(s.capacity).toBe(3_000_000n);
    expect(s.excess).toBe(3_500_000n);
    expect(advanceMilliseconds(ZERO_FEE_STATE, 10_000_000n).capacity).toBe(10_000_000n);
  });

  it('consumption moves excess and capacity; overdraft throws', () => {
    const s = consumeGas({ capacity: 100n, excess: 1n, targetExcess: 0n }, 60n);
    expect(s).toEqual({ capacity: 40n, excess: 61n, targetExcess: 0n });
    expect(() => consumeGas(s, 41n)).toThrow(/insufficient capacity/);
  });

  it('target excess moves at most Q per block toward the desired target and rescales excess', () => {
    const want = desiredTargetExcess(20_000_000n);
    expect(targetPerSecond({ ...ZERO_FEE_STATE, targetExcess: want })).toBeGreaterThanOrEqual(20_000_000n);
    expect(targetPerSecond({ ...ZERO_FEE_STATE, targetExcess: want - 1n })).toBeLessThan(20_000_000n);
    const s = updateTargetExcess({ capacity: 5n, excess: 1_000_000n, targetExcess: 0n }, want);
    expect(s.targetExcess).toBe(ACP176.maxTargetExcessDiff);
    expect(s.excess).toBe((1_000_000n * targetPerSecond(s)) / 1_000_000n);
    const down = updateTargetExcess({ capacity: 10n ** 9n, excess: 0n, targetExcess: want }, 0n);
    expect(down.targetExcess).toBe(want - ACP176.maxTargetExcessDiff);
    expect(down.capacity).toBe(maxCapacity(targetPerSecond(down)));
  });

  it('extra prefix round-trips', () => {
    const s = { capacity: 1n, excess: 2n ** 63n, targetExcess: 3n };
    const enc = encodeFeeState(s);
    expect(enc.length).toBe(24);
    expect(decodeFeeState(enc)).toEqual(s);
  });

  it('devnet config: the first block already runs at the high target with the 1 wei floor', () => {
    const cfg = { desiredTargetPerSecond: 20_000_000n, initialTargetPerSecond: 20_000_000n };
    const next = feesForChild(undefined, 1_000n, 2_000n, cfg);
    expect(next.baseFee).toBe(1n);
    expect(next.gasLimit).toBeGreaterThanOrEqual(200_000_000n);
    const after = feeStateAfterBlock(next.state, 21_000n, cfg);
    expect(after.excess).toBe(21_000n);
    // coreth's behaviour without the devnet knobs
    expect(feesForChild(undefined, 0n, 1_000n, {}).gasLimit).toBe(10_000_000n);
  });
});

describe('ACP-226 minimum block delay', () => {
  it('initial excess gives 2000 ms; desired moves ≤ 200 per block', () => {
    expect(minDelayMs(7_970_124n)).toBe(2000n);
    expect(minDelayMs(0n)).toBe(1n);
    expect(nextDelayExcess(7_970_124n)).toBe(7_970_124n);
    expect(nextDelayExcess(7_970_124n, 0n)).toBe(7_969_924n);
    expect(nextDelayExcess(100n, 0n)).toBe(0n);
    expect(minDelayMs(desiredDelayExcess(2000n))).toBeGreaterThanOrEqual(2000n);
  });
});

describe('block gas cost', () => {
  it('AP4 step rule and Granite zero', () => {
    expect(blockGasCost({ granite: true, parentCost: 500n, step: 50_000n, elapsedSeconds: 0n })).toBe(0n);
    expect(blockGasCost({ granite: false, parentCost: 0n, step: 50_000n, elapsedSeconds: 0n })).toBe(100_000n);
    expect(blockGasCost({ granite: false, parentCost: 100_000n, step: 200_000n, elapsedSeconds: 10n })).toBe(0n);
    expect(blockGasCost({ granite: false, parentCost: 990_000n, step: 50_000n, elapsedSeconds: 1n })).toBe(1_000_000n);
    expect(blockGasCost({ granite: false, step: 50_000n, elapsedSeconds: 1n })).toBe(0n);
  });
});
