import type { JsonByteReader } from '../json-byte-reader.js';
import { ReadBlock, ReadReceipt, type BlockFields, type LogFields, type ReceiptFields, type TxFields } from './block-fields.js';

/**
 * BlockFields and ReceiptFields read straight from the JSON bytes of `eth_getBlockByNumber(n, true)` and
 * `eth_getBlockReceipts(n)` results: no object per field, hex decoded from the bytes. They take what
 * blockFieldsOf and receiptFieldsOf take, less some of it (quantities as JSON numbers, escapes in strings, a block
 * without its transactions...): on anything else they throw (the reader's Unreadable, or a missing field), and the
 * caller parses the text with JSON.parse and reads it with those, which give the error if there is one. Unknown
 * keys are skipped; a key given twice keeps its last value, as JSON.parse does.
 */

/** An `eth_getBlockByNumber(n, true)` result. */
export function readBlockResult(r: JsonByteReader): ReadBlock {
  return new ReadBlock(readBlockFields(r));
}

/** An `eth_getBlockReceipts(n)` result. */
export function readReceiptsResult(r: JsonByteReader): ReadReceipt[] {
  const out: ReadReceipt[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(new ReadReceipt(readReceipt(r)));
  return out;
}

const enum B {
  Number = 1, Hash = 2, ParentHash = 4, Timestamp = 8, Miner = 16, GasLimit = 32, GasUsed = 64, Transactions = 128,
}
const BLOCK_REQUIRED = B.Number | B.Hash | B.ParentHash | B.Timestamp | B.Miner | B.GasLimit | B.GasUsed | B.Transactions;

function readBlockFields(r: JsonByteReader): BlockFields {
  const out = {} as BlockFields;
  let seen = 0;
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    const k = r.key();
    switch (k % 0x10000) {
      case 4:
        if (r.keyIs(k, 'hash')) {
          out.hash = r.fixed(32);
          seen |= B.Hash;
          continue;
        }
        if (r.keyIs(k, 'size')) {
          optQuantity(r, out, 'size');
          continue;
        }
        break;
      case 5:
        if (r.keyIs(k, 'miner')) {
          out.miner = r.fixed(20);
          seen |= B.Miner;
          continue;
        }
        break;
      case 6:
        if (r.keyIs(k, 'number')) {
          out.number = r.quantity();
          seen |= B.Number;
          continue;
        }
        break;
      case 7:
        if (r.keyIs(k, 'gasUsed')) {
          out.gasUsed = r.quantity();
          seen |= B.GasUsed;
          continue;
        }
        break;
      case 8:
        if (r.keyIs(k, 'gasLimit')) {
          out.gasLimit = r.quantity();
          seen |= B.GasLimit;
          continue;
        }
        break;
      case 9:
        if (r.keyIs(k, 'timestamp')) {
          out.timestamp = r.quantity();
          seen |= B.Timestamp;
          continue;
        }
        break;
      case 10:
        if (r.keyIs(k, 'parentHash')) {
          out.parentHash = r.fixed(32);
          seen |= B.ParentHash;
          continue;
        }
        break;
      case 12:
        if (r.keyIs(k, 'transactions')) {
          out.transactions = readTransactions(r);
          seen |= B.Transactions;
          continue;
        }
        if (r.keyIs(k, 'blockGasCost')) {
          optQuantity(r, out, 'blockGasCost');
          continue;
        }
        break;
      case 13:
        if (r.keyIs(k, 'baseFeePerGas')) {
          optQuantity(r, out, 'baseFee');
          continue;
        }
        break;
      case 14:
        if (r.keyIs(k, 'extDataGasUsed')) {
          optQuantity(r, out, 'extDataGasUsed');
          continue;
        }
        if (r.keyIs(k, 'blockExtraData')) {
          if (r.takeNull()) delete out.extData;
          else out.extData = r.bytes();
          continue;
        }
        if (r.keyIs(k, 'minDelayExcess')) {
          optQuantity(r, out, 'minDelayExcess');
          continue;
        }
        break;
      case 21:
        if (r.keyIs(k, 'timestampMilliseconds')) {
          optQuantity(r, out, 'timestampMs');
          continue;
        }
        break;
    }
    r.skip();
  }
  if (seen !== BLOCK_REQUIRED) r.fail('a block field is missing');
  return out;
}

/** An optional quantity: null (or absent) leaves it unset. */
function optQuantity<T extends object, K extends keyof T>(r: JsonByteReader, target: T, key: K): void {
  if (r.takeNull()) delete target[key];
  else target[key] = r.quantity() as T[K];
}

function optAddress<T extends object, K extends keyof T>(r: JsonByteReader, target: T, key: K): void {
  if (r.takeNull()) delete target[key];
  else target[key] = r.fixed(20) as T[K];
}

