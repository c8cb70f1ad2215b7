/** Avalanche network identities shared by every stage: ids, names, HRPs and VM ids. */

/** Network ids, names and HRPs as AvalancheGo's utils/constants/network_ids.go. */
export const MAINNET_ID = 1;
export const FUJI_ID = 5;
export const LOCAL_ID = 12345;

const NETWORK_NAMES: Record<number, string> = {
  1: 'mainnet',
  2: 'cascade',
  3: 'denali',
  4: 'everest',
  5: 'fuji',
  10: 'testing',
  12345: 'local',
};

const NETWORK_HRPS: Record<number, string> = {
  1: 'avax',
  2: 'cascade',
  3: 'denali',
  4: 'everest',
  5: 'fuji',
  10: 'testing',
  12345: 'local',
};

export const FALLBACK_HRP = 'custom';

export function networkName(networkId: number): string {
  return NETWORK_NAMES[networkId] ?? `network-${networkId}`;
}

export function networkHrp(networkId: number): string {
  return NETWORK_HRPS[networkId] ?? FALLBACK_HRP;
}

/** The P-chain id and the primary network's subnet id (ids.Empty), as cb58. */
export const ZERO_ID_STRING = '11111111111111111111111111111111LpoYY';

/** VM ids (utils/constants/vm_ids.go): the VM name left-padded into 32 bytes. */
export const AVM_ID_STRING = 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq';
export const EVM_ID_STRING = 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6';
export const PLATFORM_VM_ID_STRING = ZERO_ID_STRING;
/** subnet-evm's VM id. */
export const SUBNET_EVM_ID_STRING = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

