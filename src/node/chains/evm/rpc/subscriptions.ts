import { randomBytes } from 'node:crypto';
import { createTxFromRLP } from '@ethereumjs/tx';
import { ClientError } from '../../../../lib/errors.js';
import type { BlockCodec } from '../block-codec.js';
import type { StoredBlock } from '../block-store.js';
import { keccak256 } from '../crypto.js';
import type { EvmChain } from '../evm-chain.js';
import type { RawLog, StoredReceipt } from '../receipts.js';
import { ParamError, fromRpc, toRpc } from './codec.js';
import { CORETH_ONLY_FIELDS, txJson } from './render.js';

const q = toRpc.quantity;
const d = toRpc.data;
const opt = <T>(v: T | undefined, f: (x: T) => string): string | null => (v === undefined ? null : f(v));

/**
 * coreth's generated Header JSON (customtypes/gen_header_json.go), used by newHeads: struct field order,
 * every field present with nil optionals as null, then `hash`.
 */
export function headerJson(stored: StoredBlock, format: BlockCodec['format'] = 'coreth'): Record<string, unknown> {
  const h = stored.block.header;
  const out: Record<string, unknown> = {
    parentHash: d(h.parentHash), sha3Uncles: d(h.uncleHash), miner: d(h.coinbase), stateRoot: d(h.stateRoot),
    transactionsRoot: d(h.txRoot), receiptsRoot: d(h.receiptRoot), logsBloom: d(h.bloom), difficulty: q(h.difficulty),
    number: q(h.number), gasLimit: q(h.gasLimit), gasUsed: q(h.gasUsed), timestamp: q(h.timestamp), extraData: d(h.extra),
    mixHash: d(h.mixHash), nonce: d(h.nonce), extDataHash: d(h.extDataHash),
    baseFeePerGas: opt(h.baseFee, q), extDataGasUsed: opt(h.extDataGasUsed, q), blockGasCost: opt(h.blockGasCost, q),
    blobGasUsed: opt(h.blobGasUsed, q), excessBlobGas: opt(h.excessBlobGas, q), parentBeaconBlockRoot: opt(h.parentBeaconRoot, d),
    timestampMilliseconds: opt(h.timestampMs, q), minDelayExcess: opt(h.minDelayExcess, q),
    hash: d(stored.hash),
  };
  if (format === 'subnet-evm') for (const k of CORETH_ONLY_FIELDS) delete out[k];
  return out;
}

/** A logs filter: addresses (any of) and up to 4 topic positions (null = any, list = any of). */
export interface LogCriteria {
  addresses: Set<string>;
  topics: (Set<string> | null)[];
}

