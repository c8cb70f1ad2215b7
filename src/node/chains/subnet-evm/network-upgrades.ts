import { optionalUint64 } from './json-fields.js';

/** Subnet-EVM's network upgrade times (params/extras/network_upgrades.go), Unix seconds; undefined = never. */
export interface NetworkUpgrades {
  subnetEVMTimestamp?: bigint;
  durangoTimestamp?: bigint;
  etnaTimestamp?: bigint;
  fortunaTimestamp?: bigint;
  graniteTimestamp?: bigint;
  heliconTimestamp?: bigint;
}

export const UPGRADE_KEYS = ['subnetEVMTimestamp', 'durangoTimestamp', 'etnaTimestamp', 'fortunaTimestamp', 'graniteTimestamp', 'heliconTimestamp'] as const;
type UpgradeKey = (typeof UPGRADE_KEYS)[number];

/** AvalancheGo's InitiallyActiveTime and UnscheduledActivationTime, Unix seconds. */
export const INITIALLY_ACTIVE_TIME = 1_607_144_400n;
export const UNSCHEDULED_TIME = 253_399_622_400n;

/**
 * GetNetworkUpgrades: the defaults the node's own upgrade schedule gives (SubnetEVM at 0, Fortuna unset:
 * it has no effect on subnet-EVM).
 */
export function defaultNetworkUpgrades(node: { durango: bigint; etna: bigint; granite: bigint; helicon: bigint }): NetworkUpgrades {
  return { subnetEVMTimestamp: 0n, durangoTimestamp: node.durango, etnaTimestamp: node.etna, graniteTimestamp: node.granite, heliconTimestamp: node.helicon };
}

export function readNetworkUpgrades(raw: Record<string, unknown>, where: string): NetworkUpgrades {
  const out: NetworkUpgrades = {};
  for (const k of UPGRADE_KEYS) {
    const v = optionalUint64(raw[k], `${where}.${k}`);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** SetDefaults: unset or 0 takes the default (0 has always meant "the network's time" in genesis files). */
export function withDefaults(given: NetworkUpgrades, defaults: NetworkUpgrades): NetworkUpgrades {
  const out: NetworkUpgrades = {};
  for (const k of UPGRADE_KEYS) {
    const v = given[k] === undefined || given[k] === 0n ? defaults[k] : given[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** verifyNetworkUpgrades: a time may not precede the network's own (0 is allowed for initially active ones). */
export function verifyNetworkUpgrades(n: NetworkUpgrades, defaults: NetworkUpgrades): void {
  const names: Record<UpgradeKey, string> = {
    subnetEVMTimestamp: 'subnetEVM', durangoTimestamp: 'durango', etnaTimestamp: 'etna', fortunaTimestamp: 'fortuna', graniteTimestamp: 'granite', heliconTimestamp: 'helicon',
  };
  for (const k of UPGRADE_KEYS) {
    const d = defaults[k];
    if (d === undefined) continue;
    const v = n[k];
    const fail = (why: string) => { throw new Error(`${names[k]} fork block timestamp is invalid: ${why}`); };
    if (v === undefined) {
      if (d < UNSCHEDULED_TIME) fail('timestamp cannot be nil');
      continue;
    }
    if (v === 0n && d <= INITIALLY_ACTIVE_TIME) continue;
    if (v < d) fail(`provided timestamp must be greater than or equal to the default timestamp: provided timestamp ${v}, default timestamp ${d}`);
  }
  let last: { name: string; at: bigint } | undefined;
  for (const k of UPGRADE_KEYS) {
    const at = n[k];
    if (at === undefined) continue;
    if (last && last.at > at) throw new Error(`unsupported fork ordering: ${last.name} enabled at timestamp ${last.at}, but ${k} enabled at timestamp ${at}`);
    last = { name: k, at };
  }
}

export interface AvalancheRules {
  IsSubnetEVM: boolean;
  IsDurango: boolean;
  IsEtna: boolean;
  IsFortuna: boolean;
  IsGranite: boolean;
  IsHelicon: boolean;
}

const forked = (at: bigint | undefined, time: bigint) => at !== undefined && at <= time;

export function avalancheRules(n: NetworkUpgrades, time: bigint): AvalancheRules {
  return {
    IsSubnetEVM: forked(n.subnetEVMTimestamp, time),
    IsDurango: forked(n.durangoTimestamp, time),
    IsEtna: forked(n.etnaTimestamp, time),
    IsFortuna: forked(n.fortunaTimestamp, time),
    IsGranite: forked(n.graniteTimestamp, time),
    IsHelicon: forked(n.heliconTimestamp, time),
  };
}

/** The upgrade times as JSON numbers, unset ones omitted. */
export function networkUpgradesJson(n: NetworkUpgrades): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const k of UPGRADE_KEYS) if (n[k] !== undefined) out[k] = n[k];
  return out;
}
