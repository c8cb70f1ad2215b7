import type { Common, StateManagerInterface } from '@ethereumjs/common';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { Address } from '@ethereumjs/util';
import { createVM, type VM, type VMOpts } from '@ethereumjs/vm';
import { type BlockCodec, CORETH_BLOCK_CODEC } from './block-codec.js';
import { type BuildInput, type BuildResult, buildBlock, childFees } from './block-builder.js';
import type { CorethBlock } from './coreth-block.js';
import type { CorethHeader } from './coreth-header.js';
import { type FeeConfig, desiredDelayExcess } from './fees.js';
import { type CorethGenesis, buildGenesis } from './genesis.js';
import { P256_VERIFY_ADDRESS, p256VerifyPrecompile } from './p256-verify.js';
import type { TrieDb } from './trie-db.js';
import { type CChainWarp, corethWarpActivations, createCorethWarpVm } from './warp/c-chain-warp.js';

/** What the chain hands the rules to build a block: everything but the rules' own fee settings and activations. */
export type ChainBuildInput = Omit<BuildInput, 'feeConfig' | 'desiredDelayExcess' | 'activations'>;

export interface VmParts {
  common: Common;
  stateManager: StateManagerInterface;
  blockchain: NonNullable<VMOpts['blockchain']>;
}

/**
 * The rules an EvmChain runs by: how its blocks are laid out, its genesis, its precompiles and execution
 * hooks, its fee algorithm and block building. The C-chain runs coreth's; subnet-EVM chains their own.
 */
export interface ChainRules {
  /** Names the chain in logs ("C-chain", or the chain's name). */
  readonly label: string;
  readonly codec: BlockCodec;
  /** The genesis block, its state written to `db`. */
  buildGenesis(genesis: CorethGenesis, db: TrieDb, common: Common): Promise<CorethBlock>;
  /** A VM over the given state with this chain's precompiles and execution hooks. */
  createVm(parts: VmParts): Promise<VM>;
  buildBlock(inp: ChainBuildInput): Promise<BuildResult>;
  /** Base fee and gas limit of a child of `parent` built at `childMs` (eth_baseFee, the pool's minimum fee cap). */
  childFees(parent: CorethHeader, childMs: bigint): { baseFee: bigint; gasLimit: bigint };
  /** The head or its state changed; `state` is at the head's effective root. Runs before the new head is visible. */
  headChanged?(head: CorethHeader, state: MerkleStateManager): Promise<void>;
  /** Pool admission beyond geth's checks, on the head state; throws the rejection. */
  admitTx?(sender: Address, state: MerkleStateManager): Promise<void>;
}

/** coreth's stateless precompiles beyond Ethereum's: RIP-7212 P256VERIFY (Granite). */
export const CORETH_EVM_OPTS = { customPrecompiles: [{ address: P256_VERIFY_ADDRESS, function: p256VerifyPrecompile }] };

/** The C-chain: coreth's blocks, ACP-176 fees with the node's `fees` settings, atomic ext data; warp when wired. */
export function corethRules(fees: FeeConfig, warp?: CChainWarp): ChainRules {
  const delayExcess = fees.desiredMinDelayMs === undefined ? undefined : desiredDelayExcess(fees.desiredMinDelayMs);
  // warp's account is configured when Durango takes effect: in the genesis, or the first block at or after it
  const activations = warp ? corethWarpActivations(warp.upgrades) : undefined;
  return {
    label: 'C-chain',
    codec: CORETH_BLOCK_CODEC,
    buildGenesis: (genesis, db, common) => buildGenesis(genesis, db, common, activations),
    createVm: (parts) => (warp ? createCorethWarpVm(parts, warp) : createVM({ ...parts, evmOpts: CORETH_EVM_OPTS })),
    buildBlock: (inp) => buildBlock({
      ...inp, feeConfig: fees, ...(delayExcess !== undefined ? { desiredDelayExcess: delayExcess } : {}), ...(activations ? { activations } : {}),
    }),
    childFees: (parent, childMs) => childFees(parent, childMs, fees),
  };
}