/** geth's FilterCriteria for the logs subscription, with its limits (eth/filters/api.go). */
export function parseLogCriteria(v: unknown, index: number): LogCriteria {
  if (v === undefined || v === null) return { addresses: new Set(), topics: [] };
  if (typeof v !== 'object' || Array.isArray(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal into Go value of type filters.FilterCriteria`);
  const o = v as Record<string, unknown>;
  const addresses = new Set<string>();
  if (o.address !== undefined && o.address !== null) {
    const list = Array.isArray(o.address) ? o.address : [o.address];
    for (const a of list) addresses.add(d(fromRpc.address(a, index)));
  }
  if (addresses.size > 1000) throw new Error('exceed max addresses');
  const topics: (Set<string> | null)[] = [];
  if (o.topics !== undefined && o.topics !== null) {
    if (!Array.isArray(o.topics)) throw new ParamError(`invalid argument ${index}: invalid topic(s)`);
    if (o.topics.length > 4) throw new Error('exceed max topics');
    for (const t of o.topics) {
      if (t === null) topics.push(null);
      else if (Array.isArray(t)) topics.push(t.length === 0 ? null : new Set(t.map((x) => d(fromRpc.hash(x, index)))));
      else topics.push(new Set([d(fromRpc.hash(t, index))]));
    }
  }
  return { addresses, topics };
}

export function logMatches(log: RawLog, c: LogCriteria): boolean {
  if (c.addresses.size > 0 && !c.addresses.has(d(log[0]))) return false;
  if (c.topics.length > log[1].length) return false;
  for (let i = 0; i < c.topics.length; i++) {
    const want = c.topics[i];
    if (want && !want.has(d(log[1][i]!))) return false;
  }
  return true;
}

/** geth's types.Log JSON for a log of an accepted block. */
function logJson(log: RawLog, block: StoredBlock, txHash: Uint8Array, txIndex: number, logIndex: number): Record<string, unknown> {
  return {
    address: d(log[0]), topics: log[1].map(d), data: d(log[2]), blockNumber: q(block.block.header.number),
    transactionHash: d(txHash), transactionIndex: q(txIndex), blockHash: d(block.hash), logIndex: q(logIndex), removed: false,
  };
}

/** geth's subscription id: 0x + 16 random bytes in hex, leading zeros trimmed. */
function newSubscriptionId(): string {
  return '0x' + randomBytes(16).toString('hex').replace(/^0+/, '');
}

export type Notify = (subscription: string, result: unknown) => void;

interface Subscription {
  stop: () => void;
  /** Until the eth_subscribe reply is on the wire, notifications wait here (geth sends the id first). */
  held?: unknown[];
}

/**
 * One connection's eth_subscribe subscriptions (newHeads, logs, newPendingTransactions,
 * newAcceptedTransactions), fed by the chain's accept and pool events. Listeners only render and hand
 * results to `notify`, which must not block (the WebSocket layer bounds its queue).
 */
export class SubscriptionSet {
  private readonly subs = new Map<string, Subscription>();

  constructor(private readonly chain: EvmChain, private readonly notify: Notify) {}

  get size(): number {
    return this.subs.size;
  }

  /** eth_subscribe params → subscription id. Starts held; `release()` after the reply is sent. */
  subscribe(params: unknown[]): string {
    if (params.length < 1) throw new ParamError('expected subscription name as first argument');
    const kind = params[0];
    if (typeof kind !== 'string') throw new ParamError('invalid argument 0: json: cannot unmarshal into Go value of type string');
    const id = newSubscriptionId();
    const sub: Subscription = { stop: () => {}, held: [] };
    const emit = (result: unknown) => {
      if (sub.held) sub.held.push(result);
      else this.notify(id, result);
    };
    switch (kind) {
      case 'newHeads':
        if (params.length > 1) throw new ParamError('too many arguments, want at most 1');
        sub.stop = this.chain.onBlock((block) => emit(headerJson(block, this.chain.rules.codec.format)));
        break;
      case 'logs': {
        if (params.length > 2) throw new ParamError('too many arguments, want at most 2');
        const crit = parseLogCriteria(params[1], 1);
        sub.stop = this.chain.onBlock((block, receipts) => {
          for (const log of blockLogs(block, receipts, crit)) emit(log);
        });
        break;
      }
      case 'newPendingTransactions': {
        const full = fullTxFlag(params);
        sub.stop = this.chain.onPendingTx((p) => emit(full ? txJson({ tx: p.tx, raw: p.raw, from: p.sender.bytes }) : d(p.hash)));
        break;
      }
      case 'newAcceptedTransactions': {
        const full = fullTxFlag(params);
        sub.stop = this.chain.onBlock((block, receipts) => {
          block.block.txs.forEach((raw, i) => {
            if (!full) return emit(d(keccak256(raw)));
            const tx = createTxFromRLP(raw, { common: this.chain.common });
            emit(txJson({ tx, raw, from: receipts[i]!.from, block, location: { blockHash: block.hash, blockNumber: block.block.header.number, index: i } }));
          });
        });
        break;
      }
      default:
        throw new ClientError(`no ${JSON.stringify(kind)} subscription in eth namespace`, -32601);
    }
    this.subs.set(id, sub);
    return id;
  }

  unsubscribe(id: unknown): boolean {
    if (typeof id !== 'string') throw new ParamError('invalid argument 0: json: cannot unmarshal into Go value of type rpc.ID');
    const sub = this.subs.get(id);
    if (!sub) throw new Error('subscription not found');
    sub.stop();
    this.subs.delete(id);
    return true;
  }

  /** Lets these held subscriptions deliver (their ids have been sent). */
  release(ids: string[]): void {
    for (const id of ids) {
      const sub = this.subs.get(id);
      const held = sub?.held;
      if (!sub || !held) continue;
      delete sub.held;
      for (const r of held) this.notify(id, r);
    }
  }

  close(): void {
    for (const sub of this.subs.values()) sub.stop();
    this.subs.clear();
  }
}

function fullTxFlag(params: unknown[]): boolean {
  if (params.length > 2) throw new ParamError('too many arguments, want at most 2');
  const v = params[1];
  if (v === undefined || v === null) return false;
  return fromRpc.bool(v, 1);
}

function* blockLogs(block: StoredBlock, receipts: StoredReceipt[], crit: LogCriteria): Generator<Record<string, unknown>> {
  let logIndex = 0;
  for (let i = 0; i < receipts.length; i++) {
    let txHash: Uint8Array | undefined;
    for (const log of receipts[i]!.logs) {
      if (logMatches(log, crit)) {
        txHash ??= keccak256(block.block.txs[i]!);
        yield logJson(log, block, txHash, i, logIndex);
      }
      logIndex++;
    }
  }
}
