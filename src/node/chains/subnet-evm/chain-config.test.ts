import { describe, expect, it } from 'vitest';
import { activatingConfigs, activeConfig, enabledPrecompiles, isPrecompileEnabled, readSubnetEvmConfig } from './chain-config.js';
import { subnetChainConfigJson } from './chain-config-json.js';
import { DEFAULT_FEE_CONFIG } from './fee-config.js';
import { INITIALLY_ACTIVE_TIME, UNSCHEDULED_TIME, defaultNetworkUpgrades } from './network-upgrades.js';
import { SUBNET_EVM_MODULES } from './precompiles/modules.js';

const defaults = defaultNetworkUpgrades({ durango: INITIALLY_ACTIVE_TIME, etna: INITIALLY_ACTIVE_TIME, granite: INITIALLY_ACTIVE_TIME, helicon: UNSCHEDULED_TIME });
const read = (config: unknown) => readSubnetEvmConfig(config, { defaults, modules: SUBNET_EVM_MODULES });
const A = '0x' + 'aa'.repeat(20);
const B = '0x' + 'bb'.repeat(20);

describe('subnet-EVM chain config', () => {
  it('fills the default fee config and the node\'s upgrade times (0 meaning the default)', () => {
    const c = read({ chainId: 7, durangoTimestamp: 0 });
    expect(c.feeConfig).toEqual(DEFAULT_FEE_CONFIG);
    expect(c.upgrades).toEqual({ subnetEVMTimestamp: 0n, durangoTimestamp: INITIALLY_ACTIVE_TIME, etnaTimestamp: INITIALLY_ACTIVE_TIME, graniteTimestamp: INITIALLY_ACTIVE_TIME, heliconTimestamp: UNSCHEDULED_TIME });
    expect(() => read({})).toThrow('genesis: config.chainId is required');
    expect(() => read({ chainId: 7, graniteTimestamp: 5 })).toThrow('granite fork block timestamp is invalid: provided timestamp must be greater than or equal to the default timestamp: provided timestamp 5, default timestamp 1607144400');
  });

  it('verifies the fee config as subnet-evm does', () => {
    const f = Object.fromEntries(Object.entries(DEFAULT_FEE_CONFIG).map(([k, v]) => [k, Number(v)]));
    expect(() => read({ chainId: 7, feeConfig: { ...f, gasLimit: undefined } })).toThrow('gasLimit cannot be nil');
    expect(() => read({ chainId: 7, feeConfig: { ...f, gasLimit: 0 } })).toThrow('gasLimit cannot be less than or equal to 0: gasLimit = 0');
    expect(() => read({ chainId: 7, feeConfig: { ...f, minBlockGasCost: 5, maxBlockGasCost: 4 } })).toThrow('minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = 5, maxBlockGasCost = 4');
    expect(read({ chainId: 7, feeConfig: { ...f, minBaseFee: 1 } }).feeConfig.minBaseFee).toBe(1n);
  });

  it('verifies allow lists: no address twice, no managers before Durango', () => {
    expect(() => read({ chainId: 7, txAllowListConfig: { blockTimestamp: 0, adminAddresses: [A], enabledAddresses: [A] } })).toThrow(/cannot set address as both admin and enabled/);
    expect(() => read({ chainId: 7, txAllowListConfig: { blockTimestamp: 0, managerAddresses: [A] } })).toThrow('cannot add managers before Durango');
    expect(read({ chainId: 7, txAllowListConfig: { blockTimestamp: 1_700_000_000, managerAddresses: [A] } }).genesisPrecompiles[0]!.allowList.managerAddresses).toEqual([A]);
    expect(() => read({ chainId: 7, rewardManagerConfig: { blockTimestamp: 0, initialRewardConfig: { allowFeeRecipients: true, rewardAddress: A } } }))
      .toThrow('cannot enable both fee recipients and reward address at the same time');
  });

  it('checks precompile upgrades: one key each, known keys, alternating, increasing times', () => {
    const base = { chainId: 7, feeManagerConfig: { blockTimestamp: 10, adminAddresses: [A] } };
    const up = (list: unknown[]) => read({ ...base, upgrades: { precompileUpgrades: list } });
    expect(() => up([{ feeManagerConfig: { blockTimestamp: 20 } }])).toThrow('precompile upgrade disable value is invalid: PrecompileUpgrade (feeManagerConfig) at [0], disable should be true');
    expect(() => up([{ feeManagerConfig: { blockTimestamp: 10, disable: true } }])).toThrow(/for same key must be strictly greater/);
    expect(() => up([{ nope: { blockTimestamp: 20 } }])).toThrow('unknown precompile config: nope');
    expect(() => up([{ txAllowListConfig: { blockTimestamp: 20 }, feeManagerConfig: { blockTimestamp: 30, disable: true } }])).toThrow('PrecompileUpgrade must have exactly one key, got 2');
    expect(() => up([{ txAllowListConfig: { blockTimestamp: 30 } }, { feeManagerConfig: { blockTimestamp: 20, disable: true } }])).toThrow(/must be greater than or equal to previous timestamp/);
    expect(() => up([{ txAllowListConfig: {} }])).toThrow(/block timestamp cannot be nil/);
  });

  it('refuses warp taking effect before Durango, in the genesis config or an upgrade (subnet-evm Config.Verify)', () => {
    const before = 'warp cannot be activated before Durango';
    // the node's Durango is 1607144400: a warp config at 0 precedes it
    expect(() => read({ chainId: 7, warpConfig: { blockTimestamp: 0 } })).toThrow(before);
    expect(() => read({ chainId: 7, warpConfig: { blockTimestamp: Number(INITIALLY_ACTIVE_TIME) - 1 } })).toThrow(before);
    expect(read({ chainId: 7, warpConfig: { blockTimestamp: Number(INITIALLY_ACTIVE_TIME) } }).genesisPrecompiles[0]!.key).toBe('warpConfig');
    // against the chain's own (later) Durango
    const late = { chainId: 7, durangoTimestamp: 1_700_000_000, etnaTimestamp: 1_700_000_000, graniteTimestamp: 1_700_000_000 };
    expect(() => read({ ...late, warpConfig: { blockTimestamp: 1_699_999_999 } })).toThrow(before);
    expect(read({ ...late, warpConfig: { blockTimestamp: 1_700_000_000 } }).genesisPrecompiles).toHaveLength(1);
    // no time: never takes effect, nothing to check
    expect(read({ chainId: 7, warpConfig: {} }).genesisPrecompiles[0]!.blockTimestamp).toBeUndefined();
    // upgrades too, disabling ones included
    expect(() => read({ ...late, upgrades: { precompileUpgrades: [{ warpConfig: { blockTimestamp: 1_650_000_000 } }] } })).toThrow(before);
    expect(() => read({ ...late, warpConfig: { blockTimestamp: 1_700_000_000 }, upgrades: { precompileUpgrades: [{ warpConfig: { blockTimestamp: 1_700_000_001, disable: true } }] } })).not.toThrow();
    expect(() => read({ ...late, upgrades: { precompileUpgrades: [{ warpConfig: { blockTimestamp: 1_600_000_000, disable: true } }] } })).toThrow(before);
    // the time is checked before the quorum, as in Config.Verify
    expect(() => read({ chainId: 7, warpConfig: { blockTimestamp: 0, quorumNumerator: 101 } })).toThrow(before);
  });

  it('activates each config at its time: genesis, disable, re-enable', () => {
    const c = read({
      chainId: 7, feeManagerConfig: { blockTimestamp: 10, adminAddresses: [A] },
      upgrades: { precompileUpgrades: [{ feeManagerConfig: { blockTimestamp: 20, disable: true } }, { feeManagerConfig: { blockTimestamp: 30, adminAddresses: [B] } }] },
    });
    const key = 'feeManagerConfig';
    expect(isPrecompileEnabled(c, key, 9n)).toBe(false);
    expect(isPrecompileEnabled(c, key, 10n)).toBe(true);
    expect(isPrecompileEnabled(c, key, 25n)).toBe(false);
    expect(activeConfig(c, key, 31n)!.allowList.adminAddresses).toEqual([B]);
    // transitions strictly after the parent's time, up to the block's
    expect(activatingConfigs(c, key, 10n, 20n).map((x) => x.disable)).toEqual([true]);
    expect(activatingConfigs(c, key, 20n, 29n)).toEqual([]);
    expect(activatingConfigs(c, key, undefined, 30n)).toHaveLength(3);
    expect(enabledPrecompiles(c, 30n).map((e) => e.config.blockTimestamp)).toEqual([30n]);
  });

  it('renders eth_getChainConfig with sorted keys and the upgrade config last', () => {
    const c = read({ chainId: 7, txAllowListConfig: { blockTimestamp: 0, adminAddresses: [A] }, upgrades: { precompileUpgrades: [{ txAllowListConfig: { blockTimestamp: 99, disable: true } }] } });
    const json = subnetChainConfigJson(c);
    const keys = Object.keys(json);
    expect(keys.at(-1)).toBe('upgrades');
    expect(keys.slice(0, -1)).toEqual([...keys.slice(0, -1)].sort());
    expect(json).toMatchObject({
      chainId: 7n, allowFeeRecipients: false, subnetEVMTimestamp: 0n, shanghaiTime: INITIALLY_ACTIVE_TIME, cancunTime: INITIALLY_ACTIVE_TIME, londonBlock: 0,
      txAllowListConfig: { adminAddresses: [A], blockTimestamp: 0n },
      upgrades: { precompileUpgrades: [{ txAllowListConfig: { adminAddresses: [], blockTimestamp: 99n, disable: true } }] },
    });
    expect(json).not.toHaveProperty('fortunaTimestamp');
  });
});
