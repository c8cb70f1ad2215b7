import { DEFAULT_FEE_CONFIG, type FeeConfig, verifyFeeConfig } from './fee-config.js';
import { asObject, optionalUint64, readAddressList, readBig, readBool } from './json-fields.js';
import {
  type AvalancheRules, type NetworkUpgrades, avalancheRules, networkUpgradesJson, readNetworkUpgrades, verifyNetworkUpgrades, withDefaults,
} from './network-upgrades.js';
import { allowListJson, readAllowListConfig, verifyAllowListConfig } from './precompiles/allow-list.js';
import { readFeeConfig } from './precompiles/fee-manager.js';
import { sortModules } from './precompiles/modules.js';
import type { PrecompileConfig, PrecompileModule } from './precompiles/types.js';

/**
 * A subnet-EVM chain's config (params/extras): the genesis `config` with its fee config, network upgrade
 * times (defaults from the node's schedule), genesis precompile configs, and the upgrade config. AvalancheGo
 * reads the upgrade config from the chain's upgrade.json; on the devnet it rides in the genesis config under
 * `upgrades` ({ precompileUpgrades, networkUpgradeOverrides }).
 */
export interface SubnetEvmConfig {
  chainId: bigint;
  feeConfig: FeeConfig;
  allowFeeRecipients: boolean;
  upgrades: NetworkUpgrades;
  networkUpgradeOverrides?: NetworkUpgrades;
  genesisPrecompiles: PrecompileConfig[];
  precompileUpgrades: PrecompileConfig[];
  /** Registered modules, sorted by address. */
  modules: PrecompileModule[];
  /** The given config's eip150Hash (seed 002 lists it); the zero hash when absent. */
  eip150Hash: string;
}

const ZERO_HASH = '0x' + '00'.repeat(32);

export function readSubnetEvmConfig(rawConfig: unknown, opts: { defaults: NetworkUpgrades; modules: readonly PrecompileModule[] }): SubnetEvmConfig {
  const raw = rawConfig === undefined || rawConfig === null ? {} : asObject(rawConfig, 'config');
  const modules = sortModules(opts.modules);
  if (raw.chainId === undefined || raw.chainId === null) throw new Error('genesis: config.chainId is required');
  const chainId = readBig(raw.chainId, 'config.chainId');
  const givenFee = raw.feeConfig === undefined || raw.feeConfig === null ? {} : readFeeConfig(raw.feeConfig, 'config.feeConfig');
  const feeConfig = Object.keys(givenFee).length === 0 ? DEFAULT_FEE_CONFIG : verifyFeeConfig(givenFee);
  let upgrades = withDefaults(readNetworkUpgrades(raw, 'config'), opts.defaults);

  const upgradeConfig = raw.upgrades === undefined || raw.upgrades === null ? {} : asObject(raw.upgrades, 'config.upgrades');
  let networkUpgradeOverrides: NetworkUpgrades | undefined;
  if (upgradeConfig.networkUpgradeOverrides !== undefined && upgradeConfig.networkUpgradeOverrides !== null) {
    networkUpgradeOverrides = readNetworkUpgrades(asObject(upgradeConfig.networkUpgradeOverrides, 'config.upgrades.networkUpgradeOverrides'), 'config.upgrades.networkUpgradeOverrides');
    upgrades = { ...upgrades, ...networkUpgradeOverrides };
  }
  if (Array.isArray(upgradeConfig.stateUpgrades) && upgradeConfig.stateUpgrades.length > 0) throw new Error('config.upgrades.stateUpgrades: state upgrades are not supported on the devnet');
  verifyNetworkUpgrades(upgrades, opts.defaults);
  const isDurango = (t: bigint) => avalancheRules(upgrades, t).IsDurango;

  // Precompiles.UnmarshalJSON: only registered keys are read from the config; others are ignored.
  const genesisPrecompiles: PrecompileConfig[] = [];
  for (const m of modules) {
    if (raw[m.key] !== undefined && raw[m.key] !== null) genesisPrecompiles.push(readPrecompileConfig(m, raw[m.key], `config.${m.key}`, isDurango));
  }
  const precompileUpgrades: PrecompileConfig[] = [];
  const list = upgradeConfig.precompileUpgrades;
  if (list !== undefined && list !== null) {
    if (!Array.isArray(list)) throw new Error('config.upgrades.precompileUpgrades: expected an array');
    list.forEach((entry, i) => {
      const o = asObject(entry, `config.upgrades.precompileUpgrades[${i}]`);
      const keys = Object.keys(o);
      if (keys.length === 0) throw new Error('PrecompileUpgrade cannot be empty');
      if (keys.length > 1) throw new Error(`PrecompileUpgrade must have exactly one key, got ${keys.length}`);
      const m = modules.find((x) => x.key === keys[0]);
      if (!m) throw new Error(`unknown precompile config: ${keys[0]}`);
      precompileUpgrades.push(readPrecompileConfig(m, o[keys[0]!], `config.upgrades.precompileUpgrades[${i}].${m.key}`, isDurango));
    });
  }
  verifyPrecompileUpgrades(genesisPrecompiles, precompileUpgrades);
  return {
    chainId, feeConfig, allowFeeRecipients: readBool(raw.allowFeeRecipients, 'config.allowFeeRecipients'), upgrades,
    ...(networkUpgradeOverrides ? { networkUpgradeOverrides } : {}),
    genesisPrecompiles, precompileUpgrades, modules,
    eip150Hash: typeof raw.eip150Hash === 'string' ? raw.eip150Hash : ZERO_HASH,
  };
}

