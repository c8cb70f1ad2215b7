import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { Capability, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToBigInt, toChecksumAddress } from '@ethereumjs/util';
import { bytesToHex } from '../../../lib/hex.js';
import { feeCap, tipCap } from './tx-pool.js';

/** coreth's txMaxSize: 4 slots of 32 KiB. */
export const TX_MAX_SIZE = 4 * 32 * 1024;
/** Tx-pool minimum tip (coreth `tx-pool-price-limit`, default 1 wei). */
export const MIN_TIP = 1n;
/** eth_sendRawTransaction fee cap (coreth `rpc-tx-fee-cap`, 100 AVAX). */
export const RPC_TX_FEE_CAP_WEI = 100n * 10n ** 18n;

/** A submission error; the message is what geth/coreth answer with (-32000). */
export class TxRejected extends Error {}

/**
 * Decodes a raw tx for this chain. Wrong chain id and unprotected legacy txs are refused as coreth's RPC
 * does; blob (type 3) and set-code (type 4) txs are not supported before Helicon.
 */
export function decodeRawTx(raw: Uint8Array, common: Common): TypedTransaction {
  if (raw.length === 0) throw new TxRejected('typed transaction too short');
  const type = raw[0]! >= 0xc0 ? 0 : raw[0]!;
  if (type > 2) throw new TxRejected('transaction type not supported');
  if (raw.length > TX_MAX_SIZE) throw new TxRejected(`oversized data: transaction size ${raw.length}, limit ${TX_MAX_SIZE}`);
  const chainId = txChainId(raw, type);
  if (chainId !== undefined && chainId !== common.chainId()) throw new TxRejected('invalid sender');
  let tx: TypedTransaction;
  try {
    tx = createTxFromRLP(raw, { common });
  } catch (e) {
    const msg = (e as Error).message;
    if (/maxFeePerGas cannot be less than maxPriorityFeePerGas/.test(msg)) throw new TxRejected('max priority fee per gas higher than max fee per gas');
    if (/chain ?id/i.test(msg) || /signature|invalid v|recovery/i.test(msg)) throw new TxRejected('invalid sender');
    throw new TxRejected(`rlp: ${msg.split(' (')[0]}`);
  }
  if (type === 0 && !tx.supports(Capability.EIP155ReplayProtection)) {
    throw new TxRejected('only replay-protected (EIP-155) transactions allowed over RPC');
  }
  if (!tx.verifySignature()) throw new TxRejected('invalid sender');
  return tx;
}

/** The chain id a raw tx is bound to (typed: first field; legacy: from v), undefined for pre-EIP-155. */
function txChainId(raw: Uint8Array, type: number): bigint | undefined {
  try {
    const fields = rlpDecodeList(type === 0 ? raw : raw.subarray(1));
    if (type !== 0) return bytesToBigInt(fields[0]!);
    const v = bytesToBigInt(fields[6] ?? new Uint8Array(0));
    return v >= 35n ? (v - 35n) / 2n : undefined;
  } catch {
    return undefined;
  }
}

function rlpDecodeList(b: Uint8Array): Uint8Array[] {
  const d = RLP.decode(b);
  if (!Array.isArray(d)) throw new Error('not a list');
  return d as Uint8Array[];
}

export interface StatelessLimits {
  blockGasLimit: bigint;
  /** The pool's minimum fee cap: the next block's base fee. */
  minFeeCap: bigint;
  /** The chain's intrinsic gas when it differs from ethereumjs' (warp predicates); throws why a tx has none. */
  intrinsicGas?: (tx: TypedTransaction) => bigint;
}

/** geth's ValidateTransaction checks that need no state, in geth's order. */
export function validateStateless(tx: TypedTransaction, limits: StatelessLimits): void {
  if (tx.gasLimit > limits.blockGasLimit) {
    throw new TxRejected(`exceeds block gas limit: tx gas (${tx.gasLimit}) > current max gas (${limits.blockGasLimit})`);
  }
  if (tipCap(tx) > feeCap(tx)) throw new TxRejected('max priority fee per gas higher than max fee per gas');
  const from = tx.getSenderAddress();
  let intrinsic: bigint;
  try {
    intrinsic = limits.intrinsicGas ? limits.intrinsicGas(tx) : tx.getIntrinsicGas();
  } catch (e) {
    throw new TxRejected((e as Error).message);
  }
  if (tx.gasLimit < intrinsic) {
    throw new TxRejected(`intrinsic gas too low: address ${toChecksumAddress(from.toString())} tx gas (${tx.gasLimit}), minimum needed ${intrinsic}`);
  }
  if (tipCap(tx) < MIN_TIP) throw new TxRejected(`transaction underpriced: gas tip cap ${tipCap(tx)}, minimum needed ${MIN_TIP}`);
  if (feeCap(tx) < limits.minFeeCap) {
    throw new TxRejected(`transaction underpriced: address ${toChecksumAddress(from.toString())} have gas fee cap (${feeCap(tx)}) < pool minimum fee cap (${limits.minFeeCap})`);
  }
}

/** geth's ValidateTransactionWithState: nonce and balance. */
export function validateWithState(tx: TypedTransaction, state: { nonce: bigint; balance: bigint }): void {
  if (tx.nonce < state.nonce) throw new TxRejected(`nonce too low: next nonce ${state.nonce}, tx nonce ${tx.nonce}`);
  const cost = tx.gasLimit * feeCap(tx) + tx.value;
  if (state.balance < cost) {
    throw new TxRejected(`insufficient funds for gas * price + value: balance ${state.balance}, tx cost ${cost}, overshot ${cost - state.balance}`);
  }
}

/** The RPC's fee cap (internal/ethapi checkTxFee). */
export function checkTxFee(tx: TypedTransaction): void {
  const fee = feeCap(tx) * tx.gasLimit;
  if (fee > RPC_TX_FEE_CAP_WEI) {
    const ether = (w: bigint) => (Number(w) / 1e18).toFixed(2);
    throw new TxRejected(`tx fee (${ether(fee)} ether) exceeds the configured cap (${ether(RPC_TX_FEE_CAP_WEI)} ether)`);
  }
}

export const txHashHex = (tx: TypedTransaction): string => bytesToHex(tx.hash());
