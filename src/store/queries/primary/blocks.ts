import { hexOf } from '../../../lib/hex.js';
import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import { big, bytes, clampPageSize, heightBoundsForTime, maybeBig, maybeBytes, pageOf, Params, type Page, type SortOrder } from './common.js';

export interface PrimaryBlock {
  chain: number;
  height: bigint;
  blockId: Uint8Array;
  parentId: Uint8Array;
  blockType: string;
  timestamp: bigint;
  size: number;
  innerSize: number;
  txCount: number;
  txIds: Uint8Array[];
  proposerId?: Uint8Array;
  proposerParentId?: Uint8Array;
  proposerNodeId?: Uint8Array;
  proposerPChainHeight?: bigint;
  proposerTimestamp?: bigint;
  /** P-chain: the supply after this block, where the indexer observed it (platform.getCurrentSupply near the head). */
  currentSupply?: bigint;
}

export interface BlockQuery {
  chain: number;
  startTimestamp?: bigint;
  endTimestamp?: bigint;
  sortOrder?: SortOrder;
  pageSize?: number;
  /** The height of the last block of the previous page. */
  cursor?: bigint;
}

type Row = Record<string, unknown>;

/** A page of a P- or X-chain's blocks (newest first by default), with their tx ids in block order. */
export async function listPrimaryBlocks(db: Queryable, q: BlockQuery): Promise<Page<PrimaryBlock, bigint>> {
  const pageSize = clampPageSize(q.pageSize);
  const desc = (q.sortOrder ?? 'desc') === 'desc';
  const p = new Params();
  const where = [`chain = ${p.add(q.chain)}`];
  if (q.startTimestamp !== undefined || q.endTimestamp !== undefined) {
    const bounds = await heightBoundsForTime(db, 'primary_blocks', q.chain, q.startTimestamp, q.endTimestamp);
    if (bounds.from !== undefined) where.push(`height >= ${p.add(bounds.from)}`);
    if (bounds.to !== undefined) where.push(`height <= ${p.add(bounds.to)}`);
  }
  if (q.cursor !== undefined) where.push(`height ${desc ? '<' : '>'} ${p.add(q.cursor)}`);
  const { rows } = await db.query<Row>(
    `SELECT * FROM primary_blocks WHERE ${where.join(' AND ')} ORDER BY height ${desc ? 'DESC' : 'ASC'} LIMIT ${pageSize + 1}`, p.values);
  const page = pageOf(rows, pageSize, blockOf, (r) => big(r.height));
  await attachTxIds(db, q.chain, page.items);
  return page;
}

/** The columns of one block with its tx ids in block order (`tx_ids`), for blockWithTxIdsOf. */
const BLOCK_WITH_TX_IDS = `SELECT b.*, ARRAY(SELECT t.tx_id FROM primary_txs t WHERE t.chain = b.chain AND t.block_height = b.height ORDER BY t.tx_index) AS tx_ids
  FROM primary_blocks b`;

/** One block by height, with its tx ids (one statement). */
export async function getPrimaryBlock(db: Queryable, chain: number, height: bigint): Promise<PrimaryBlock | undefined> {
  return (await getPrimaryBlocksByHeight(db, chain, [height])).get(height.toString());
}

/** One block by id (the Data API's blockHash), with its tx ids (one statement). */
export async function getPrimaryBlockById(db: Queryable, chain: number, blockId: Uint8Array): Promise<PrimaryBlock | undefined> {
  return (await getPrimaryBlocksById(db, chain, [blockId])).get(hexOf(blockId));
}

/** Blocks by height with their tx ids, keyed by the decimal height (heights not stored are left out): one statement. */
export async function getPrimaryBlocksByHeight(db: Queryable, chain: number, heights: readonly bigint[]): Promise<Map<string, PrimaryBlock>> {
  if (heights.length === 0) return new Map();
  const { rows } = await db.query<Row>(`${BLOCK_WITH_TX_IDS} WHERE b.chain = $1 AND b.height = ANY($2::bigint[])`, [chain, heights.map(String)], KEY_LOOKUP);
  return new Map(rows.map(blockWithTxIdsOf).map((block) => [block.height.toString(), block]));
}

