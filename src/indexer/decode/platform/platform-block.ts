import { PLATFORM_BLOCK_MAX_SIZE, PLATFORM_BLOCK_TYPE_IDS, type PlatformBlockType } from '../../../codec/platformvm/blocks.js';
import { finish, openEnvelope, readTypeId, unknownTypeId } from '../../../codec/container/envelope.js';
import type { LinearReader } from '../../../codec/linear/reader.js';
import { sha256 } from '../../../lib/hash.js';
import { readCount, readId } from './avax-components.js';
import { readEmbeddedPlatformTx, type PlatformTx } from './platform-tx.js';

/** A P-chain block read in one pass: the envelope as src/codec/platformvm/blocks lays it out, the txs decoded in place. */
export interface ParsedPlatformBlock {
  id: Uint8Array;
  type: PlatformBlockType;
  parentId: Uint8Array;
  height: bigint;
  /** Banff blocks only. */
  time?: bigint;
  /** In execution order (a Banff proposal's decision txs, then its proposal tx). */
  txs: PlatformTx[];
}

const TYPE_BY_ID = new Map<number, PlatformBlockType>(Object.entries(PLATFORM_BLOCK_TYPE_IDS).map(([k, v]) => [v, k as PlatformBlockType]));

/**
 * Parses a P-chain block with this folder's tx reader, which knows where each embedded tx ends: one pass instead
 * of src/codec's (which asks avalanchejs to measure each tx, then the txs would be decoded again). The two agree
 * on every block (see platform-block.test.ts).
 */
export function parsePlatformBlock(bytes: Uint8Array): ParsedPlatformBlock {
  const { reader: r } = openEnvelope(bytes, PLATFORM_BLOCK_MAX_SIZE);
  const typeId = readTypeId(r);
  const type = TYPE_BY_ID.get(typeId);
  if (!type) throw unknownTypeId(typeId);
  let time: bigint | undefined;
  let txs: PlatformTx[] = [];
  if (type.startsWith('banff-')) time = r.u64();
  if (type === 'banff-proposal') txs = readTxs(r);
  const parentId = readId(r);
  const height = r.u64();
  if (type === 'apricot-proposal' || type === 'apricot-atomic' || type === 'banff-proposal') txs.push(readEmbeddedPlatformTx(r));
  else if (type === 'apricot-standard' || type === 'banff-standard') txs = readTxs(r);
  finish(r);
  return { id: sha256(bytes), type, parentId, height, ...(time !== undefined ? { time } : {}), txs };
}

function readTxs(r: LinearReader): PlatformTx[] {
  const n = readCount(r, 8, 'txs');
  const txs: PlatformTx[] = [];
  for (let i = 0; i < n; i++) txs.push(readEmbeddedPlatformTx(r));
  return txs;
}
