import type { VM } from '@ethereumjs/vm';
import { applyPrecompileActivations } from '../../subnet-evm/activation.js';
import type { SubnetEvmConfig } from '../../subnet-evm/chain-config.js';
import { DEFAULT_FEE_CONFIG } from '../../subnet-evm/fee-config.js';
import type { NetworkUpgrades } from '../../subnet-evm/network-upgrades.js';
import { WARP_CONFIG_KEY, WARP_MODULE, warpModuleSettings } from '../../subnet-evm/precompiles/warp.js';
import { createSubnetEvmVm } from '../../subnet-evm/subnet-evm-vm.js';
import type { UpgradeActivations } from '../block-builder.js';
import type { VmParts } from '../chain-rules.js';
import type { WarpChainContext } from './warp-predicates.js';

/** The C-chain's warp: coreth registers the warp precompile with its default config at Durango (plugin/evm/vm.go). */
export interface CChainWarp {
  context: WarpChainContext;
  /** The node's network upgrade times (Durango enables warp; Granite reprices it). */
  upgrades: NetworkUpgrades;
}

/** The only stateful precompile coreth runs, as a subnet-EVM style config the shared EVM hooks read. */
export function corethWarpConfig(chainId: bigint, upgrades: NetworkUpgrades): SubnetEvmConfig {
  const durango = upgrades.durangoTimestamp;
  return {
    chainId, feeConfig: DEFAULT_FEE_CONFIG, allowFeeRecipients: false, upgrades,
    genesisPrecompiles: durango === undefined ? [] : [{
      key: WARP_CONFIG_KEY, blockTimestamp: durango, disable: false, allowList: { adminAddresses: [], managerAddresses: [], enabledAddresses: [] }, noAllowList: true,
      settings: warpModuleSettings({ quorumNumerator: 0n, requirePrimaryNetworkSigners: false }),
    }],
    precompileUpgrades: [], modules: [WARP_MODULE], eip150Hash: '0x' + '00'.repeat(32),
  };
}

/** The C-chain's VM with the warp precompile and predicates (coreth's execution hooks for them). */
export function createCorethWarpVm(parts: VmParts, warp: CChainWarp): Promise<VM> {
  return createSubnetEvmVm(parts, corethWarpConfig(parts.common.chainId(), warp.upgrades), warp.context);
}

/**
 * coreth's ApplyPrecompileActivations with warp its one precompile: the genesis (when Durango is active at
 * its time) or the first block at or after Durango configures the warp account (nonce 1, code 0x01), so it
 * is not empty under EIP-158 and Solidity's extcodesize check passes.
 */
export function corethWarpActivations(upgrades: NetworkUpgrades): UpgradeActivations {
  let config: SubnetEvmConfig | undefined; // built once: this runs before every block
  return async (state, parentTime, block, chainId) => {
    if (config?.chainId !== chainId) config = corethWarpConfig(chainId, upgrades);
    await applyPrecompileActivations(config, parentTime, block, state);
  };
}
