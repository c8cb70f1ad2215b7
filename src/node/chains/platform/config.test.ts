import { describe, expect, it } from 'vitest';
import { DEVNET_PLATFORM_CONFIG, MAINNET_PLATFORM_CONFIG, platformConfigFor } from './config.js';

describe('platformConfigFor', () => {
  it('starts from the profile', () => {
    expect(platformConfigFor({ profile: 'devnet', l1ValidatorFee: {} })).toEqual(DEVNET_PLATFORM_CONFIG);
    const mainnet = platformConfigFor({ profile: 'mainnet-like', l1ValidatorFee: {} });
    expect(mainnet).toEqual(MAINNET_PLATFORM_CONFIG);
    expect(mainnet.minValidatorStake).toBe(2_000_000_000_000n);
    expect(mainnet.minStakeDuration).toBe(1_209_600n);
    expect(mainnet.validatorFee).toEqual({ capacity: 20_000n, target: 10_000n, minPrice: 512n, excessConversionConstant: 1_246_488_515n });
  });

  it('applies each override without touching the profile constants', () => {
    const c = platformConfigFor({ profile: 'devnet', minStakeDuration: 5n, uptimeRequirement: 0, l1ValidatorFee: { minPrice: 9n } });
    expect(c.minStakeDuration).toBe(5n);
    expect(c.uptimeRequirement).toBe(0);
    expect(c.validatorFee.minPrice).toBe(9n);
    expect(c.validatorFee.target).toBe(DEVNET_PLATFORM_CONFIG.validatorFee.target);
    expect(DEVNET_PLATFORM_CONFIG.validatorFee.minPrice).toBe(1n);
    expect(DEVNET_PLATFORM_CONFIG.minStakeDuration).toBe(60n);
  });
});
