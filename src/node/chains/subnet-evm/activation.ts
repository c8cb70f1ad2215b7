import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account, Address } from '@ethereumjs/util';
import { type SubnetEvmConfig, activatingConfigs } from './chain-config.js';
import { configureAllowList } from './precompiles/allow-list.js';
import { directState } from './state-access.js';

const PRECOMPILE_CODE = new Uint8Array([0x01]);

/**
 * ApplyPrecompileActivations: every precompile config taking effect between the parent's time (exclusive;
 * undefined for genesis) and this block's is applied to `state` before the block's txs, in module order. A
 * disabling config deletes the precompile's account and storage; an enabling one marks the account
 * non-empty (nonce 1, code 0x01, so Solidity's extcodesize check passes) and runs the module's Configure.
 */
export async function applyPrecompileActivations(
  config: SubnetEvmConfig, parentTime: bigint | undefined, block: { number: bigint; time: bigint }, state: MerkleStateManager,
): Promise<string[]> {
  const applied: string[] = [];
  const writer = directState(state);
  for (const module of config.modules) {
    const address = new Address(module.address);
    for (const c of activatingConfigs(config, module.key, parentTime, block.time)) {
      applied.push(`${c.disable ? 'disable' : 'enable'} ${module.key}`);
      if (c.disable) {
        await state.clearStorage(address);
        await state.deleteAccount(address);
        continue;
      }
      const account = (await state.getAccount(address)) ?? new Account();
      account.nonce = 1n;
      await state.putAccount(address, account);
      await state.putCode(address, PRECOMPILE_CODE);
      try {
        await c.settings.configure({ state: writer, blockNumber: block.number, chain: { feeConfig: config.feeConfig, allowFeeRecipients: config.allowFeeRecipients } });
        await configureAllowList(c.allowList, writer, module.address);
      } catch (e) {
        throw new Error(`could not configure precompile, name: ${module.key}, reason: ${(e as Error).message}`);
      }
    }
  }
  return applied;
}
