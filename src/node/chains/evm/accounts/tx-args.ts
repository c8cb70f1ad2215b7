import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { bytesToHex } from '../../../../lib/hex.js';
import type { CallRequest } from '../call.js';
import type { EvmChain } from '../evm-chain.js';
import { fromRpc } from '../rpc/codec.js';

/** geth's TransactionArgs: the call fields plus nonce and chainId. */
export interface TxArgs extends CallRequest {
  nonce?: bigint;
  chainId?: bigint;
}

export function parseTxArgs(v: unknown, index: number): TxArgs {
  const args: TxArgs = fromRpc.callRequest(v, index);
  const o = v as Record<string, unknown>;
  if (o.nonce !== undefined && o.nonce !== null) args.nonce = fromRpc.quantity(o.nonce, index, 64);
  if (o.chainId !== undefined && o.chainId !== null) args.chainId = fromRpc.quantity(o.chainId, index);
  return args;
}

/**
 * geth's TransactionArgs.setDefaults for eth_sendTransaction: fees (tip = the oracle's suggestion,
 * fee cap = tip + 2 × next base fee), nonce (pending), gas (estimated), chain id (checked).
 */
export async function fillTxDefaults(chain: EvmChain, args: TxArgs): Promise<Required<Pick<TxArgs, 'from' | 'nonce' | 'gas' | 'chainId'>> & TxArgs> {
  const out: TxArgs = { ...args };
  if (out.gasPrice === undefined) {
    out.maxPriorityFeePerGas ??= await chain.gasOracle.suggestTip();
    out.maxFeePerGas ??= out.maxPriorityFeePerGas + 2n * chain.nextFees().baseFee;
    if (out.maxFeePerGas < out.maxPriorityFeePerGas) {
      throw new Error(`maxFeePerGas (${out.maxFeePerGas}) < maxPriorityFeePerGas (${out.maxPriorityFeePerGas})`);
    }
  }
  out.value ??= 0n;
  const from = out.from ?? new Uint8Array(20);
  out.from = from;
  out.nonce ??= await chain.getPendingNonce(from);
  if (out.to === undefined && (out.data === undefined || out.data.length === 0)) {
    throw new Error('contract creation without any data provided');
  }
  if (out.gas === undefined) {
    // Estimated without the fee fields: the head's base fee can exceed the next block's (the genesis
    // header carries 225 gwei while ACP-176 starts at 1 wei), and the pool checks the fees anyway.
    const { nonce: _n, chainId: _c, gasPrice: _g, maxFeePerGas: _m, maxPriorityFeePerGas: _t, ...call } = out;
    out.gas = await chain.estimateGas(call);
  }
  if (out.chainId === undefined) out.chainId = chain.chainId;
  else if (out.chainId !== chain.chainId) throw new Error(`chainId does not match node's (have=${out.chainId}, want=${chain.chainId})`);
  return out as Required<Pick<TxArgs, 'from' | 'nonce' | 'gas' | 'chainId'>> & TxArgs;
}

/** geth's ToTransaction: a fee cap makes a dynamic-fee tx, an access list an access-list tx, else legacy. */
export function buildUnsignedTx(chain: EvmChain, a: TxArgs): TypedTransaction {
  const base = {
    nonce: a.nonce ?? 0n, gasLimit: a.gas ?? 0n, value: a.value ?? 0n, data: a.data ?? new Uint8Array(0),
    ...(a.to ? { to: new Address(a.to) } : {}),
  };
  const accessList = (a.accessList ?? []).map((e) => ({ address: bytesToHex(e.address), storageKeys: e.storageKeys.map(bytesToHex) }));
  const opts = { common: chain.common };
  if (a.maxFeePerGas !== undefined) {
    return createTx({ ...base, type: 2, maxFeePerGas: a.maxFeePerGas, maxPriorityFeePerGas: a.maxPriorityFeePerGas ?? 0n, accessList } as never, opts);
  }
  if (a.accessList !== undefined) return createTx({ ...base, type: 1, gasPrice: a.gasPrice ?? 0n, accessList } as never, opts);
  return createTx({ ...base, type: 0, gasPrice: a.gasPrice ?? 0n } as never, opts);
}

/** eth_signTransaction's stricter rule: the caller must give gas, fees and nonce. */
export function requireSignable(a: TxArgs): void {
  if (a.gas === undefined) throw new Error('gas not specified');
  if (a.gasPrice === undefined && (a.maxPriorityFeePerGas === undefined || a.maxFeePerGas === undefined)) {
    throw new Error('missing gasPrice or maxFeePerGas/maxPriorityFeePerGas');
  }
  if (a.nonce === undefined) throw new Error('nonce not specified');
}
