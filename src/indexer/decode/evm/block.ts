import { sameBytes } from '../../../lib/bytes.js';
import type { EvmBlockRecord, EvmLogRecord, EvmTransactionRecord } from '../../../store/writers/evm/evm-batch.js';
import {
  address, asArray, asObject, data, EvmDecodeError, hash, optAddress, optData, optQuantity, parseFixedData, quantity, smallQuantity, toHex,
  type WireObject,
} from './wire.js';

/** One block with its transactions merged with their receipts, and the receipts' logs. */
export interface DecodedBlock {
  block: EvmBlockRecord;
  transactions: EvmTransactionRecord[];
  logs: EvmLogRecord[];
}

/**
 * Decode `eth_getBlockByNumber(n, true)` and the receipts of its transactions (in block order, from
 * `eth_getBlockReceipts` or one `eth_getTransactionReceipt` each). The receipts must be this block's:
 * same count, same transaction hashes, same block hash.
 */
export function decodeBlock(rawBlock: unknown, rawReceipts: readonly unknown[], internalTxsIndexed: boolean): DecodedBlock {
  const b = asObject(rawBlock, 'block');
  const number = quantity(b, 'number', 'block');
  const where = `block ${number}`;
  const blockHash = hash(b, 'hash', where);
  const timestamp = quantity(b, 'timestamp', where);
  const rawTxs = asArray(b.transactions, `${where}.transactions`);
  if (rawReceipts.length !== rawTxs.length) {
    throw new EvmDecodeError(`${where}: ${rawTxs.length} transactions but ${rawReceipts.length} receipts`);
  }

  const transactions: EvmTransactionRecord[] = new Array(rawTxs.length);
  const logs: EvmLogRecord[] = [];
  let feesSpent = 0n;
  for (let i = 0; i < rawTxs.length; i++) {
    const tx = decodeTransaction(rawTxs[i], i, number, timestamp, rawReceipts[i], blockHash, logs);
    feesSpent += tx.gasUsed * tx.effectiveGasPrice;
    transactions[i] = tx;
  }

  const extData = optData(b, 'blockExtraData', where);
  const block: EvmBlockRecord = {
    number,
    hash: blockHash,
    parentHash: hash(b, 'parentHash', where),
    timestamp,
    miner: address(b, 'miner', where),
    gasLimit: quantity(b, 'gasLimit', where),
    gasUsed: quantity(b, 'gasUsed', where),
    txCount: rawTxs.length,
    feesSpent,
    internalTxsIndexed,
  };
  const size = optQuantity(b, 'size', where);
  if (size !== undefined) block.size = Number(size);
  setIfPresent(block, 'baseFee', optQuantity(b, 'baseFeePerGas', where));
  setIfPresent(block, 'blockGasCost', optQuantity(b, 'blockGasCost', where));
  setIfPresent(block, 'extDataGasUsed', optQuantity(b, 'extDataGasUsed', where));
  setIfPresent(block, 'timestampMs', optQuantity(b, 'timestampMilliseconds', where));
  setIfPresent(block, 'minDelayExcess', optQuantity(b, 'minDelayExcess', where));
  if (extData !== undefined) block.extData = extData;
  return { block, transactions, logs };
}

function setIfPresent<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function decodeTransaction(
  rawTx: unknown, index: number, blockNumber: bigint, blockTimestamp: bigint, rawReceipt: unknown, blockHash: Uint8Array, logs: EvmLogRecord[],
): EvmTransactionRecord {
  const where = `block ${blockNumber} tx ${index}`;
  if (typeof rawTx === 'string') throw new EvmDecodeError(`${where}: the block was fetched without full transactions`);
  const t = asObject(rawTx, where);
  const inReceipt = `${where} receipt`;
  const r = asObject(rawReceipt, inReceipt);
  const txHash = hash(t, 'hash', where);
  const receiptHash = hash(r, 'transactionHash', inReceipt);
  if (!sameBytes(txHash, receiptHash)) {
    throw new EvmDecodeError(`${where}: receipt is for ${toHex(receiptHash)}, not ${toHex(txHash)}`);
  }
  const receiptBlock = hash(r, 'blockHash', inReceipt);
  if (!sameBytes(receiptBlock, blockHash)) {
    throw new EvmDecodeError(`${where}: receipt is from block ${toHex(receiptBlock)}, not ${toHex(blockHash)} (the chain moved while fetching)`);
  }
  const declaredIndex = optQuantity(t, 'transactionIndex', where);
  if (declaredIndex !== undefined && declaredIndex !== BigInt(index)) {
    throw new EvmDecodeError(`${where}: transactionIndex is ${declaredIndex}`);
  }

  const to = optAddress(t, 'to', where);
  const input = t.input !== undefined ? data(t, 'input', where) : data(t, 'data', where);
  const gasUsed = quantity(r, 'gasUsed', inReceipt);
  const declaredPrice = optQuantity(t, 'gasPrice', where);
  // pre-London nodes give no effectiveGasPrice: the legacy gasPrice is what was paid
  const effectiveGasPrice = optQuantity(r, 'effectiveGasPrice', inReceipt) ?? declaredPrice;
  if (effectiveGasPrice === undefined) throw new EvmDecodeError(`${where}: neither effectiveGasPrice nor gasPrice`);

  const tx: EvmTransactionRecord = {
    blockNumber,
    index,
    hash: txHash,
    blockTimestamp,
    from: address(t, 'from', where),
    value: quantity(t, 'value', where),
    nonce: quantity(t, 'nonce', where),
    type: Number(optQuantity(t, 'type', where) ?? 0n),
    gasLimit: quantity(t, 'gas', where),
    gasPrice: declaredPrice ?? effectiveGasPrice,
    gasUsed,
    effectiveGasPrice,
    input,
  };
  if (to) {
    tx.to = to;
    if (input.length >= 4) tx.methodId = input.subarray(0, 4);
  }
  setIfPresent(tx, 'contractAddress', optAddress(r, 'contractAddress', inReceipt));
  setIfPresent(tx, 'maxFeePerGas', optQuantity(t, 'maxFeePerGas', where));
  setIfPresent(tx, 'maxPriorityFeePerGas', optQuantity(t, 'maxPriorityFeePerGas', where));
  const status = optQuantity(r, 'status', inReceipt);
  if (status !== undefined) tx.status = Number(status);

  const rawLogs = r.logs === undefined || r.logs === null ? [] : asArray(r.logs, `${where} receipt.logs`);
  for (let j = 0; j < rawLogs.length; j++) {
    const inLog = `${where} log ${j}`;
    logs.push(decodeLog(asObject(rawLogs[j], inLog), blockNumber, index, inLog));
  }
  return tx;
}

const TOPIC_KEYS = ['topics[0]', 'topics[1]', 'topics[2]', 'topics[3]'];

function decodeLog(l: WireObject, blockNumber: bigint, txIndex: number, where: string): EvmLogRecord {
  const rawTopics = asArray(l.topics, `${where}.topics`);
  if (rawTopics.length > 4) throw new EvmDecodeError(`${where}: ${rawTopics.length} topics`);
  const topics: Uint8Array[] = new Array(rawTopics.length);
  for (let k = 0; k < rawTopics.length; k++) topics[k] = parseFixedData(rawTopics[k], 32, where, TOPIC_KEYS[k]);
  return {
    blockNumber,
    logIndex: smallQuantity(l, 'logIndex', where),
    txIndex,
    address: address(l, 'address', where),
    topics,
    data: data(l, 'data', where),
  };
}
