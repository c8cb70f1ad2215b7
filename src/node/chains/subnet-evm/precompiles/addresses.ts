import { hexToBytes } from '../../../../lib/hex.js';

/** The stateful precompiles' addresses (precompile/contracts/<name>/module.go). */
export const DEPLOYER_ALLOW_LIST_ADDRESS = hexToBytes('0x0200000000000000000000000000000000000000');
export const NATIVE_MINTER_ADDRESS = hexToBytes('0x0200000000000000000000000000000000000001');
export const TX_ALLOW_LIST_ADDRESS = hexToBytes('0x0200000000000000000000000000000000000002');
export const FEE_MANAGER_ADDRESS = hexToBytes('0x0200000000000000000000000000000000000003');
export const REWARD_MANAGER_ADDRESS = hexToBytes('0x0200000000000000000000000000000000000004');
export const WARP_ADDRESS = hexToBytes('0x0200000000000000000000000000000000000005');

/** constants.BlackholeAddr: the coinbase of every block unless fee recipients or a reward address are set. */
export const BLACKHOLE_ADDRESS = hexToBytes('0x0100000000000000000000000000000000000000');
