import type { EvmTransaction } from '../../../store/queries/evm/transactions.js';
import { ZERO_ADDRESS } from '../codecs/address.js';
import { decimal, safeNumber } from '../codecs/decimal.js';
import { hexOf } from '../codecs/hex.js';
import { methodOf, type MethodWire } from './method.js';
import { richAddress, type ContractLabels, type RichAddressWire } from './rich-address.js';

/** NativeTransaction (glacier.json): a transaction as the lists show it. */
export interface NativeTransactionWire {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockMinDelayExcess?: number;
  blockHash: string;
  chainId: string;
  blockIndex: number;
  txHash: string;
  txStatus: string;
  txType: number;
  gasLimit: string;
  gasUsed: string;
  gasPrice: string;
  nonce: string;
  from: RichAddressWire;
  to: RichAddressWire;
  method: MethodWire;
  value: string;
}

/** FullNativeTransactionDetails: the single-transaction form, with input and fee caps. */
export interface FullNativeTransactionWire extends NativeTransactionWire {
  input: string;
  baseFeePerGas: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

/** The addresses a transaction shows (for contract labels). */
export function transactionAddresses(tx: EvmTransaction): Uint8Array[] {
  return [tx.from, tx.to ?? tx.contractAddress ?? ZERO_ADDRESS];
}

/**
 * A stored transaction on the wire. `to` of a contract creation is the contract it created (the field is
 * required); `txStatus` is "1" or "0" (a receipt without status, before Byzantium, counts as success).
 */
export function nativeTransactionOf(tx: EvmTransaction, chainId: string, labels?: ContractLabels): NativeTransactionWire {
  return {
    blockNumber: decimal(tx.blockNumber),
    blockTimestamp: tx.blockTimestamp,
    ...(tx.blockTimestampMs !== undefined ? { blockTimestampMilliseconds: tx.blockTimestampMs } : {}),
    ...(tx.blockMinDelayExcess !== undefined ? { blockMinDelayExcess: safeNumber(tx.blockMinDelayExcess) } : {}),
    blockHash: hexOf(tx.blockHash),
    chainId,
    blockIndex: tx.index,
    txHash: hexOf(tx.hash),
    txStatus: String(tx.status ?? 1),
    txType: tx.type,
    gasLimit: decimal(tx.gasLimit),
    gasUsed: decimal(tx.gasUsed),
    gasPrice: decimal(tx.gasPrice),
    nonce: decimal(tx.nonce),
    from: richAddress(tx.from, labels),
    to: richAddress(tx.to ?? tx.contractAddress ?? ZERO_ADDRESS, labels),
    method: methodOf(tx),
    value: decimal(tx.value),
  };
}

/** The single-transaction form; `baseFeePerGas` is the block's base fee ("0" before base fees existed). */
export function fullNativeTransactionOf(tx: EvmTransaction, chainId: string, labels?: ContractLabels): FullNativeTransactionWire {
  return {
    ...nativeTransactionOf(tx, chainId, labels),
    input: hexOf(tx.input ?? new Uint8Array()),
    baseFeePerGas: decimal(tx.blockBaseFee ?? 0n),
    ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: decimal(tx.maxFeePerGas) } : {}),
    ...(tx.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: decimal(tx.maxPriorityFeePerGas) } : {}),
  };
}
