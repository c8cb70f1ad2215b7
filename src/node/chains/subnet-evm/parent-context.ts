import { type SubnetEvmConfig, isPrecompileEnabled, rulesAt } from './chain-config.js';
import { DEFAULT_FEE_CONFIG, type FeeConfig } from './fee-config.js';
import { BLACKHOLE_ADDRESS } from './precompiles/addresses.js';
import { FEE_MANAGER_MODULE, readFeeConfigLastChangedAt, readStoredFeeConfig } from './precompiles/fee-manager.js';
import { REWARD_MANAGER_MODULE, readRewardConfig } from './precompiles/reward-manager.js';
import type { PrecompileState } from './precompiles/types.js';

/** What a block's children inherit from it: the fee config in force and where their fees go. */
export interface ParentContext {
  feeConfig: FeeConfig;
  /** eth_feeConfig's lastChangedAt: 0 without a FeeManager; undefined before SubnetEVM. */
  lastChangedAt: bigint | undefined;
  coinbase: Uint8Array;
}

/**
 * GetFeeConfigAt and GetCoinbaseAt for a block at `time` whose state `state` is: the FeeManager's stored
 * config while it is enabled, else the genesis one; the RewardManager's reward address while it is enabled,
 * else the black hole. Where fee recipients are allowed the producer picks the coinbase: this node's
 * etherbase, the black hole.
 */
export async function parentContext(config: SubnetEvmConfig, time: bigint, state: PrecompileState): Promise<ParentContext> {
  if (!rulesAt(config, time).IsSubnetEVM) return { feeConfig: DEFAULT_FEE_CONFIG, lastChangedAt: undefined, coinbase: BLACKHOLE_ADDRESS };
  let feeConfig = config.feeConfig;
  let lastChangedAt = 0n;
  if (isPrecompileEnabled(config, FEE_MANAGER_MODULE.key, time)) {
    feeConfig = await readStoredFeeConfig(state);
    lastChangedAt = await readFeeConfigLastChangedAt(state);
  }
  let coinbase = BLACKHOLE_ADDRESS;
  if (isPrecompileEnabled(config, REWARD_MANAGER_MODULE.key, time)) {
    const r = await readRewardConfig(state);
    if (!r.allowFeeRecipients) coinbase = r.rewardAddress;
  }
  return { feeConfig, lastChangedAt, coinbase };
}
