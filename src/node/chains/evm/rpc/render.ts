import type { TypedTransaction } from '@ethereumjs/tx';
import type { BlockCodec } from '../block-codec.js';
import type { StoredBlock } from '../block-store.js';
import { keccak256 } from '../crypto.js';
import type { FoundTx } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';
import { toRpc } from './codec.js';
import { rpcTxOf, type RpcTx } from './rpc-tx.js';

/** Header fields only coreth blocks carry. */
export const CORETH_ONLY_FIELDS = ['extDataHash', 'extDataGasUsed', 'blockExtraData'] as const;

const q = toRpc.quantity;
const d = toRpc.data;

/** A found tx whose transaction is already an RpcTx (read straight from a stored block). */
export type RpcFoundTx = Omit<FoundTx, 'tx'> & { tx: RpcTx };

const isRpcTx = (tx: TypedTransaction | RpcTx): tx is RpcTx => 'feeMarket' in tx;
const asRpcTx = (tx: TypedTransaction | RpcTx): RpcTx => (isRpcTx(tx) ? tx : rpcTxOf(tx));
// a mined tx's `raw` is its encoding as stored in the block
const asRpcFound = (found: FoundTx | RpcFoundTx): RpcFoundTx =>
  (isRpcTx(found.tx) ? (found as RpcFoundTx) : { ...found, tx: rpcTxOf(found.tx, found.location ? found.raw : undefined) });

/** Every key a block's JSON may have, sorted once (Go marshals a map with sorted keys; coreth's block JSON is a map). */
const BLOCK_KEYS = [
  'number', 'hash', 'parentHash', 'nonce', 'mixHash', 'sha3Uncles', 'logsBloom', 'stateRoot', 'miner', 'difficulty', 'extraData',
  'gasLimit', 'gasUsed', 'timestamp', 'transactionsRoot', 'receiptsRoot', 'extDataHash', 'size', 'blockExtraData', 'uncles',
  'totalDifficulty', 'baseFeePerGas', 'extDataGasUsed', 'blockGasCost', 'blobGasUsed', 'excessBlobGas', 'parentBeaconBlockRoot',
  'timestampMilliseconds', 'minDelayExcess', 'transactions',
].sort();

function sorted(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of BLOCK_KEYS) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/**
 * coreth's RPCMarshalBlock (+ totalDifficulty = number, as difficulty is 1 per block). Subnet-EVM's has no
 * extDataHash, extDataGasUsed or blockExtraData.
 */
export function blockJson(stored: StoredBlock, txs: readonly (TypedTransaction | RpcTx)[], receipts: StoredReceipt[] | undefined, fullTx: boolean, format: BlockCodec['format'] = 'coreth'): Record<string, unknown> {
  const h = stored.block.header;
  const fields: Record<string, unknown> = {
    number: q(h.number), hash: d(stored.hash), parentHash: d(h.parentHash), nonce: d(h.nonce), mixHash: d(h.mixHash),
    sha3Uncles: d(h.uncleHash), logsBloom: d(h.bloom), stateRoot: d(h.stateRoot), miner: d(h.coinbase),
    difficulty: q(h.difficulty), extraData: d(h.extra), gasLimit: q(h.gasLimit), gasUsed: q(h.gasUsed),
    timestamp: q(h.timestamp), transactionsRoot: d(h.txRoot), receiptsRoot: d(h.receiptRoot), extDataHash: d(h.extDataHash),
    size: q(stored.bytes.length), blockExtraData: d(stored.block.extData), uncles: [], totalDifficulty: q(h.number),
  };
  if (h.baseFee !== undefined) fields.baseFeePerGas = q(h.baseFee);
  if (h.extDataGasUsed !== undefined) fields.extDataGasUsed = q(h.extDataGasUsed);
  if (h.blockGasCost !== undefined) fields.blockGasCost = q(h.blockGasCost);
  if (h.blobGasUsed !== undefined) fields.blobGasUsed = q(h.blobGasUsed);
  if (h.excessBlobGas !== undefined) fields.excessBlobGas = q(h.excessBlobGas);
  if (h.parentBeaconRoot !== undefined) fields.parentBeaconBlockRoot = d(h.parentBeaconRoot);
  if (h.timestampMs !== undefined) fields.timestampMilliseconds = q(h.timestampMs);
  if (h.minDelayExcess !== undefined) fields.minDelayExcess = q(h.minDelayExcess);
  if (format === 'subnet-evm') for (const k of CORETH_ONLY_FIELDS) delete fields[k];
  fields.transactions = fullTx
    ? txs.map((tx, i) => txJson({ tx: asRpcTx(tx), raw: stored.block.txs[i]!, from: receipts?.[i]?.from ?? senderOf(tx), block: stored, location: { blockHash: stored.hash, blockNumber: h.number, index: i } }))
    : txs.map((tx, i) => d(isRpcTx(tx) ? tx.hash() : keccak256(stored.block.txs[i]!)));
  return sorted(fields);
}

