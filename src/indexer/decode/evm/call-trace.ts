import type { EvmInternalTransactionRecord, EvmTransactionRecord } from '../../../store/writers/evm/evm-batch.js';
import { asArray, asObject, EvmDecodeError, hash, optAddress, optQuantity, quantity, address, toHex, type WireObject } from './wire.js';
import { sameBytes } from '../../../lib/bytes.js';

/** A contract a CREATE/CREATE2 frame below the top-level call made, and that survived its transaction. */
export interface TracedCreation {
  address: Uint8Array;
  txIndex: number;
  /** The contract that ran CREATE/CREATE2. */
  creator: Uint8Array;
}

export interface FlattenedTraces {
  internalTransactions: EvmInternalTransactionRecord[];
  creations: TracedCreation[];
}

/**
 * Flatten `debug_traceBlockByNumber(n, {tracer: 'callTracer'})` into the frames below each transaction's
 * top-level call, in pre-order. Returns undefined when the node could not trace some transaction of the
 * block (a `{error}` entry, e.g. a tracer timeout): the block then has no internal transactions at all
 * rather than some of them.
 */
export function flattenBlockTraces(raw: unknown, blockNumber: bigint, txs: readonly EvmTransactionRecord[]): FlattenedTraces | undefined {
  const where = `block ${blockNumber} traces`;
  const entries = asArray(raw, where);
  if (entries.length !== txs.length) throw new EvmDecodeError(`${where}: ${entries.length} traces for ${txs.length} transactions`);
  const out: FlattenedTraces = { internalTransactions: [], creations: [] };
  for (let i = 0; i < entries.length; i++) {
    const entry = asObject(entries[i], `${where}[${i}]`);
    const tx = txs[i]!;
    if (entry.txHash !== undefined && entry.txHash !== null) {
      // the trace byte reader (read-trace-json.ts) hands the hash over as bytes
      const traced = entry.txHash instanceof Uint8Array ? entry.txHash : hash(entry, 'txHash', `${where}[${i}]`);
      if (!sameBytes(traced, tx.hash)) throw new EvmDecodeError(`${where}[${i}]: trace of ${toHex(traced)}, expected ${toHex(tx.hash)}`);
    }
    if (entry.result === undefined || entry.result === null) {
      if (entry.error !== undefined) return undefined;
      throw new EvmDecodeError(`${where}[${i}]: neither result nor error`);
    }
    const root = asObject(entry.result, `${where}[${i}].result`);
    const walk = { blockNumber, txIndex: i, next: 1, out };
    const children = root.calls === undefined || root.calls === null ? [] : asArray(root.calls, `${where}[${i}].calls`);
    const txSucceeded = tx.status !== 0 && root.error === undefined;
    for (let c = 0; c < children.length; c++) visit(children[c], 1, txSucceeded, walk, `${where}[${i}].calls[${c}]`);
  }
  return out;
}

interface Walk {
  blockNumber: bigint;
  txIndex: number;
  /** Pre-order index of the next frame (the top-level call is 0). */
  next: number;
  out: FlattenedTraces;
}

function visit(rawFrame: unknown, depth: number, parentSucceeded: boolean, walk: Walk, where: string): void {
  const f = asObject(rawFrame, where);
  const callType = frameType(f, where);
  // PostgreSQL text cannot hold NUL
  const error = f.error === undefined || f.error === null ? undefined : String(f.error).replace(/\0/g, '');
  const record: EvmInternalTransactionRecord = {
    blockNumber: walk.blockNumber,
    txIndex: walk.txIndex,
    traceIndex: walk.next++,
    depth,
    callType,
    from: address(f, 'from', where),
    gas: quantity(f, 'gas', where),
    gasUsed: quantity(f, 'gasUsed', where),
    reverted: error !== undefined,
  };
  const to = optAddress(f, 'to', where);
  if (to) record.to = to;
  const value = optQuantity(f, 'value', where);
  if (value !== undefined) record.value = value;
  if (error !== undefined) record.error = error;
  walk.out.internalTransactions.push(record);

  const succeeded = parentSucceeded && error === undefined;
  if (succeeded && to && (callType === 'CREATE' || callType === 'CREATE2')) {
    walk.out.creations.push({ address: to, txIndex: walk.txIndex, creator: record.from });
  }
  const children = f.calls === undefined || f.calls === null ? [] : asArray(f.calls, `${where}.calls`);
  for (let c = 0; c < children.length; c++) visit(children[c], depth + 1, succeeded, walk, `${where}.calls[${c}]`);
}

function frameType(f: WireObject, where: string): string {
  const t = f.type;
  if (typeof t !== 'string' || !/^[A-Z0-9]{1,16}$/.test(t)) throw new EvmDecodeError(`${where}.type: unexpected ${JSON.stringify(t)}`);
  return t;
}
