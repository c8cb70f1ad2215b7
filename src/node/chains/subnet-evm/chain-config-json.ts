import { type SubnetEvmConfig, enabledPrecompiles, precompileConfigJson, rulesAt, upgradeConfigJson } from './chain-config.js';
import { feeConfigJson } from './fee-config.js';
import { UNSCHEDULED_TIME, networkUpgradesJson } from './network-upgrades.js';

/** geth's block-numbered forks: all at block 0 on subnet-EVM (SetEthUpgrades). */
const BLOCK_FORKS = ['homesteadBlock', 'eip150Block', 'eip155Block', 'eip158Block', 'byzantiumBlock', 'constantinopleBlock', 'petersburgBlock', 'istanbulBlock', 'muirGlacierBlock', 'berlinBlock', 'londonBlock'];

/**
 * eth_getChainConfig (ChainConfigWithUpgradesJSON): geth's fields, the subnet-EVM extras and the genesis
 * precompile configs merged in one map with sorted keys (as libevm marshals it), then `upgrades`. Shanghai
 * is Durango and Cancun is Etna. Seed 002 also lists allowFeeRecipients (written even when false) and
 * eip150Hash.
 */
export function subnetChainConfigJson(c: SubnetEvmConfig): Record<string, unknown> {
  const merged: Record<string, unknown> = { chainId: c.chainId, feeConfig: feeConfigJson(c.feeConfig), allowFeeRecipients: c.allowFeeRecipients, eip150Hash: c.eip150Hash };
  for (const k of BLOCK_FORKS) merged[k] = 0;
  Object.assign(merged, networkUpgradesJson(c.upgrades));
  if (c.upgrades.durangoTimestamp !== undefined && c.upgrades.durangoTimestamp < UNSCHEDULED_TIME) merged.shanghaiTime = c.upgrades.durangoTimestamp;
  if (c.upgrades.etnaTimestamp !== undefined && c.upgrades.etnaTimestamp < UNSCHEDULED_TIME) merged.cancunTime = c.upgrades.etnaTimestamp;
  for (const p of c.genesisPrecompiles) merged[p.key] = precompileConfigJson(p);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(merged).sort()) out[k] = merged[k];
  out.upgrades = upgradeConfigJson(c);
  return out;
}

/** eth_getActivePrecompilesAt: config key → the config in force at `time` (keys sorted, as a Go map). */
export function activePrecompilesJson(c: SubnetEvmConfig, time: bigint): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { config } of [...enabledPrecompiles(c, time)].sort((a, b) => a.config.key.localeCompare(b.config.key))) out[config.key] = precompileConfigJson(config);
  return out;
}

/**
 * eth_getActiveRulesAt: libevm's params.Rules (every block fork active, Merge on, Shanghai = Durango, Cancun
 * = Etna), the Avalanche rules, and each enabled precompile's activation time. The Avalanche rules appear as
 * `avalancheRules` (subnet-EVM) and `networkRules` (seed 002).
 */
export function activeRulesJson(c: SubnetEvmConfig, time: bigint): Record<string, unknown> {
  const a = rulesAt(c, time);
  const ethRules = {
    ChainID: c.chainId, IsHomestead: true, IsEIP150: true, IsEIP155: true, IsEIP158: true, IsByzantium: true, IsConstantinople: true,
    IsPetersburg: true, IsIstanbul: true, IsBerlin: true, IsLondon: true, IsMerge: true, IsShanghai: a.IsDurango, IsCancun: a.IsEtna,
    IsPrague: false, IsVerkle: false,
  };
  const precompiles: Record<string, { timestamp: bigint }> = {};
  for (const { config } of enabledPrecompiles(c, time)) if (config.blockTimestamp !== undefined) precompiles[config.key] = { timestamp: config.blockTimestamp };
  return { ethRules, avalancheRules: a, networkRules: a, precompiles };
}
