import { describe, expect, it } from 'vitest';
import { loadNodeConfig } from './node-config.js';

describe('P-chain parameters (--profile and friends)', () => {
  it('defaults to the devnet profile with nothing overridden', () => {
    const { config } = loadNodeConfig([], {});
    expect(config.platform).toEqual({ profile: 'devnet', l1ValidatorFee: {} });
  });

  it('reads each parameter from flags, the environment or a config file', () => {
    const { config } = loadNodeConfig([
      '--profile=mainnet-like', '--min-validator-stake=5000000000', '--min-stake-duration=300', '--uptime-requirement=0.5',
      '--l1-validator-fee-min-price=7', '--l1-validator-fee-target=3', '--l1-validator-fee-capacity=6',
    ], { FIRN_MIN_DELEGATOR_STAKE: '1000' });
    expect(config.platform).toEqual({
      profile: 'mainnet-like', minValidatorStake: 5_000_000_000n, minDelegatorStake: 1000n, minStakeDuration: 300n, uptimeRequirement: 0.5,
      l1ValidatorFee: { minPrice: 7n, target: 3n, capacity: 6n },
    });
  });

  it('refuses values that make no sense, naming the flag', () => {
    expect(() => loadNodeConfig(['--profile=fast'], {})).toThrow(/--profile: must be devnet or mainnet-like/);
    expect(() => loadNodeConfig(['--min-validator-stake=1.5'], {})).toThrow(/--min-validator-stake: must be a whole number/);
    expect(() => loadNodeConfig(['--uptime-requirement=1.2'], {})).toThrow(/--uptime-requirement: must be a number from 0 to 1/);
    expect(() => loadNodeConfig(['--min-validator-stake=10', '--max-validator-stake=5'], {})).toThrow(/must not exceed --max-validator-stake/);
    expect(() => loadNodeConfig(['--l1-validator-fee-target=10', '--l1-validator-fee-capacity=5'], {})).toThrow(/must not exceed --l1-validator-fee-capacity/);
  });
});
