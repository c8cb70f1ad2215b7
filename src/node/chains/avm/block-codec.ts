import { AVM_BLOCK_MAX_SIZE, AVM_STANDARD_BLOCK_TYPE_ID } from '../../../codec/avm/blocks.js';
import { finish, openEnvelope, readTypeId, unknownTypeId } from '../../../codec/container/envelope.js';
import { sha256 } from '../../../lib/hash.js';
import { readEmbeddedAvmTx, type AvmTx } from './tx-codec.js';

export interface ParsedAvmBlock {
  id: Uint8Array;
  parentId: Uint8Array;
  height: bigint;
  time: bigint;
  merkleRoot: Uint8Array;
  txs: AvmTx[];
}

/**
 * An X-chain StandardBlock (layout in src/codec/avm/blocks.ts) with its txs parsed by this VM's own tx codec.
 * The codec module measures txs with avalanchejs, whose AVM codec re-encodes an nftfx credential (type 14) as a
 * secp256k1fx one (type 9), so it rejects every block holding an NFT operation as non-canonical.
 */
export function parseAvmBlock(bytes: Uint8Array): ParsedAvmBlock {
  const { reader: r } = openEnvelope(bytes, AVM_BLOCK_MAX_SIZE);
  const typeId = readTypeId(r);
  if (typeId !== AVM_STANDARD_BLOCK_TYPE_ID) throw unknownTypeId(typeId);
  const parentId = r.fixed(32).slice();
  const height = r.u64();
  const time = r.u64();
  const merkleRoot = r.fixed(32).slice();
  const n = r.u32();
  if (n > r.remaining) throw new Error(`couldn't unmarshal slice: ${n} txs cannot fit in ${r.remaining} bytes`);
  const txs: AvmTx[] = [];
  for (let i = 0; i < n; i++) txs.push(readEmbeddedAvmTx(r, i));
  finish(r);
  return { id: sha256(bytes), parentId, height, time, merkleRoot, txs };
}
