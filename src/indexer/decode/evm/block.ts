import { sameBytes } from '../../../lib/bytes.js';
import type { EvmBlockRecord, EvmLogRecord, EvmTransactionRecord } from '../../../store/writers/evm/evm-batch.js';
import {
  blockFieldsOf, ReadBlock, ReadReceipt, receiptFieldsOf, setIfPresent, type BlockFields, type ReceiptFields, type TxFields,
} from './block-fields.js';
import { EvmDecodeError, toHex } from './wire.js';

/** One block with its transactions merged with their receipts, and the receipts' logs. */
export interface DecodedBlock {
  block: EvmBlockRecord;
  transactions: EvmTransactionRecord[];
  logs: EvmLogRecord[];
}

/**
 * Decode `eth_getBlockByNumber(n, true)` and the receipts of its transactions (in block order, from
 * `eth_getBlockReceipts` or one `eth_getTransactionReceipt` each): parsed JSON, or fields already read from the
 * reply's bytes (ReadBlock, ReadReceipt). See decodeBlockFields.
 */
export function decodeBlock(rawBlock: unknown, rawReceipts: readonly unknown[], internalTxsIndexed: boolean): DecodedBlock {
  const block = rawBlock instanceof ReadBlock ? rawBlock.fields : blockFieldsOf(rawBlock);
  const receipts = rawReceipts.map((r, i) => (r instanceof ReadReceipt ? r.fields : receiptFieldsOf(r, `block ${block.number} tx ${i}`)));
  return decodeBlockFields(block, receipts, internalTxsIndexed);
}

/**
 * A block's rows from its fields and its receipts'. The receipts must be this block's: same count, same
 * transaction hashes, same block hash.
 */
export function decodeBlockFields(b: BlockFields, receipts: readonly ReceiptFields[], internalTxsIndexed: boolean): DecodedBlock {
  const { number, timestamp } = b;
  if (receipts.length !== b.transactions.length) {
    throw new EvmDecodeError(`block ${number}: ${b.transactions.length} transactions but ${receipts.length} receipts`);
  }
  const transactions: EvmTransactionRecord[] = new Array(receipts.length);
  const logs: EvmLogRecord[] = [];
  let feesSpent = 0n;
  for (let i = 0; i < receipts.length; i++) {
    const tx = mergeTransaction(b.transactions[i]!, receipts[i]!, i, number, timestamp, b.hash, logs);
    feesSpent += tx.gasUsed * tx.effectiveGasPrice;
    transactions[i] = tx;
  }

  const block: EvmBlockRecord = {
    number,
    hash: b.hash,
    parentHash: b.parentHash,
    timestamp,
    miner: b.miner,
    gasLimit: b.gasLimit,
    gasUsed: b.gasUsed,
    txCount: receipts.length,
    feesSpent,
    internalTxsIndexed,
  };
  if (b.size !== undefined) block.size = Number(b.size);
  setIfPresent(block, 'baseFee', b.baseFee);
  setIfPresent(block, 'blockGasCost', b.blockGasCost);
  setIfPresent(block, 'extDataGasUsed', b.extDataGasUsed);
  setIfPresent(block, 'timestampMs', b.timestampMs);
  setIfPresent(block, 'minDelayExcess', b.minDelayExcess);
  setIfPresent(block, 'extData', b.extData);
  return { block, transactions, logs };
}

/** A transaction's name in errors, made only when one is thrown (a string per transaction cost more than the checks). */
const txName = (blockNumber: bigint, index: number) => `block ${blockNumber} tx ${index}`;

function mergeTransaction(
  t: TxFields, r: ReceiptFields, index: number, blockNumber: bigint, blockTimestamp: bigint, blockHash: Uint8Array, logs: EvmLogRecord[],
): EvmTransactionRecord {
  if (!sameBytes(t.hash, r.transactionHash)) {
    throw new EvmDecodeError(`${txName(blockNumber, index)}: receipt is for ${toHex(r.transactionHash)}, not ${toHex(t.hash)}`);
  }
  if (!sameBytes(r.blockHash, blockHash)) {
    throw new EvmDecodeError(`${txName(blockNumber, index)}: receipt is from block ${toHex(r.blockHash)}, not ${toHex(blockHash)} (the chain moved while fetching)`);
  }
  if (t.transactionIndex !== undefined && Number(t.transactionIndex) !== index) {
    throw new EvmDecodeError(`${txName(blockNumber, index)}: transactionIndex is ${t.transactionIndex}`);
  }
  // pre-London nodes give no effectiveGasPrice: the legacy gasPrice is what was paid
  const effectiveGasPrice = r.effectiveGasPrice ?? t.gasPrice;
  if (effectiveGasPrice === undefined) throw new EvmDecodeError(`${txName(blockNumber, index)}: neither effectiveGasPrice nor gasPrice`);

  const tx: EvmTransactionRecord = {
    blockNumber,
    index,
    hash: t.hash,
    blockTimestamp,
    from: t.from,
    value: t.value,
    nonce: t.nonce,
    type: Number(t.type ?? 0n),
    gasLimit: t.gas,
    gasPrice: t.gasPrice ?? effectiveGasPrice,
    gasUsed: r.gasUsed,
    effectiveGasPrice,
    input: t.input,
  };
  if (t.to) {
    tx.to = t.to;
    if (t.input.length >= 4) tx.methodId = t.input.subarray(0, 4);
  }
  setIfPresent(tx, 'contractAddress', r.contractAddress);
  setIfPresent(tx, 'maxFeePerGas', t.maxFeePerGas);
  setIfPresent(tx, 'maxPriorityFeePerGas', t.maxPriorityFeePerGas);
  if (r.status !== undefined) tx.status = Number(r.status);
  for (const l of r.logs) logs.push({ blockNumber, logIndex: l.logIndex, txIndex: index, address: l.address, topics: l.topics, data: l.data });
  return tx;
}
