import type { Common, StateManagerInterface } from '@ethereumjs/common';
import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address, toChecksumAddress } from '@ethereumjs/util';
import { type Block, createBlock } from '@ethereumjs/block';
import { runTx, type VM } from '@ethereumjs/vm';
import { unpackRevert } from './revert-reason.js';
import { ClientError } from '../../../lib/errors.js';
import { bytesToHex } from '../../../lib/hex.js';
import { envBlock } from './block-builder.js';
import type { CorethHeader } from './coreth-header.js';
import { tryViewCall } from './view-call/view-call.js';

/** eth_call / eth_estimateGas arguments, decoded. */
export interface CallRequest {
  from?: Uint8Array;
  to?: Uint8Array;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  value?: bigint;
  data?: Uint8Array;
  accessList?: { address: Uint8Array; storageKeys: Uint8Array[] }[];
}

export interface CallOutcome {
  success: boolean;
  reverted: boolean;
  returnValue: Uint8Array;
  gasUsed: bigint;
  /** EVM error name when not successful (e.g. "out of gas"). */
  error?: string;
}

/** geth's BlockOverrides for eth_call: header fields the call sees instead of the block's. */
export interface BlockOverrides {
  number?: bigint;
  difficulty?: bigint;
  time?: bigint;
  gasLimit?: bigint;
  coinbase?: Uint8Array;
  baseFee?: bigint;
  blobBaseFee?: bigint;
}

/** coreth's default `rpc-gas-cap`. */
export const RPC_GAS_CAP = 50_000_000n;

