import {
  address, asArray, asObject, data, EvmDecodeError, hash, optAddress, optData, optQuantity, parseFixedData, quantity, smallQuantity,
  type WireObject,
} from './wire.js';

/**
 * The fields the indexer reads from `eth_getBlockByNumber(n, true)` and its receipts, typed. Two readers make
 * them: from parsed JSON (below) and straight from the reply's bytes (read-block-json.ts); decodeBlockFields
 * (block.ts) merges them into rows.
 */
export interface BlockFields {
  number: bigint;
  hash: Uint8Array;
  parentHash: Uint8Array;
  timestamp: bigint;
  miner: Uint8Array;
  gasLimit: bigint;
  gasUsed: bigint;
  size?: bigint;
  baseFee?: bigint;
  blockGasCost?: bigint;
  extDataGasUsed?: bigint;
  timestampMs?: bigint;
  minDelayExcess?: bigint;
  extData?: Uint8Array;
  transactions: TxFields[];
}

export interface TxFields {
  hash: Uint8Array;
  /** As the node declares it (checked against the position). */
  transactionIndex?: bigint;
  from: Uint8Array;
  to?: Uint8Array;
  /** `input`, or `data` on nodes that name it so. */
  input: Uint8Array;
  gasPrice?: bigint;
  value: bigint;
  nonce: bigint;
  type?: bigint;
  gas: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

export interface ReceiptFields {
  transactionHash: Uint8Array;
  blockHash: Uint8Array;
  gasUsed: bigint;
  effectiveGasPrice?: bigint;
  contractAddress?: Uint8Array;
  status?: bigint;
  logs: LogFields[];
}

export interface LogFields {
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
  logIndex: number;
}

/** Sets an optional field only when it has a value, so records keep their keys absent rather than undefined. */
export function setIfPresent<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

/** The block's fields from its parsed JSON; `where` names it in errors. */
export function blockFieldsOf(raw: unknown): BlockFields {
  const b = asObject(raw, 'block');
  const number = quantity(b, 'number', 'block');
  const where = `block ${number}`;
  const rawTxs = asArray(b.transactions, `${where}.transactions`);
  const out: BlockFields = {
    number,
    hash: hash(b, 'hash', where),
    parentHash: hash(b, 'parentHash', where),
    timestamp: quantity(b, 'timestamp', where),
    miner: address(b, 'miner', where),
    gasLimit: quantity(b, 'gasLimit', where),
    gasUsed: quantity(b, 'gasUsed', where),
    transactions: rawTxs.map((t, i) => txFieldsOf(t, `${where} tx ${i}`)),
  };
  setIfPresent(out, 'size', optQuantity(b, 'size', where));
  setIfPresent(out, 'baseFee', optQuantity(b, 'baseFeePerGas', where));
  setIfPresent(out, 'blockGasCost', optQuantity(b, 'blockGasCost', where));
  setIfPresent(out, 'extDataGasUsed', optQuantity(b, 'extDataGasUsed', where));
  setIfPresent(out, 'timestampMs', optQuantity(b, 'timestampMilliseconds', where));
  setIfPresent(out, 'minDelayExcess', optQuantity(b, 'minDelayExcess', where));
  setIfPresent(out, 'extData', optData(b, 'blockExtraData', where));
  return out;
}

function txFieldsOf(raw: unknown, where: string): TxFields {
  if (typeof raw === 'string') throw new EvmDecodeError(`${where}: the block was fetched without full transactions`);
  const t = asObject(raw, where);
  const out: TxFields = {
    hash: hash(t, 'hash', where),
    from: address(t, 'from', where),
    input: t.input !== undefined ? data(t, 'input', where) : data(t, 'data', where),
    value: quantity(t, 'value', where),
    nonce: quantity(t, 'nonce', where),
    gas: quantity(t, 'gas', where),
  };
  setIfPresent(out, 'transactionIndex', optQuantity(t, 'transactionIndex', where));
  setIfPresent(out, 'to', optAddress(t, 'to', where));
  setIfPresent(out, 'gasPrice', optQuantity(t, 'gasPrice', where));
  setIfPresent(out, 'type', optQuantity(t, 'type', where));
  setIfPresent(out, 'maxFeePerGas', optQuantity(t, 'maxFeePerGas', where));
  setIfPresent(out, 'maxPriorityFeePerGas', optQuantity(t, 'maxPriorityFeePerGas', where));
  return out;
}

/** A receipt's fields from its parsed JSON; `where` names its transaction in errors. */
export function receiptFieldsOf(raw: unknown, where: string): ReceiptFields {
  const inReceipt = `${where} receipt`;
  const r = asObject(raw, inReceipt);
  const rawLogs = r.logs === undefined || r.logs === null ? [] : asArray(r.logs, `${inReceipt}.logs`);
  const out: ReceiptFields = {
    transactionHash: hash(r, 'transactionHash', inReceipt),
    blockHash: hash(r, 'blockHash', inReceipt),
    gasUsed: quantity(r, 'gasUsed', inReceipt),
    logs: rawLogs.map((l, j) => {
      const inLog = `${where} log ${j}`;
      return logFieldsOf(asObject(l, inLog), inLog);
    }),
  };
  setIfPresent(out, 'effectiveGasPrice', optQuantity(r, 'effectiveGasPrice', inReceipt));
  setIfPresent(out, 'contractAddress', optAddress(r, 'contractAddress', inReceipt));
  setIfPresent(out, 'status', optQuantity(r, 'status', inReceipt));
  return out;
}

const TOPIC_KEYS = ['topics[0]', 'topics[1]', 'topics[2]', 'topics[3]'];

function logFieldsOf(l: WireObject, where: string): LogFields {
  const rawTopics = asArray(l.topics, `${where}.topics`);
  if (rawTopics.length > 4) throw new EvmDecodeError(`${where}: ${rawTopics.length} topics`);
  const topics: Uint8Array[] = new Array(rawTopics.length);
  for (let k = 0; k < rawTopics.length; k++) topics[k] = parseFixedData(rawTopics[k], 32, where, TOPIC_KEYS[k]);
  return { address: address(l, 'address', where), topics, data: data(l, 'data', where), logIndex: smallQuantity(l, 'logIndex', where) };
}

/** A block's fields read straight from the reply's bytes (read-block-json.ts): decodeBlock takes them as they are. */
export class ReadBlock {
  constructor(readonly fields: BlockFields) {}
}

/** A receipt's fields read straight from the reply's bytes. */
export class ReadReceipt {
  constructor(readonly fields: ReceiptFields) {}
}
