import { sha256 } from '../../lib/hash.js';
import { LinearWriter } from '../linear/writer.js';
import { finish, openEnvelope, readTypeId, unknownTypeId } from '../container/envelope.js';
import { assertId, assertU64 } from '../container/int-range.js';
import { readEmbeddedSignedTx, writeEmbeddedSignedTx } from '../container/embedded-signed-tx.js';

export { txIdOf } from '../container/embedded-signed-tx.js';

/**
 * Post-Cortina X-chain StandardBlock (vms/avm/block/standard_block.go), type ID 20, codec version 0:
 * `parentID | u64 height | u64 time | [32] merkleRoot | []Tx`. Txs are kept as standalone signed bytes.
 */
export const AVM_STANDARD_BLOCK_TYPE_ID = 20;
export const AVM_BLOCK_MAX_SIZE = 256 * 1024;

export interface AvmStandardBlock {
  parentId: Uint8Array;
  height: bigint;
  /** Unix seconds. */
  time: bigint;
  /** Always zero in AvalancheGo; kept so any block round-trips. */
  merkleRoot?: Uint8Array;
  txs: Uint8Array[];
}

export type DecodedAvmStandardBlock = Required<AvmStandardBlock> & { id: Uint8Array };

export function encodeAvmStandardBlock(block: AvmStandardBlock): { id: Uint8Array; bytes: Uint8Array } {
  const w = new LinearWriter(256);
  w.u16(0).u32(AVM_STANDARD_BLOCK_TYPE_ID);
  w.fixed(assertId('parentId', block.parentId), 32).u64(assertU64('height', block.height)).u64(assertU64('time', block.time));
  w.fixed(assertId('merkleRoot', block.merkleRoot ?? new Uint8Array(32)), 32);
  w.u32(block.txs.length);
  block.txs.forEach((tx, i) => writeEmbeddedSignedTx(w, tx, i));
  const bytes = w.finish();
  return { id: sha256(bytes), bytes };
}

/**
 * Strict parse. avalanchejs' AVM codec lacks the propertyfx types (15–19), so blocks holding propertyfx txs are
 * rejected with an unknown-type error.
 */
export function decodeAvmStandardBlock(bytes: Uint8Array): DecodedAvmStandardBlock {
  const { reader: r } = openEnvelope(bytes, AVM_BLOCK_MAX_SIZE);
  const typeId = readTypeId(r);
  if (typeId !== AVM_STANDARD_BLOCK_TYPE_ID) throw unknownTypeId(typeId);
  const parentId = r.fixed(32).slice();
  const height = r.u64();
  const time = r.u64();
  const merkleRoot = r.fixed(32).slice();
  const n = r.u32();
  if (n > r.remaining / 8) throw new Error(`couldn't unmarshal slice: ${n} txs cannot fit in ${r.remaining} bytes`);
  const txs: Uint8Array[] = [];
  for (let i = 0; i < n; i++) txs.push(readEmbeddedSignedTx(r, 'AVM', i));
  finish(r);
  return { id: sha256(bytes), parentId, height, time, merkleRoot, txs };
}

/** Unix time of upgrade.InitiallyActiveTime (2020-12-05 05:00 UTC), Cortina's time on local/default networks. */
export const LOCAL_CORTINA_TIME = 1_607_144_400n;

/**
 * The X-chain genesis block made at linearization (vms/avm/state initializeChainState): StandardBlock{parent: the
 * Cortina stop vertex ID (zero on local networks), height 0, time: Cortina time, no txs}.
 */
export function avmGenesisBlock(stopVertexId: Uint8Array = new Uint8Array(32), cortinaTime: bigint = LOCAL_CORTINA_TIME): { id: Uint8Array; bytes: Uint8Array } {
  return encodeAvmStandardBlock({ parentId: stopVertexId, height: 0n, time: cortinaTime, txs: [] });
}