/** A revert as geth reports it: code 3, "execution reverted[: reason]", data = the revert bytes. */
export function revertError(data: Uint8Array): ClientError {
  const reason = unpackRevert(data);
  return new ClientError(reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`, 3, bytesToHex(data));
}

/** An unsigned call message from an arbitrary sender, as a tx ethereumjs can run. */
export function callTx(common: Common, req: CallRequest, nonce: bigint, gas: bigint): TypedTransaction {
  const base = {
    nonce, gasLimit: gas, value: req.value ?? 0n, data: req.data ?? new Uint8Array(0),
    ...(req.to ? { to: new Address(req.to) } : {}),
  };
  const accessList = (req.accessList ?? []).map((a) => ({ address: bytesToHex(a.address), storageKeys: a.storageKeys.map(bytesToHex) }));
  const tx = req.maxFeePerGas !== undefined || req.maxPriorityFeePerGas !== undefined
    ? createTx({ ...base, type: 2, maxFeePerGas: req.maxFeePerGas ?? req.maxPriorityFeePerGas ?? 0n, maxPriorityFeePerGas: req.maxPriorityFeePerGas ?? 0n, accessList } as never, { common, freeze: false })
    : createTx({ ...base, type: accessList.length ? 1 : 0, gasPrice: req.gasPrice ?? 0n, ...(accessList.length ? { accessList } : {}) } as never, { common, freeze: false });
  const from = new Address(req.from ?? new Uint8Array(20));
  // Unsigned message from an arbitrary sender, as geth's eth_call: runTx only asks the tx for its sender.
  (tx as unknown as { getSenderAddress: () => Address }).getSenderAddress = () => from;
  return tx;
}

/** The gas price a call offers (0 when it names none). */
export const callGasPrice = (req: CallRequest): bigint => req.gasPrice ?? req.maxFeePerGas ?? req.maxPriorityFeePerGas ?? 0n;

/**
 * Runs a message on `state` (a throw-away view at `header`'s state, or a CallState) in `header`'s context, as geth's DoCall:
 * no nonce check; with a zero gas price the base fee is treated as 0 (NoBaseFee). A call that only reads runs on
 * the view interpreter (view-call/), anything else on ethereumjs; `fullEvm` sends every call to ethereumjs (a tracer
 * observes ethereumjs' steps).
 */
export async function runCall(
  vm: VM, state: StateManagerInterface, common: Common, header: CorethHeader, req: CallRequest, gas: bigint,
  { overrides, fullEvm = false }: { overrides?: BlockOverrides; fullEvm?: boolean } = {},
): Promise<CallOutcome> {
  const from = new Address(req.from ?? new Uint8Array(20));
  const price = callGasPrice(req);
  const block = callBlock(common, header, req, overrides);
  // Every read happens inside the checkpoint: a read outside it would be written back to the trie when the revert empties the checkpoints.
  await state.checkpoint();
  try {
    const fast = fullEvm ? undefined : await tryViewCall(vm, state, block, req, gas);
    if (fast !== undefined) return fast;
    const tx = callTx(common, req, (await state.getAccount(from))?.nonce ?? 0n, gas);
    const res = await runTx(vm, {
      tx, block, skipNonce: true, skipBalance: price === 0n && (req.value ?? 0n) === 0n,
      skipBlockGasLimitValidation: true, skipHardForkValidation: true,
    });
    const err = res.execResult.exceptionError;
    return {
      success: err === undefined, reverted: err?.error === 'revert', returnValue: res.execResult.returnValue,
      gasUsed: res.totalGasSpent, ...(err ? { error: err.error } : {}),
    };
  } catch (e) {
    throw new ClientError(gethCallError((e as Error).message, from, header));
  } finally {
    await state.revert();
  }
}

/** The block a call runs in: `header`'s context with the overrides; with a zero gas price the base fee is 0 (geth's NoBaseFee). */
export function callBlock(common: Common, header: CorethHeader, req: CallRequest, overrides?: BlockOverrides): Block {
  const env = {
    number: overrides?.number ?? header.number, timestamp: overrides?.time ?? header.timestamp,
    gasLimit: overrides?.gasLimit ?? header.gasLimit, baseFee: callGasPrice(req) === 0n ? 0n : overrides?.baseFee ?? header.baseFee ?? 0n,
  };
  return overrides?.coinbase ? overriddenBlock(common, env, overrides.coinbase) : keptEnvBlock(common, env);
}

/** The env blocks of recent calls (a block is immutable, and building one costs more than a simple call). */
const envBlocks = new WeakMap<Common, Map<string, Block>>();

function keptEnvBlock(common: Common, env: { number: bigint; timestamp: bigint; gasLimit: bigint; baseFee: bigint }): Block {
  let kept = envBlocks.get(common);
  if (!kept) envBlocks.set(common, (kept = new Map()));
  const key = `${env.number}:${env.timestamp}:${env.gasLimit}:${env.baseFee}`;
  let block = kept.get(key);
  if (!block) {
    if (kept.size >= 16) kept.delete(kept.keys().next().value!);
    kept.set(key, (block = envBlock(common, env)));
  }
  return block;
}

/** envBlock with another coinbase (block overrides). */
function overriddenBlock(common: Common, env: { number: bigint; timestamp: bigint; gasLimit: bigint; baseFee: bigint }, coinbase: Uint8Array) {
  const base = envBlock(common, env);
  return createBlock({ header: { ...base.header.toJSON(), coinbase: new Address(coinbase) } }, { common, skipConsensusFormatValidation: true });
}

/**
 * geth's gas estimation: fail fast at the cap, then binary search between the used gas and the cap, with
 * its 64/63 first guess. `run(gas)` executes the message with that gas limit.
 */
export async function estimateWith(run: (gas: bigint) => Promise<CallOutcome>, cap: bigint): Promise<bigint> {
  let hi = cap;
  const first = await run(hi);
  if (!first.success) {
    if (first.reverted) throw revertError(first.returnValue);
    if (first.error === 'out of gas') throw new ClientError(`gas required exceeds allowance (${cap})`);
    throw new ClientError(first.error ?? 'execution failed');
  }
  let lo = first.gasUsed - 1n;
  const guess = (first.gasUsed * 64n) / 63n;
  if (guess < hi) {
    const g = await run(guess);
    if (g.success) hi = guess; else lo = guess;
  }
  while (lo + 1n < hi) {
    const mid = (lo + hi) / 2n;
    const r = await run(mid).catch(() => undefined);
    if (r?.success) hi = mid; else lo = mid;
  }
  return hi;
}

/** ethereumjs' pre-execution errors in geth's words. */
export function gethCallError(msg: string, from: Address, header: CorethHeader): string {
  const core = msg.replace(/ \(vm hf=.*$/s, '');
  const funds = /cost is: (\d+) and the sender's account \(.*\) only has: (\d+)/.exec(core);
  if (funds) {
    return `insufficient funds for gas * price + value: address ${toChecksumAddress(from.toString())} have ${funds[2]} want ${funds[1]}`;
  }
  const intrinsic = /tx gas limit (\d+) is lower than the minimum gas limit of (\d+)/.exec(core);
  if (intrinsic) return `intrinsic gas too low: have ${intrinsic[1]}, want ${intrinsic[2]}`;
  const fee = /\((\d+)\) is less than the block's baseFeePerGas \((\d+)\)/.exec(core);
  if (fee) {
    return `max fee per gas less than block base fee: address ${toChecksumAddress(from.toString())}, maxFeePerGas: ${fee[1]}, baseFee: ${fee[2] ?? header.baseFee}`;
  }
  return core;
}