function readPrecompileConfig(m: PrecompileModule, v: unknown, where: string, isDurango: (t: bigint) => boolean): PrecompileConfig {
  const raw = asObject(v, where);
  const blockTimestamp = optionalUint64(raw.blockTimestamp, `${where}.blockTimestamp`);
  const disable = readBool(raw.disable, `${where}.disable`);
  m.verifyUpgrade?.({ blockTimestamp, disable }, { isDurango });
  const settings = m.readSettings(raw, where);
  if (m.allowList === false) return { key: m.key, blockTimestamp, disable, allowList: { adminAddresses: [], managerAddresses: [], enabledAddresses: [] }, noAllowList: true, settings };
  const allowList = readAllowListConfig(raw, readAddressList, where);
  verifyAllowListConfig(allowList, blockTimestamp, isDurango);
  return { key: m.key, blockTimestamp, disable, allowList, settings };
}

/** verifyPrecompileUpgrades: per key, upgrades alternate enable/disable at strictly increasing times. */
function verifyPrecompileUpgrades(genesis: PrecompileConfig[], upgrades: PrecompileConfig[]): void {
  const last = new Map<string, { at: bigint; disabled: boolean }>();
  for (const c of genesis) if (c.blockTimestamp !== undefined) last.set(c.key, { at: c.blockTimestamp, disabled: false });
  let previous: bigint | undefined;
  upgrades.forEach((u, i) => {
    const prior = last.get(u.key);
    const disabled = prior ? prior.disabled : true;
    if (u.blockTimestamp === undefined) throw new Error(`precompile upgrade block timestamp cannot be nil: PrecompileUpgrade (${u.key}) at [${i}]`);
    if (previous !== undefined && u.blockTimestamp < previous) {
      throw new Error(`precompile upgrade config block timestamp must be greater than or equal to previous timestamp: PrecompileUpgrade (${u.key}) at [${i}] has timestamp ${u.blockTimestamp}, previous timestamp ${previous}`);
    }
    if (disabled === u.disable) throw new Error(`precompile upgrade disable value is invalid: PrecompileUpgrade (${u.key}) at [${i}], disable should be ${!disabled}`);
    if (prior && u.blockTimestamp <= prior.at) {
      throw new Error(`precompile upgrade config block timestamp for same key must be strictly greater than previous timestamp: PrecompileUpgrade (${u.key}) at [${i}] has timestamp ${u.blockTimestamp}, previous timestamp of same key ${prior.at}`);
    }
    last.set(u.key, { at: u.blockTimestamp, disabled: u.disable });
    previous = u.blockTimestamp;
  });
}

const forked = (at: bigint | undefined, t: bigint) => at !== undefined && at <= t;

/** IsForkTransition: the configs of `module` taking effect after `from` (exclusive; none = from the start) up to `to`. */
export function activatingConfigs(c: SubnetEvmConfig, key: string, from: bigint | undefined, to: bigint): PrecompileConfig[] {
  const transition = (at: bigint | undefined) => !(from !== undefined && forked(at, from)) && forked(at, to);
  const out: PrecompileConfig[] = [];
  const g = c.genesisPrecompiles.find((x) => x.key === key);
  if (g && transition(g.blockTimestamp)) out.push(g);
  for (const u of c.precompileUpgrades) if (u.key === key && transition(u.blockTimestamp)) out.push(u);
  return out;
}

/** GetActivePrecompileConfig: the latest config of `key` at `time`, enabling or disabling. */
export function activeConfig(c: SubnetEvmConfig, key: string, time: bigint): PrecompileConfig | undefined {
  return activatingConfigs(c, key, undefined, time).at(-1);
}

export function isPrecompileEnabled(c: SubnetEvmConfig, key: string, time: bigint): boolean {
  const a = activeConfig(c, key, time);
  return a !== undefined && !a.disable;
}

/** EnabledStatefulPrecompiles: module → its active config, in module order. */
export function enabledPrecompiles(c: SubnetEvmConfig, time: bigint): { module: PrecompileModule; config: PrecompileConfig }[] {
  const out: { module: PrecompileModule; config: PrecompileConfig }[] = [];
  for (const module of c.modules) {
    const config = activeConfig(c, module.key, time);
    if (config && !config.disable) out.push({ module, config });
  }
  return out;
}

export function rulesAt(c: SubnetEvmConfig, time: bigint): AvalancheRules {
  return avalancheRules(c.upgrades, time);
}

/** A precompile config's JSON in Go's field order: allow list, blockTimestamp, disable, then the module's fields. */
export function precompileConfigJson(p: PrecompileConfig): Record<string, unknown> {
  return {
    ...(p.noAllowList ? {} : allowListJson(p.allowList)),
    blockTimestamp: p.blockTimestamp ?? null,
    ...(p.disable ? { disable: true } : {}),
    ...p.settings.json(),
  };
}

/** The upgrade config as eth_getChainConfig shows it under `upgrades`. */
export function upgradeConfigJson(c: SubnetEvmConfig): Record<string, unknown> {
  return {
    ...(c.networkUpgradeOverrides ? { networkUpgradeOverrides: networkUpgradesJson(c.networkUpgradeOverrides) } : {}),
    ...(c.precompileUpgrades.length ? { precompileUpgrades: c.precompileUpgrades.map((u) => ({ [u.key]: precompileConfigJson(u) })) } : {}),
  };
}

