import type { JsonByteReader } from '../json-byte-reader.js';
import { ReadBlock, ReadReceipt, type BlockFields, type LogFields, type ReceiptFields, type TxFields } from './block-fields.js';

/**
 * BlockFields and ReceiptFields read straight from the JSON bytes of `eth_getBlockByNumber(n, true)` and
 * `eth_getBlockReceipts(n)` results: no object per field, hex decoded from the bytes. They take what
 * blockFieldsOf and receiptFieldsOf take, less some of it (quantities as JSON numbers, escapes in strings, a block
 * without its transactions...): on anything else they throw (the reader's Unreadable), and the caller parses the
 * text with JSON.parse and reads it with those, which give the error if there is one. Unknown keys are skipped; a
 * key given twice keeps its last value, as JSON.parse does.
 */

/** An `eth_getBlockByNumber(n, true)` result. */
export function readBlockResult(r: JsonByteReader): ReadBlock {
  return new ReadBlock(BLOCK.read(r, {} as BlockFields));
}

/** An `eth_getBlockReceipts(n)` result. */
export function readReceiptsResult(r: JsonByteReader): ReadReceipt[] {
  return arrayOf(r, (rr) => new ReadReceipt(RECEIPT.read(rr, { logs: [] as LogFields[] } as ReceiptFields)));
}

/** Reads one key's value into `out`. */
type FieldReader<T> = (r: JsonByteReader, out: T) => void;

/** The members of one kind of object: a reader per key it takes, and the keys it must have. */
class ObjectReader<T extends object> {
  /** Readers by key length, then name: a key is matched on its bytes, no string made. */
  private readonly byLength: [string, FieldReader<T>][][] = [];

  constructor(fields: { [name: string]: FieldReader<T> }, private readonly required: readonly (keyof T)[]) {
    for (const [name, read] of Object.entries(fields)) (this.byLength[name.length] ??= []).push([name, read]);
  }

  read(r: JsonByteReader, out: T): T {
    r.expect(0x7b);
    for (let first = true; r.more(0x7d, first); first = false) {
      const k = r.key();
      const candidates = this.byLength[k % 0x10000];
      let read: FieldReader<T> | undefined;
      if (candidates) for (const [name, reader] of candidates) if (r.keyIs(k, name)) read = reader;
      if (read) read(r, out);
      else r.skip();
    }
    for (const key of this.required) if (out[key] === undefined) r.fail(`no ${String(key)}`);
    return out;
  }
}

function arrayOf<T>(r: JsonByteReader, item: (r: JsonByteReader) => T): T[] {
  const out: T[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) out.push(item(r));
  return out;
}

// The field readers take the key they set; nulls unset the optional ones ("absent and null are the same").
const quantity = <T>(key: keyof T): FieldReader<T> => (r, out) => {
  out[key] = r.quantity() as T[keyof T];
};
const optQuantity = <T>(key: keyof T): FieldReader<T> => (r, out) => {
  if (r.takeNull()) delete out[key];
  else out[key] = r.quantity() as T[keyof T];
};
const fixed = <T>(key: keyof T, length: number): FieldReader<T> => (r, out) => {
  out[key] = r.fixed(length) as T[keyof T];
};
const optFixed = <T>(key: keyof T, length: number): FieldReader<T> => (r, out) => {
  if (r.takeNull()) delete out[key];
  else out[key] = r.fixed(length) as T[keyof T];
};
const bytes = <T>(key: keyof T): FieldReader<T> => (r, out) => {
  out[key] = r.bytes() as T[keyof T];
};

/** A transaction as read: nodes that name the input `data` give it under that key. */
type TxRead = TxFields & { data?: Uint8Array };

const TRANSACTION = new ObjectReader<TxRead>({
  hash: fixed('hash', 32), from: fixed('from', 20), to: optFixed('to', 20), input: bytes('input'), data: bytes('data'),
  value: quantity('value'), nonce: quantity('nonce'), gas: quantity('gas'), gasPrice: optQuantity('gasPrice'), type: optQuantity('type'),
  maxFeePerGas: optQuantity('maxFeePerGas'), maxPriorityFeePerGas: optQuantity('maxPriorityFeePerGas'),
  transactionIndex: optQuantity('transactionIndex'),
}, ['hash', 'from', 'value', 'nonce', 'gas']);

function readTransaction(r: JsonByteReader): TxFields {
  const tx = TRANSACTION.read(r, {} as TxRead);
  if (tx.data !== undefined) {
    tx.input ??= tx.data;
    delete tx.data;
  }
  if (tx.input === undefined) r.fail('no input');
  return tx;
}

const BLOCK = new ObjectReader<BlockFields>({
  number: quantity('number'), hash: fixed('hash', 32), parentHash: fixed('parentHash', 32), timestamp: quantity('timestamp'),
  miner: fixed('miner', 20), gasLimit: quantity('gasLimit'), gasUsed: quantity('gasUsed'), size: optQuantity('size'),
  baseFeePerGas: optQuantity('baseFee'), blockGasCost: optQuantity('blockGasCost'), extDataGasUsed: optQuantity('extDataGasUsed'),
  timestampMilliseconds: optQuantity('timestampMs'), minDelayExcess: optQuantity('minDelayExcess'),
  blockExtraData: (r, out) => {
    if (r.takeNull()) delete out.extData;
    else out.extData = r.bytes();
  },
  transactions: (r, out) => {
    out.transactions = arrayOf(r, readTransaction);
  },
}, ['number', 'hash', 'parentHash', 'timestamp', 'miner', 'gasLimit', 'gasUsed', 'transactions']);

const LOG = new ObjectReader<LogFields>({
  address: fixed('address', 20), data: bytes('data'),
  topics: (r, out) => {
    out.topics = arrayOf(r, (rr) => rr.fixed(32));
    if (out.topics.length > 4) r.fail('more than 4 topics');
  },
  logIndex: (r, out) => {
    const n = r.quantity();
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) r.fail('logIndex too large');
    out.logIndex = Number(n);
  },
}, ['address', 'topics', 'data', 'logIndex']);

const RECEIPT = new ObjectReader<ReceiptFields>({
  transactionHash: fixed('transactionHash', 32), blockHash: fixed('blockHash', 32), gasUsed: quantity('gasUsed'),
  effectiveGasPrice: optQuantity('effectiveGasPrice'), contractAddress: optFixed('contractAddress', 20), status: optQuantity('status'),
  logs: (r, out) => {
    out.logs = r.takeNull() ? [] : arrayOf(r, (rr) => LOG.read(rr, {} as LogFields));
  },
}, ['transactionHash', 'blockHash', 'gasUsed']);