function readTransactions(r: JsonByteReader): TxFields[] {
  const out: TxFields[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(readTransaction(r));
  return out;
}

const enum T { Hash = 1, From = 2, Value = 4, Nonce = 8, Gas = 16 }
const TX_REQUIRED = T.Hash | T.From | T.Value | T.Nonce | T.Gas;

function readTransaction(r: JsonByteReader): TxFields {
  const out = {} as TxFields;
  let seen = 0;
  let input: Uint8Array | undefined;
  let data: Uint8Array | undefined;
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    const k = r.key();
    switch (k % 0x10000) {
      case 2:
        if (r.keyIs(k, 'to')) {
          optAddress(r, out, 'to');
          continue;
        }
        break;
      case 3:
        if (r.keyIs(k, 'gas')) {
          out.gas = r.quantity();
          seen |= T.Gas;
          continue;
        }
        break;
      case 4:
        if (r.keyIs(k, 'hash')) {
          out.hash = r.fixed(32);
          seen |= T.Hash;
          continue;
        }
        if (r.keyIs(k, 'from')) {
          out.from = r.fixed(20);
          seen |= T.From;
          continue;
        }
        if (r.keyIs(k, 'type')) {
          optQuantity(r, out, 'type');
          continue;
        }
        if (r.keyIs(k, 'data')) {
          data = r.bytes();
          continue;
        }
        break;
      case 5:
        if (r.keyIs(k, 'value')) {
          out.value = r.quantity();
          seen |= T.Value;
          continue;
        }
        if (r.keyIs(k, 'nonce')) {
          out.nonce = r.quantity();
          seen |= T.Nonce;
          continue;
        }
        if (r.keyIs(k, 'input')) {
          input = r.bytes();
          continue;
        }
        break;
      case 8:
        if (r.keyIs(k, 'gasPrice')) {
          optQuantity(r, out, 'gasPrice');
          continue;
        }
        break;
      case 12:
        if (r.keyIs(k, 'maxFeePerGas')) {
          optQuantity(r, out, 'maxFeePerGas');
          continue;
        }
        break;
      case 16:
        if (r.keyIs(k, 'transactionIndex')) {
          optQuantity(r, out, 'transactionIndex');
          continue;
        }
        break;
      case 20:
        if (r.keyIs(k, 'maxPriorityFeePerGas')) {
          optQuantity(r, out, 'maxPriorityFeePerGas');
          continue;
        }
        break;
    }
    r.skip();
  }
  const bytes = input ?? data;
  if (seen !== TX_REQUIRED || bytes === undefined) r.fail('a transaction field is missing');
  out.input = bytes;
  return out;
}

const enum R { TransactionHash = 1, BlockHash = 2, GasUsed = 4 }
const RECEIPT_REQUIRED = R.TransactionHash | R.BlockHash | R.GasUsed;

function readReceipt(r: JsonByteReader): ReceiptFields {
  const out = { logs: [] as LogFields[] } as ReceiptFields;
  let seen = 0;
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    const k = r.key();
    switch (k % 0x10000) {
      case 4:
        if (r.keyIs(k, 'logs')) {
          out.logs = r.takeNull() ? [] : readLogs(r);
          continue;
        }
        break;
      case 6:
        if (r.keyIs(k, 'status')) {
          optQuantity(r, out, 'status');
          continue;
        }
        break;
      case 7:
        if (r.keyIs(k, 'gasUsed')) {
          out.gasUsed = r.quantity();
          seen |= R.GasUsed;
          continue;
        }
        break;
      case 9:
        if (r.keyIs(k, 'blockHash')) {
          out.blockHash = r.fixed(32);
          seen |= R.BlockHash;
          continue;
        }
        break;
      case 15:
        if (r.keyIs(k, 'transactionHash')) {
          out.transactionHash = r.fixed(32);
          seen |= R.TransactionHash;
          continue;
        }
        if (r.keyIs(k, 'contractAddress')) {
          optAddress(r, out, 'contractAddress');
          continue;
        }
        break;
      case 17:
        if (r.keyIs(k, 'effectiveGasPrice')) {
          optQuantity(r, out, 'effectiveGasPrice');
          continue;
        }
        break;
    }
    r.skip();
  }
  if (seen !== RECEIPT_REQUIRED) r.fail('a receipt field is missing');
  return out;
}

function readLogs(r: JsonByteReader): LogFields[] {
  const out: LogFields[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(readLog(r));
  return out;
}

const enum L { Address = 1, Topics = 2, Data = 4, LogIndex = 8 }
const LOG_REQUIRED = L.Address | L.Topics | L.Data | L.LogIndex;

function readLog(r: JsonByteReader): LogFields {
  const out = {} as LogFields;
  let seen = 0;
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    const k = r.key();
    if (r.keyIs(k, 'address')) {
      out.address = r.fixed(20);
      seen |= L.Address;
    } else if (r.keyIs(k, 'topics')) {
      const topics: Uint8Array[] = [];
      r.expect(0x5b);
      for (let f = true; r.more(0x5d, f); f = false) {
        if (topics.length === 4) r.fail('more than 4 topics');
        topics.push(r.fixed(32));
      }
      out.topics = topics;
      seen |= L.Topics;
    } else if (r.keyIs(k, 'data')) {
      out.data = r.bytes();
      seen |= L.Data;
    } else if (r.keyIs(k, 'logIndex')) {
      const n = r.quantity();
      if (n > BigInt(Number.MAX_SAFE_INTEGER)) r.fail('logIndex too large');
      out.logIndex = Number(n);
      seen |= L.LogIndex;
    } else {
      r.skip();
    }
  }
  if (seen !== LOG_REQUIRED) r.fail('a log field is missing');
  return out;
}
