import type { JsonByteReader } from '../json-byte-reader.js';
import { KeyTable } from '../key-table.js';
import { ReadBlock, ReadReceipt, type BlockFields, type LogFields, type ReceiptFields, type TxFields } from './block-fields.js';

/**
 * BlockFields and ReceiptFields read straight from the JSON bytes of `eth_getBlockByNumber(n, true)` and
 * `eth_getBlockReceipts(n)` results: no object per field, hex decoded from the bytes. They take what
 * blockFieldsOf and receiptFieldsOf take, less some of it (quantities as JSON numbers, escapes in strings, a block
 * without its transactions...): on anything else they throw (the reader's Unreadable), and the caller parses the
 * text with JSON.parse and reads it with those, which give the error if there is one. Unknown keys are skipped; a
 * key given twice keeps its last value, as JSON.parse does.
 *
 * Each kind of object has its reader: a key is found in its KeyTable, the switch's case numbers are the indices of
 * the table's names, and the values are kept in locals until the object is made whole, with every field, so that all
 * objects of a kind share one shape. Byte values other than a block's hash and parent hash are views of the reader's
 * shared buffer (`JsonByteReader.bytes`): they live as long as the batch they are decoded for.
 */

/** An `eth_getBlockByNumber(n, true)` result. */
export function readBlockResult(r: JsonByteReader): ReadBlock {
  return new ReadBlock(readBlock(r));
}

