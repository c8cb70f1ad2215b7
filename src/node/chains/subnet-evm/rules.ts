import type { Common } from '@ethereumjs/common';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import { TxRejected } from '../evm/tx-validation.js';
import type { BuildResult } from '../evm/block-builder.js';
import type { ChainBuildInput, ChainRules, VmParts } from '../evm/chain-rules.js';
import type { CorethBlock } from '../evm/coreth-block.js';
import type { CorethHeader } from '../evm/coreth-header.js';
import type { CorethGenesis } from '../evm/genesis.js';
import type { TrieDb } from '../evm/trie-db.js';
import type { WarpChainContext } from '../evm/warp/warp-predicates.js';
import { SUBNET_EVM_BLOCK_CODEC } from './block-codec.js';
import { buildSubnetBlock, txAllowListRefusal } from './block-builder.js';
import { type SubnetEvmConfig, rulesAt } from './chain-config.js';
import { childBaseFee } from './fee-window.js';
import { type SubnetGenesisExtras, buildSubnetGenesis } from './genesis.js';
import { type ParentContext, parentContext } from './parent-context.js';
import { directState } from './state-access.js';
import { createSubnetEvmVm } from './subnet-evm-vm.js';

/**
 * A subnet-EVM chain's rules for the shared EvmChain: its block layout, genesis, precompiles and hooks,
 * window fees under the fee config in force, and the tx allow list at the pool. What a child of the head
 * inherits (fee config, coinbase) is read from the head's state whenever the head changes.
 */
export class SubnetEvmRules implements ChainRules {
  readonly codec = SUBNET_EVM_BLOCK_CODEC;
  private head: { header: CorethHeader; context: ParentContext } | undefined;

  constructor(readonly label: string, readonly config: SubnetEvmConfig, private readonly genesisExtras: SubnetGenesisExtras, private readonly warp?: WarpChainContext) {}

  buildGenesis(genesis: CorethGenesis, db: TrieDb, common: Common): Promise<CorethBlock> {
    return buildSubnetGenesis(genesis, this.genesisExtras, this.config, db, common);
  }

  createVm(parts: VmParts): Promise<VM> {
    return createSubnetEvmVm(parts, this.config, this.warp);
  }

  buildBlock(inp: ChainBuildInput): Promise<BuildResult> {
    return buildSubnetBlock(inp, this.config);
  }

  async headChanged(head: CorethHeader, state: MerkleStateManager): Promise<void> {
    this.head = { header: head, context: await parentContext(this.config, head.timestamp, directState(state)) };
  }

  /** The fee config and coinbase children of the head get (eth_feeConfig, eth_baseFee). */
  get headContext(): ParentContext {
    if (!this.head) throw new Error(`${this.label}: no head yet`);
    return this.head.context;
  }

  childFees(parent: CorethHeader, childMs: bigint): { baseFee: bigint; gasLimit: bigint } {
    const { feeConfig } = this.headContext;
    return { baseFee: childBaseFee(parent, childMs / 1000n, feeConfig, rulesAt(this.config, parent.timestamp).IsSubnetEVM), gasLimit: feeConfig.gasLimit };
  }

  async admitTx(sender: Address, state: MerkleStateManager): Promise<void> {
    const time = this.head?.header.timestamp ?? 0n;
    const refusal = await txAllowListRefusal(this.config, time, directState(state), sender.bytes);
    if (refusal !== undefined) throw new TxRejected(refusal);
  }
}
