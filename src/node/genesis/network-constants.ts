import { idFromString } from '../../lib/cb58.js';

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

/** ids.Empty: the P-chain id and the primary network (subnet) id. */
export const ZERO_ID = new Uint8Array(32);
export const ZERO_ID_STRING = '11111111111111111111111111111111LpoYY';

/** VM ids (utils/constants/vm_ids.go): the VM name left-padded into 32 bytes. */
export const AVM_ID_STRING = 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq';
export const EVM_ID_STRING = 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6';
export const PLATFORM_VM_ID_STRING = ZERO_ID_STRING;

/** Fx ids (vms/{secp256k1fx,nftfx,propertyfx}/fx.go). */
export const SECP256K1FX_ID_STRING = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';
export const NFTFX_ID_STRING = 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT';
export const PROPERTYFX_ID_STRING = 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy';

export const AVM_ID = idFromString(AVM_ID_STRING);
export const EVM_ID = idFromString(EVM_ID_STRING);
export const SECP256K1FX_ID = idFromString(SECP256K1FX_ID_STRING);
export const NFTFX_ID = idFromString(NFTFX_ID_STRING);
export const PROPERTYFX_ID = idFromString(PROPERTYFX_ID_STRING);

/** upgrade.InitiallyActiveTime (2020-12-05 05:00 UTC): every upgrade's time on non-mainnet/fuji networks. */
export const INITIALLY_ACTIVE_TIME = 1607144400;

/** EVM chain ids (coreth params): local 43112. */
export const LOCAL_EVM_CHAIN_ID = 43112;

export const NANO_AVAX_PER_AVAX = 1_000_000_000n;
export const WEI_PER_ETHER = 10n ** 18n;
