import { sha256 } from '../../lib/hash.js';
import type { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { finish, openEnvelope } from '../container/envelope.js';
import { assertId, assertU64 } from '../container/int-range.js';

/**
 * Legacy DAG vertices (snow/engine/avalanche/vertex): codec version 0 = regular vertex
 * `chainID | u64 height | u32 epoch | []parentID | [][]byte txs`, version 1 = stop vertex `chainID | height | []parentID`.
 * Decoding also applies the serializer's Verify rules, with AvalancheGo's messages.
 */
export const VERTEX_MAX_SIZE = 1024 * 1024;
export const VERTEX_MAX_PARENTS = 128;
export const VERTEX_MAX_TXS = 128;

export interface Vertex {
  /** 0 = regular vertex, 1 = stop vertex. */
  version: 0 | 1;
  chainId: Uint8Array;
  height: bigint;
  /** Always 0 (only serialized in version 0). */
  epoch: number;
  parentIds: Uint8Array[];
  /** Signed tx bytes (version 0 only). */
  txs: Uint8Array[];
}

export type DecodedVertex = Vertex & { id: Uint8Array; stopVertex: boolean };

/** Serializes without verifying, so tests can build vertices that break the rules. */
export function encodeVertex(v: Vertex): { id: Uint8Array; bytes: Uint8Array } {
  const w = new LinearWriter(128);
  w.u16(v.version).fixed(assertId('chainId', v.chainId), 32).u64(assertU64('height', v.height));
  if (v.version === 0) w.u32(v.epoch);
  w.array(v.parentIds, (w2, p) => w2.fixed(assertId('parentId', p), 32));
  if (v.version === 0) w.array(v.txs, (w2, tx) => w2.bytes(tx));
  else if (v.txs.length > 0 || v.epoch !== 0) throw new Error('a stop vertex has no epoch and no txs');
  const bytes = w.finish();
  return { id: sha256(bytes), bytes };
}

export function decodeVertex(bytes: Uint8Array): DecodedVertex {
  const { reader: r, version } = openEnvelope(bytes, VERTEX_MAX_SIZE, [0, 1]);
  const chainId = r.fixed(32).slice();
  const height = r.u64();
  const epoch = version === 0 ? r.u32() : 0;
  const parentIds = readIds(r);
  const txs = version === 0 ? readByteSlices(r) : [];
  finish(r);
  const vertex: Vertex = { version: version === 1 ? 1 : 0, chainId, height, epoch, parentIds, txs };
  verifyVertex(vertex);
  return { ...vertex, id: sha256(bytes), stopVertex: version === 1 };
}

/** innerStatelessVertex.Verify. */
export function verifyVertex(v: Vertex): void {
  if (v.epoch !== 0) throw new Error('invalid epoch');
  if (v.parentIds.length > VERTEX_MAX_PARENTS) throw new Error(`vertex contains more than ${VERTEX_MAX_PARENTS} parentIDs`);
  if (v.version === 0) {
    if (v.txs.length === 0) throw new Error('vertex contains no operations');
    if (v.txs.length > VERTEX_MAX_TXS) throw new Error(`vertex contains more than ${VERTEX_MAX_TXS} transactions`);
  } else if (v.txs.length !== 0) {
    throw new Error(`vertex contains more than ${VERTEX_MAX_TXS} transactions`);
  }
  if (!strictlyIncreasing(v.parentIds)) throw new Error('vertex contains non-sorted or duplicated parentIDs');
  if (v.version === 0 && !strictlyIncreasing(v.txs.map(sha256))) throw new Error('vertex contains non-sorted or duplicated transactions');
}

function readIds(r: LinearReader): Uint8Array[] {
  const n = r.u32();
  if (n > r.remaining / 32) throw new Error(`couldn't unmarshal slice: ${n} IDs cannot fit in ${r.remaining} bytes`);
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) out.push(r.fixed(32).slice());
  return out;
}

function readByteSlices(r: LinearReader): Uint8Array[] {
  const n = r.u32();
  if (n > r.remaining / 4) throw new Error(`couldn't unmarshal slice: ${n} byte slices cannot fit in ${r.remaining} bytes`);
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) out.push(r.bytesField().slice());
  return out;
}

function strictlyIncreasing(items: Uint8Array[]): boolean {
  for (let i = 1; i < items.length; i++) if (compareBytes(items[i - 1] as Uint8Array, items[i] as Uint8Array) >= 0) return false;
  return true;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
