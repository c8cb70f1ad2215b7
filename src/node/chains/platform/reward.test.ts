import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK_CONFIG } from './config.js';
import { calculateReward, splitReward } from './reward.js';

const AVAX = 1_000_000_000n;

describe('AvalancheGo reward formula', () => {
  const c = LOCAL_NETWORK_CONFIG.reward;
  it('pays the minimum rate on short stakes and approaches the maximum over a full minting period', () => {
    const supply = 360_000_000n * AVAX;
    // A year-long stake of 1/360M of the supply earns 12% of (cap − supply)/supply = 12% of its stake.
    expect(calculateReward(c, c.mintingPeriod, 2_000n * AVAX, supply)).toBe(240n * AVAX);
    // Half a year: rate 10% + 2% × 0.5 = 11%, for half a year → 5.5%.
    expect(calculateReward(c, c.mintingPeriod / 2n, 2_000n * AVAX, supply)).toBe(110n * AVAX);
  });

  it('never pays more than what remains under the supply cap', () => {
    expect(calculateReward(c, c.mintingPeriod, 100n * 719_999_999n * AVAX, 719_999_999n * AVAX)).toBe(AVAX);
  });

  it('splits delegation rewards with the fee going to the validator', () => {
    expect(splitReward(1_000_000n, 20_000)).toEqual([20_000n, 980_000n]);
    expect(splitReward(3n, 500_000)).toEqual([2n, 1n]);
  });
});
