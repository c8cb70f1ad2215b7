import { AVM_BLOCK_MAX_SIZE, AVM_STANDARD_BLOCK_TYPE_ID } from '../../../codec/avm/blocks.js';
import { finish, openEnvelope, readTypeId, unknownTypeId } from '../../../codec/container/envelope.js';
import { sha256 } from '../../../lib/hash.js';
import { readCount, readId } from '../platform/avax-components.js';
import { readEmbeddedAvmTx, type AvmTx } from './avm-tx.js';

export interface ParsedAvmBlock {
  id: Uint8Array;
  parentId: Uint8Array;
  height: bigint;
  time: bigint;
  txs: AvmTx[];
}

/**
 * An X-chain StandardBlock (src/codec/avm/blocks' layout) read in one pass with this folder's tx reader, which
 * also handles propertyfx txs (avalanchejs, which src/codec measures txs with, lacks them).
 */
export function parseAvmBlock(bytes: Uint8Array): ParsedAvmBlock {
  const { reader: r } = openEnvelope(bytes, AVM_BLOCK_MAX_SIZE);
  const typeId = readTypeId(r);
  if (typeId !== AVM_STANDARD_BLOCK_TYPE_ID) throw unknownTypeId(typeId);
  const parentId = readId(r);
  const height = r.u64();
  const time = r.u64();
  r.fixed(32); // merkle root, always zero
  const n = readCount(r, 8, 'txs');
  const txs: AvmTx[] = [];
  for (let i = 0; i < n; i++) txs.push(readEmbeddedAvmTx(r));
  finish(r);
  return { id: sha256(bytes), parentId, height, time, txs };
}
