import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { bytesToHex } from '../../../../lib/hex.js';
import type { CallRequest } from '../call.js';
import type { EvmChain } from '../evm-chain.js';

/**
 * An unsigned tx from transaction args, with the defaults a node fills in (eth_sendUnsignedTransaction):
 * nonce = pending nonce, gas = estimate, fees = EIP-1559 with the oracle's tip and twice the next base fee,
 * or a legacy / access-list tx when `gasPrice` is given.
 */
export async function unsignedTxFrom(chain: EvmChain, req: CallRequest & { from: Uint8Array; nonce?: bigint }): Promise<TypedTransaction> {
  const nonce = req.nonce ?? (await chain.getPendingNonce(req.from));
  const gasLimit = req.gas ?? (await chain.estimateGas(req));
  const base = {
    nonce, gasLimit, value: req.value ?? 0n, data: req.data ?? new Uint8Array(0),
    ...(req.to ? { to: new Address(req.to) } : {}),
  };
  const accessList = (req.accessList ?? []).map((a) => ({ address: bytesToHex(a.address), storageKeys: a.storageKeys.map(bytesToHex) }));
  const common = chain.common;
  if (req.gasPrice !== undefined) {
    return createTx({ ...base, type: accessList.length ? 1 : 0, gasPrice: req.gasPrice, ...(accessList.length ? { accessList } : {}) } as never, { common, freeze: false });
  }
  const tip = req.maxPriorityFeePerGas ?? (await chain.gasOracle.suggestTip());
  const maxFee = req.maxFeePerGas ?? chain.nextFees().baseFee * 2n + tip;
  return createTx({ ...base, type: 2, maxFeePerGas: maxFee, maxPriorityFeePerGas: tip, accessList } as never, { common, freeze: false });
}
