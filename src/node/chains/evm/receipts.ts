import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes, bytesToBigInt } from '@ethereumjs/util';

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
}

const int = bigIntToUnpaddedBytes;

export function encodeReceipts(receipts: StoredReceipt[]): Uint8Array {
  return RLP.encode(receipts.map((r) => [
    r.status === 1 ? new Uint8Array([1]) : new Uint8Array(0),
    int(r.cumulativeGasUsed), int(r.gasUsed), r.logs, r.bloom, r.from,
    r.contractAddress ?? new Uint8Array(0), int(r.effectiveGasPrice),
  ]) as never);
}

export function decodeReceipts(bytes: Uint8Array): StoredReceipt[] {
  const items = RLP.decode(bytes) as unknown as Uint8Array[][];
  return items.map((it) => {
    const [status, cum, used, logs, bloom, from, contract, price] = it as unknown as [Uint8Array, Uint8Array, Uint8Array, RawLog[], Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    return {
      status: status.length > 0 ? 1 : 0,
      cumulativeGasUsed: bytesToBigInt(cum), gasUsed: bytesToBigInt(used), logs, bloom, from,
      ...(contract.length === 20 ? { contractAddress: contract } : {}),
      effectiveGasPrice: bytesToBigInt(price),
    };
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
