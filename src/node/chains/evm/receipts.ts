import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { uintOf } from '../../../lib/bytes.js';
import { itemsOf, rlpListItems, type RlpItem } from '../../../lib/rlp-items.js';

/** One log as in a receipt: [address, topics, data]. */
export type RawLog = [Uint8Array, Uint8Array[], Uint8Array];

/** What the node keeps per executed tx, enough to answer eth_getTransactionReceipt without re-executing. */
export interface StoredReceipt {
  status: 0 | 1;
  cumulativeGasUsed: bigint;
  gasUsed: bigint;
  logs: RawLog[];
  bloom: Uint8Array;
  /** Sender, saved so reads need no ecrecover. */
  from: Uint8Array;
  contractAddress?: Uint8Array;
  effectiveGasPrice: bigint;
  /**
   * The tx's hash, stored since 2026-11 so that rendering a block with its receipts hashes no transaction
   * (receipts written before have none, and readers hash the tx then).
   */
  txHash?: Uint8Array;
}

const int = bigIntToUnpaddedBytes;

/** The stored form: each receipt's 8 fields, and a 9th, its tx's hash, where `txHashes` (or the receipt) gives it. */
export function encodeReceipts(receipts: StoredReceipt[], txHashes?: readonly Uint8Array[]): Uint8Array {
  return RLP.encode(receipts.map((r, i) => {
    const fields: unknown[] = [
      r.status === 1 ? new Uint8Array([1]) : new Uint8Array(0),
      int(r.cumulativeGasUsed), int(r.gasUsed), r.logs, r.bloom, r.from,
      r.contractAddress ?? new Uint8Array(0), int(r.effectiveGasPrice),
    ];
    const txHash = txHashes?.[i] ?? r.txHash;
    if (txHash) fields.push(txHash);
    return fields;
  }) as never);
}

/**
 * The receipts `encodeReceipts` wrote. Byte fields are views of `bytes` (no copies: a block's receipts are decoded
 * for each read of them, and ethereumjs' decoder copied every string), so `bytes` must not change afterwards.
 */
export function decodeReceipts(bytes: Uint8Array): StoredReceipt[] {
  const byteString = (it: RlpItem): RlpItem => {
    if (it.list) throw new Error('stored receipt: a list where bytes belong');
    return it;
  };
  const str = (it: RlpItem): Uint8Array => bytes.subarray(byteString(it).start, it.end);
  // integers and the status are read in place, without a view each
  const length = (it: RlpItem): number => byteString(it).end - it.start;
  const uint = (it: RlpItem): bigint => uintOf(bytes, byteString(it).start, it.end);
  return rlpListItems(bytes).map((receipt) => {
    const f = itemsOf(bytes, receipt);
    if (f.length !== 8 && f.length !== 9) throw new Error(`stored receipt: ${f.length} fields, not 8 or 9`);
    const logs = itemsOf(bytes, f[3]!).map((log): RawLog => {
      const parts = itemsOf(bytes, log);
      if (parts.length !== 3) throw new Error(`stored receipt: a log of ${parts.length} fields, not 3`);
      return [str(parts[0]!), itemsOf(bytes, parts[1]!).map(str), str(parts[2]!)];
    });
    const contract = str(f[6]!);
    const out: StoredReceipt = {
      status: length(f[0]!) > 0 ? 1 : 0,
      cumulativeGasUsed: uint(f[1]!), gasUsed: uint(f[2]!), logs, bloom: str(f[4]!), from: str(f[5]!),
      effectiveGasPrice: uint(f[7]!),
    };
    // set, not spread in: a conditional spread makes a slow object (each block's receipts are decoded for an indexer)
    if (contract.length === 20) out.contractAddress = contract;
    if (f.length === 9) {
      const txHash = str(f[8]!);
      if (txHash.length !== 32) throw new Error(`stored receipt: a tx hash of ${txHash.length} bytes`);
      out.txHash = txHash;
    }
    return out;
  });
}

/** The consensus receipt encoding (type ‖ rlp([status, cumulativeGas, bloom, logs])) that the receipts root commits to. */
export function consensusReceipt(r: StoredReceipt, txType: number): Uint8Array {
  const body = RLP.encode([r.status === 1 ? new Uint8Array([1]) : new Uint8Array(0), int(r.cumulativeGasUsed), r.bloom, r.logs] as never);
  if (txType === 0) return body;
  const out = new Uint8Array(body.length + 1);
  out[0] = txType;
  out.set(body, 1);
  return out;
}
