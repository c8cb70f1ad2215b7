import { DEPLOYER_ALLOW_LIST_MODULE, TX_ALLOW_LIST_MODULE } from './allow-list-modules.js';
import { FEE_MANAGER_MODULE } from './fee-manager.js';
import { NATIVE_MINTER_MODULE } from './native-minter.js';
import { REWARD_MANAGER_MODULE } from './reward-manager.js';
import type { PrecompileModule } from './types.js';
import { WARP_MODULE } from './warp.js';

/**
 * The stateful precompiles a subnet-EVM chain knows, sorted by address as modules.RegisteredModules() returns
 * them (activations run in this order). Warp needs its chain's context (passed to the VM) to run.
 */
export const SUBNET_EVM_MODULES: readonly PrecompileModule[] = [
  DEPLOYER_ALLOW_LIST_MODULE, NATIVE_MINTER_MODULE, TX_ALLOW_LIST_MODULE, FEE_MANAGER_MODULE, REWARD_MANAGER_MODULE, WARP_MODULE,
];

export function sortModules(modules: readonly PrecompileModule[]): PrecompileModule[] {
  return [...modules].sort((a, b) => Buffer.compare(Buffer.from(a.address), Buffer.from(b.address)));
}
