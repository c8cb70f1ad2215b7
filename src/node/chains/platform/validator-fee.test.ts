import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK_CONFIG, type ValidatorFeeConfig } from './config.js';
import { gasPrice } from './fees.js';
import { advanceValidatorFee, secondsRemaining, validatorCost } from './validator-fee.js';

const local = LOCAL_NETWORK_CONFIG.validatorFee;
/** A small config where the target is reachable: 2 validators, price doubling every 10 s above it. */
const small: ValidatorFeeConfig = { capacity: 10n, target: 2n, minPrice: 100n, excessConversionConstant: 14n };

describe('ACP-77 continuous validator fee', () => {
  it('uses AvalancheGo local-network parameters by default: 1 nAVAX per second below the target', () => {
    expect(local).toEqual({ capacity: 20_000n, target: 10_000n, minPrice: 1n, excessConversionConstant: 865_617n });
    expect(validatorCost({ current: 3n, excess: 0n }, local, 3600n)).toBe(3600n);
    expect(secondsRemaining({ current: 3n, excess: 0n }, local, 1_000_000n, 42n)).toBe(42n);
  });

  it('moves the excess by |current − target| per second, clamped at zero', () => {
    expect(advanceValidatorFee({ current: 5n, excess: 0n }, 2n, 4n)).toEqual({ current: 5n, excess: 12n });
    expect(advanceValidatorFee({ current: 1n, excess: 10n }, 2n, 4n)).toEqual({ current: 1n, excess: 6n });
    expect(advanceValidatorFee({ current: 0n, excess: 3n }, 2n, 4n)).toEqual({ current: 0n, excess: 0n });
    expect(advanceValidatorFee({ current: 2n, excess: 9n }, 2n, 100n)).toEqual({ current: 2n, excess: 9n });
  });

  it('charges the price of each second after the excess moves, and a constant price at the target', () => {
    const s = { current: 4n, excess: 0n };
    let expected = 0n;
    let excess = 0n;
    for (let i = 0; i < 30; i++) {
      excess += 2n;
      expected += gasPrice(small.minPrice, excess, small.excessConversionConstant);
    }
    expect(validatorCost(s, small, 30n)).toBe(expected);
    expect(expected).toBeGreaterThan(30n * small.minPrice);
    const atTarget = { current: 2n, excess: 28n };
    expect(validatorCost(atTarget, small, 7n)).toBe(7n * gasPrice(small.minPrice, 28n, small.excessConversionConstant));
    // Draining: once the excess reaches zero every later second costs the minimum price.
    expect(validatorCost({ current: 1n, excess: 3n }, small, 10n)).toBe(gasPrice(100n, 2n, 14n) + gasPrice(100n, 1n, 14n) + 8n * 100n);
  });

  it('finds how long a balance lasts consistently with the cost', () => {
    for (const [state, funds] of [[{ current: 4n, excess: 0n }, 5_000n], [{ current: 1n, excess: 40n }, 3_333n], [{ current: 2n, excess: 5n }, 999n]] as const) {
      const seconds = secondsRemaining(state, small, 10_000n, funds);
      expect(validatorCost(state, small, seconds)).toBeLessThanOrEqual(funds);
      expect(validatorCost(state, small, seconds + 1n)).toBeGreaterThan(funds);
    }
    expect(secondsRemaining({ current: 4n, excess: 0n }, small, 3n, 1_000_000n)).toBe(3n);
    expect(secondsRemaining({ current: 4n, excess: 0n }, { ...small, minPrice: 0n }, 77n, 1n)).toBe(77n);
  });
});