/** Blocks by id with their tx ids, keyed by the hex id (ids not stored are left out): one statement. */
export async function getPrimaryBlocksById(db: Queryable, chain: number, blockIds: readonly Uint8Array[]): Promise<Map<string, PrimaryBlock>> {
  if (blockIds.length === 0) return new Map();
  const { rows } = await db.query<Row>(`${BLOCK_WITH_TX_IDS} WHERE b.chain = $1 AND b.block_id = ANY($2::bytea[])`, [chain, blockIds], KEY_LOOKUP);
  return new Map(rows.map(blockWithTxIdsOf).map((block) => [hexOf(block.blockId), block]));
}

function blockWithTxIdsOf(r: Row): PrimaryBlock {
  const block = blockOf(r);
  block.txIds = ((r.tx_ids as Uint8Array[] | null) ?? []).map(bytes);
  return block;
}

function blockOf(r: Row): PrimaryBlock {
  const b: PrimaryBlock = {
    chain: Number(r.chain), height: big(r.height), blockId: bytes(r.block_id), parentId: bytes(r.parent_id), blockType: r.block_type as string,
    timestamp: big(r.block_timestamp), size: Number(r.size), innerSize: Number(r.inner_size), txCount: Number(r.tx_count), txIds: [],
  };
  const proposerId = maybeBytes(r.proposer_id);
  if (proposerId) b.proposerId = proposerId;
  const parent = maybeBytes(r.proposer_parent_id);
  if (parent) b.proposerParentId = parent;
  const node = maybeBytes(r.proposer_node_id);
  if (node) b.proposerNodeId = node;
  const pHeight = maybeBig(r.proposer_p_chain_height);
  if (pHeight !== undefined) b.proposerPChainHeight = pHeight;
  const time = maybeBig(r.proposer_timestamp);
  if (time !== undefined) b.proposerTimestamp = time;
  const supply = maybeBig(r.current_supply);
  if (supply !== undefined) b.currentSupply = supply;
  return b;
}

async function attachTxIds(db: Queryable, chain: number, blocks: PrimaryBlock[]): Promise<void> {
  const withTxs = blocks.filter((b) => b.txCount > 0);
  if (withTxs.length === 0) return;
  const { rows } = await db.query<{ block_height: string; tx_id: Uint8Array }>(
    `SELECT block_height, tx_id FROM primary_txs WHERE chain = $1 AND block_height = ANY($2::bigint[])
     ORDER BY block_height, tx_index`, [chain, withTxs.map((b) => b.height.toString())], KEY_LOOKUP);
  const byHeight = new Map(withTxs.map((b) => [b.height.toString(), b]));
  for (const r of rows) byHeight.get(String(r.block_height))?.txIds.push(bytes(r.tx_id));
}

export interface XChainVertex {
  vertexId: Uint8Array;
  parentIds: Uint8Array[];
  height: bigint;
  index: bigint;
  timestamp: bigint;
  txIds: Uint8Array[];
  size: number;
}

/** Legacy X-chain vertices, newest first (none on networks that started after Cortina). */
export async function listXChainVertices(db: Queryable, q: { chain: number; pageSize?: number; cursor?: bigint; sortOrder?: SortOrder }): Promise<Page<XChainVertex, bigint>> {
  const pageSize = clampPageSize(q.pageSize);
  const desc = (q.sortOrder ?? 'desc') === 'desc';
  const p = new Params();
  const where = [`chain = ${p.add(q.chain)}`];
  if (q.cursor !== undefined) where.push(`vertex_index ${desc ? '<' : '>'} ${p.add(q.cursor)}`);
  const { rows } = await db.query<Row>(
    `SELECT * FROM xchain_vertices WHERE ${where.join(' AND ')} ORDER BY vertex_index ${desc ? 'DESC' : 'ASC'} LIMIT ${pageSize + 1}`, p.values);
  const hexList = (v: unknown) => (v as string[]).map((h) => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex')));
  return pageOf(rows, pageSize, (r): XChainVertex => ({
    vertexId: bytes(r.vertex_id), parentIds: hexList(r.parent_ids), height: big(r.height), index: big(r.vertex_index),
    timestamp: big(r.vertex_timestamp), txIds: hexList(r.tx_ids), size: Number(r.size),
  }), (r) => big(r.vertex_index));
}