/** An `eth_getBlockReceipts(n)` result. */
export function readReceiptsResult(r: JsonByteReader): ReadReceipt[] {
  const out: ReadReceipt[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(new ReadReceipt(readReceipt(r)));
  return out;
}

// Nulls leave optional fields undefined ("absent and null are the same").
const optQuantity = (r: JsonByteReader): bigint | undefined => (r.takeNull() ? undefined : r.quantity());
const optFixed = (r: JsonByteReader, length: number): Uint8Array | undefined => (r.takeNull() ? undefined : r.fixed(length));

function missing(r: JsonByteReader, name: string): never {
  return r.fail(`no ${name}`);
}

const BLOCK_KEYS = new KeyTable([
  'number', 'hash', 'parentHash', 'timestamp', 'miner', 'gasLimit', 'gasUsed', 'size', 'baseFeePerGas', 'blockGasCost',
  'extDataGasUsed', 'timestampMilliseconds', 'minDelayExcess', 'blockExtraData', 'transactions',
]);

function readBlock(r: JsonByteReader): BlockFields {
  let number, hash, parentHash, timestamp, miner, gasLimit, gasUsed, size, baseFee, blockGasCost, extDataGasUsed, timestampMs, minDelayExcess, extData, transactions;
  r.expect(0x7b);
  for (let member = 0; r.more(0x7d, member === 0); member++) {
    switch (BLOCK_KEYS.readKey(r, member)) {
      case 0: number = r.quantity(); break;
      // the hashes outlive the batch (the rollups and the chain's head keep them): their own bytes
      case 1: hash = r.fixed(32, true); break;
      case 2: parentHash = r.fixed(32, true); break;
      case 3: timestamp = r.quantity(); break;
      case 4: miner = r.fixed(20); break;
      case 5: gasLimit = r.quantity(); break;
      case 6: gasUsed = r.quantity(); break;
      case 7: size = optQuantity(r); break;
      case 8: baseFee = optQuantity(r); break;
      case 9: blockGasCost = optQuantity(r); break;
      case 10: extDataGasUsed = optQuantity(r); break;
      case 11: timestampMs = optQuantity(r); break;
      case 12: minDelayExcess = optQuantity(r); break;
      case 13: extData = r.takeNull() ? undefined : r.bytes(); break;
      case 14: transactions = readTransactions(r); break;
      default: r.skip();
    }
  }
  return {
    number: number ?? missing(r, 'number'), hash: hash ?? missing(r, 'hash'), parentHash: parentHash ?? missing(r, 'parentHash'),
    timestamp: timestamp ?? missing(r, 'timestamp'), miner: miner ?? missing(r, 'miner'), gasLimit: gasLimit ?? missing(r, 'gasLimit'),
    gasUsed: gasUsed ?? missing(r, 'gasUsed'), size, baseFee, blockGasCost, extDataGasUsed, timestampMs, minDelayExcess, extData,
    transactions: transactions ?? missing(r, 'transactions'),
  };
}

function readTransactions(r: JsonByteReader): TxFields[] {
  const out: TxFields[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(readTransaction(r));
  return out;
}

const TX_KEYS = new KeyTable([
  'hash', 'from', 'to', 'input', 'data', 'value', 'nonce', 'gas', 'gasPrice', 'type', 'maxFeePerGas', 'maxPriorityFeePerGas',
  'transactionIndex',
]);

function readTransaction(r: JsonByteReader): TxFields {
  let hash, from, to, input, data, value, nonce, gas, gasPrice, type, maxFeePerGas, maxPriorityFeePerGas, transactionIndex;
  r.expect(0x7b);
  for (let member = 0; r.more(0x7d, member === 0); member++) {
    switch (TX_KEYS.readKey(r, member)) {
      case 0: hash = r.fixed(32); break;
      case 1: from = r.fixed(20); break;
      case 2: to = optFixed(r, 20); break;
      case 3: input = r.bytes(); break;
      // nodes that name the input `data` give it under that key; `input` wins when both are there
      case 4: data = r.bytes(); break;
      case 5: value = r.quantity(); break;
      case 6: nonce = r.quantity(); break;
      case 7: gas = r.quantity(); break;
      case 8: gasPrice = optQuantity(r); break;
      case 9: type = optQuantity(r); break;
      case 10: maxFeePerGas = optQuantity(r); break;
      case 11: maxPriorityFeePerGas = optQuantity(r); break;
      case 12: transactionIndex = optQuantity(r); break;
      default: r.skip();
    }
  }
  return {
    hash: hash ?? missing(r, 'hash'), transactionIndex, from: from ?? missing(r, 'from'), to, input: input ?? data ?? missing(r, 'input'),
    gasPrice, value: value ?? missing(r, 'value'), nonce: nonce ?? missing(r, 'nonce'), type, gas: gas ?? missing(r, 'gas'),
    maxFeePerGas, maxPriorityFeePerGas,
  };
}

const RECEIPT_KEYS = new KeyTable(['transactionHash', 'blockHash', 'gasUsed', 'effectiveGasPrice', 'contractAddress', 'status', 'logs']);

function readReceipt(r: JsonByteReader): ReceiptFields {
  let transactionHash, blockHash, gasUsed, effectiveGasPrice, contractAddress, status;
  let logs: LogFields[] = [];
  r.expect(0x7b);
  for (let member = 0; r.more(0x7d, member === 0); member++) {
    switch (RECEIPT_KEYS.readKey(r, member)) {
      case 0: transactionHash = r.fixed(32); break;
      case 1: blockHash = r.fixed(32); break;
      case 2: gasUsed = r.quantity(); break;
      case 3: effectiveGasPrice = optQuantity(r); break;
      case 4: contractAddress = optFixed(r, 20); break;
      case 5: status = optQuantity(r); break;
      case 6: logs = r.takeNull() ? [] : readLogs(r); break;
      default: r.skip();
    }
  }
  return {
    transactionHash: transactionHash ?? missing(r, 'transactionHash'), blockHash: blockHash ?? missing(r, 'blockHash'),
    gasUsed: gasUsed ?? missing(r, 'gasUsed'), effectiveGasPrice, contractAddress, status, logs,
  };
}

function readLogs(r: JsonByteReader): LogFields[] {
  const out: LogFields[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(readLog(r));
  return out;
}

const LOG_KEYS = new KeyTable(['address', 'topics', 'data', 'logIndex']);

function readLog(r: JsonByteReader): LogFields {
  let address, topics, data, logIndex;
  r.expect(0x7b);
  for (let member = 0; r.more(0x7d, member === 0); member++) {
    switch (LOG_KEYS.readKey(r, member)) {
      case 0: address = r.fixed(20); break;
      case 1: topics = readTopics(r); break;
      case 2: data = r.bytes(); break;
      case 3: logIndex = r.quantity(); break;
      default: r.skip();
    }
  }
  if (logIndex !== undefined && logIndex > MAX_SAFE) r.fail('logIndex too large');
  return {
    address: address ?? missing(r, 'address'), topics: topics ?? missing(r, 'topics'), data: data ?? missing(r, 'data'),
    logIndex: logIndex === undefined ? missing(r, 'logIndex') : Number(logIndex),
  };
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function readTopics(r: JsonByteReader): Uint8Array[] {
  const out: Uint8Array[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) {
    if (out.length === 4) r.fail('more than 4 topics');
    out.push(r.fixed(32));
  }
  return out;
}
