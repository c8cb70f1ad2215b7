import type { EvmChain } from '../evm-chain.js';
import { type BlockOverrides, type CallRequest, RPC_GAS_CAP, estimateWith, revertError, runCall } from '../call.js';
import type { BlockRef } from '../rpc/codec.js';
import { stateBlock } from './block-ref.js';
import { type StateOverrides, applyStateOverrides } from './overrides.js';

/**
 * The block context for the "pending" tag, as coreth's DoCall builds it: the head's child, now, with the
 * estimated next base fee. User block overrides apply on top.
 */
function pendingOverrides(chain: EvmChain, ref: BlockRef, user: BlockOverrides | undefined): BlockOverrides | undefined {
  if (!('tag' in ref) || ref.tag !== 'pending') return user;
  return {
    number: chain.headNumber + 1n, time: BigInt(Math.floor(chain.nowMs() / 1000)), baseFee: chain.nextFees().baseFee,
    ...user,
  };
}

/** eth_call with state and block overrides (coreth's DoCall on a throw-away state). */
export async function callWithOverrides(chain: EvmChain, req: CallRequest, ref: BlockRef, state?: StateOverrides, block?: BlockOverrides): Promise<Uint8Array> {
  const b = await stateBlock(chain, ref);
  const view = await chain.stateView(b.block.header.number);
  await applyStateOverrides(view.state, state);
  const out = await runCall(view.vm, view.state, chain.common, view.block.block.header, req, req.gas ?? RPC_GAS_CAP, { overrides: pendingOverrides(chain, ref, block) });
  if (out.reverted) throw revertError(out.returnValue);
  if (!out.success) throw new Error(out.error ?? 'execution failed');
  return out.returnValue;
}

/** eth_estimateGas with state overrides (block overrides are not part of coreth's estimateGas). */
export async function estimateWithOverrides(chain: EvmChain, req: CallRequest, ref: BlockRef, state?: StateOverrides): Promise<bigint> {
  const b = await stateBlock(chain, ref);
  const view = await chain.stateView(b.block.header.number);
  await applyStateOverrides(view.state, state);
  const header = view.block.block.header;
  const cap = req.gas ?? (header.gasLimit < RPC_GAS_CAP ? header.gasLimit : RPC_GAS_CAP);
  return estimateWith((gas) => runCall(view.vm, view.state, chain.common, header, req, gas), cap);
}