function txHashHex(found: RpcFoundTx): string {
  return d(found.tx.hash());
}

/** The sender, recovered from the signature: only when no receipt says who it is. */
function senderOf(tx: TypedTransaction | RpcTx): Uint8Array {
  if (isRpcTx(tx)) throw new Error('the sender of a transaction without its receipt needs the decoded transaction');
  return tx.getSenderAddress().bytes;
}

/** geth's RPCTransaction, in its struct field order. */
export function txJson(input: FoundTx | RpcFoundTx): Record<string, unknown> {
  const found = asRpcFound(input);
  const { tx, block, location } = found;
  const baseFee = block?.block.header.baseFee;
  const out: Record<string, unknown> = {
    blockHash: location ? d(location.blockHash) : null,
    blockNumber: location ? q(location.blockNumber) : null,
    from: d(found.from),
    gas: q(tx.gasLimit),
  };
  if (tx.feeMarket) {
    // mined: the effective price; pending: the fee cap
    const tip = baseFee === undefined ? 0n : (tx.tipCap < tx.feeCap - baseFee ? tx.tipCap : tx.feeCap - baseFee);
    out.gasPrice = q(location && baseFee !== undefined ? baseFee + tip : tx.feeCap);
    out.maxFeePerGas = q(tx.feeCap);
    out.maxPriorityFeePerGas = q(tx.tipCap);
  } else {
    out.gasPrice = q(tx.feeCap);
  }
  out.hash = txHashHex(found);
  out.input = d(tx.data);
  out.nonce = q(tx.nonce);
  out.to = tx.to ? d(tx.to) : null;
  out.transactionIndex = location ? q(location.index) : null;
  out.value = q(tx.value);
  out.type = q(tx.type);
  if (tx.type !== 0) out.accessList = (tx.accessList ?? []).map(([a, keys]) => ({ address: d(a), storageKeys: keys.map(d) }));
  if (tx.chainId !== undefined) out.chainId = q(tx.chainId);
  out.v = q(tx.v);
  out.r = q(tx.r);
  out.s = q(tx.s);
  if (tx.type !== 0) out.yParity = q(tx.v);
  return out;
}

/** geth's receipt map (sorted keys). `logIndexBase` = number of logs before this tx in its block. */
export function receiptJson(input: FoundTx | RpcFoundTx, logIndexBase: number): Record<string, unknown> {
  const found = asRpcFound(input);
  const r = found.receipt!;
  const loc = found.location!;
  // the same strings go into every log of the receipt
  const shared: LogContext = { blockHash: d(loc.blockHash), blockNumber: q(loc.blockNumber), transactionHash: txHashHex(found), transactionIndex: q(loc.index) };
  // the keys are written in sorted order
  return {
    blockHash: shared.blockHash,
    blockNumber: shared.blockNumber,
    contractAddress: r.contractAddress ? d(r.contractAddress) : null,
    cumulativeGasUsed: q(r.cumulativeGasUsed),
    effectiveGasPrice: q(r.effectiveGasPrice),
    from: d(r.from),
    gasUsed: q(r.gasUsed),
    logs: r.logs.map((log, i) => logJson(log, found, logIndexBase + i, shared)),
    logsBloom: d(r.bloom),
    status: q(r.status),
    to: found.tx.to ? d(found.tx.to) : null,
    transactionHash: shared.transactionHash,
    transactionIndex: shared.transactionIndex,
    type: q(found.tx.type),
  };
}

/** The RPC strings a log takes from its transaction. */
interface LogContext {
  blockHash: string;
  blockNumber: string;
  transactionHash: string;
  transactionIndex: string;
}

export function logJson(log: StoredReceipt['logs'][number], found: FoundTx | RpcFoundTx, logIndex: number, context?: LogContext): Record<string, unknown> {
  const loc = found.location!;
  const c = context ?? { blockHash: d(loc.blockHash), blockNumber: q(loc.blockNumber), transactionHash: txHashHex(asRpcFound(found)), transactionIndex: q(loc.index) };
  return {
    address: d(log[0]), topics: log[1].map(d), data: d(log[2]), blockNumber: c.blockNumber,
    transactionHash: c.transactionHash, transactionIndex: c.transactionIndex, blockHash: c.blockHash,
    logIndex: q(logIndex), removed: false,
  };
}
