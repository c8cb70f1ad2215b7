import { keyHashOf, type JsonByteReader } from '../json-byte-reader.js';
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
  return new ReadBlock(BLOCK.read(r));
}

/** An `eth_getBlockReceipts(n)` result. */
export function readReceiptsResult(r: JsonByteReader): ReadReceipt[] {
  return arrayOf(r, (rr) => new ReadReceipt(RECEIPT.read(rr)));
}

/** Reads one key's value into `out`. */
type FieldReader<T> = (r: JsonByteReader, out: T) => void;

/**
 * The members of one kind of object: a reader per key it takes, and the keys it must have. Each object starts from
 * `make`, which lists every field (undefined until read), so all objects of a kind share one shape; each field reader
 * stores one named property. A key is found by the hash `key()` computes as it scans it, then confirmed on its bytes.
 */
class ObjectReader<T extends object> {
  private readonly byHash = new Map<number, { name: string; read: FieldReader<T> }>();

  constructor(private readonly make: () => T, fields: { [name: string]: FieldReader<T> }, private readonly required: readonly (keyof T)[]) {
    for (const [name, read] of Object.entries(fields)) {
      const hash = keyHashOf(name);
      const other = this.byHash.get(hash);
      if (other) throw new Error(`keys ${other.name} and ${name} share a hash`);
      this.byHash.set(hash, { name, read });
    }
  }

  read(r: JsonByteReader): T {
    const out = this.make();
    r.expect(0x7b);
    for (let first = true; r.more(0x7d, first); first = false) {
      const k = r.key();
      const field = this.byHash.get(r.keyHash);
      if (field !== undefined && r.keyIs(k, field.name)) field.read(r, out);
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

// Nulls leave optional fields undefined ("absent and null are the same"): r.takeNull() ? undefined : ...
const optQuantity = (r: JsonByteReader): bigint | undefined => (r.takeNull() ? undefined : r.quantity());
const optFixed = (r: JsonByteReader, length: number): Uint8Array | undefined => (r.takeNull() ? undefined : r.fixed(length));

/** A transaction as read: nodes that name the input `data` give it under that key. */
type TxRead = TxFields & { data?: Uint8Array };

const TRANSACTION = new ObjectReader<TxRead>(() => ({
  hash: undefined!, transactionIndex: undefined, from: undefined!, to: undefined, input: undefined!, data: undefined, gasPrice: undefined,
  value: undefined!, nonce: undefined!, type: undefined, gas: undefined!, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined,
}), {
  hash: (r, o) => { o.hash = r.fixed(32); },
  from: (r, o) => { o.from = r.fixed(20); },
  to: (r, o) => { o.to = optFixed(r, 20); },
  input: (r, o) => { o.input = r.bytes(); },
  data: (r, o) => { o.data = r.bytes(); },
  value: (r, o) => { o.value = r.quantity(); },
  nonce: (r, o) => { o.nonce = r.quantity(); },
  gas: (r, o) => { o.gas = r.quantity(); },
  gasPrice: (r, o) => { o.gasPrice = optQuantity(r); },
  type: (r, o) => { o.type = optQuantity(r); },
  maxFeePerGas: (r, o) => { o.maxFeePerGas = optQuantity(r); },
  maxPriorityFeePerGas: (r, o) => { o.maxPriorityFeePerGas = optQuantity(r); },
  transactionIndex: (r, o) => { o.transactionIndex = optQuantity(r); },
}, ['hash', 'from', 'value', 'nonce', 'gas']);

function readTransaction(r: JsonByteReader): TxFields {
  const tx = TRANSACTION.read(r);
  if (tx.data !== undefined) {
    tx.input ??= tx.data;
    tx.data = undefined;
  }
  if (tx.input === undefined) r.fail('no input');
  return tx;
}

const BLOCK = new ObjectReader<BlockFields>(() => ({
  number: undefined!, hash: undefined!, parentHash: undefined!, timestamp: undefined!, miner: undefined!, gasLimit: undefined!, gasUsed: undefined!,
  size: undefined, baseFee: undefined, blockGasCost: undefined, extDataGasUsed: undefined, timestampMs: undefined, minDelayExcess: undefined,
  extData: undefined, transactions: undefined!,
}), {
  number: (r, o) => { o.number = r.quantity(); },
  hash: (r, o) => { o.hash = r.fixed(32); },
  parentHash: (r, o) => { o.parentHash = r.fixed(32); },
  timestamp: (r, o) => { o.timestamp = r.quantity(); },
  miner: (r, o) => { o.miner = r.fixed(20); },
  gasLimit: (r, o) => { o.gasLimit = r.quantity(); },
  gasUsed: (r, o) => { o.gasUsed = r.quantity(); },
  size: (r, o) => { o.size = optQuantity(r); },
  baseFeePerGas: (r, o) => { o.baseFee = optQuantity(r); },
  blockGasCost: (r, o) => { o.blockGasCost = optQuantity(r); },
  extDataGasUsed: (r, o) => { o.extDataGasUsed = optQuantity(r); },
  timestampMilliseconds: (r, o) => { o.timestampMs = optQuantity(r); },
  minDelayExcess: (r, o) => { o.minDelayExcess = optQuantity(r); },
  blockExtraData: (r, o) => { o.extData = r.takeNull() ? undefined : r.bytes(); },
  transactions: (r, o) => { o.transactions = arrayOf(r, readTransaction); },
}, ['number', 'hash', 'parentHash', 'timestamp', 'miner', 'gasLimit', 'gasUsed', 'transactions']);

const LOG = new ObjectReader<LogFields>(() => ({ address: undefined!, topics: undefined!, data: undefined!, logIndex: undefined! }), {
  address: (r, o) => { o.address = r.fixed(20); },
  data: (r, o) => { o.data = r.bytes(); },
  topics: (r, o) => {
    o.topics = arrayOf(r, (rr) => rr.fixed(32));
    if (o.topics.length > 4) r.fail('more than 4 topics');
  },
  logIndex: (r, o) => {
    const n = r.quantity();
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) r.fail('logIndex too large');
    o.logIndex = Number(n);
  },
}, ['address', 'topics', 'data', 'logIndex']);

const readLog = (r: JsonByteReader) => LOG.read(r);

const RECEIPT = new ObjectReader<ReceiptFields>(() => ({
  transactionHash: undefined!, blockHash: undefined!, gasUsed: undefined!, effectiveGasPrice: undefined, contractAddress: undefined,
  status: undefined, logs: [],
}), {
  transactionHash: (r, o) => { o.transactionHash = r.fixed(32); },
  blockHash: (r, o) => { o.blockHash = r.fixed(32); },
  gasUsed: (r, o) => { o.gasUsed = r.quantity(); },
  effectiveGasPrice: (r, o) => { o.effectiveGasPrice = optQuantity(r); },
  contractAddress: (r, o) => { o.contractAddress = optFixed(r, 20); },
  status: (r, o) => { o.status = optQuantity(r); },
  logs: (r, o) => { o.logs = r.takeNull() ? [] : arrayOf(r, readLog); },
}, ['transactionHash', 'blockHash', 'gasUsed']);
