import { idFromString } from '../../lib/cb58.js';

export { MAINNET_ID, FUJI_ID, LOCAL_ID, FALLBACK_HRP, networkName, networkHrp, ZERO_ID_STRING, AVM_ID_STRING, EVM_ID_STRING, PLATFORM_VM_ID_STRING } from '../../lib/networks.js';
import { AVM_ID_STRING, EVM_ID_STRING } from '../../lib/networks.js';

export const ZERO_ID = new Uint8Array(32);
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
