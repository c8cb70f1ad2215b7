import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import type { Owners } from '../../writers/primary/rows.js';
import { big, bytes, clampPageSize, maybeBig, maybeBytes, maybeOwners, pageOf, Params, type Page, type SortOrder } from './common.js';

export interface Blockchain {
  blockchainId: Uint8Array;
  subnetId: Uint8Array;
  name: string;
  vmId: Uint8Array;
  fxIds: Uint8Array[];
  genesisData: Uint8Array;
  /** The genesis parsed, when it is a JSON object. */
  genesisJson?: Record<string, unknown>;
  evmChainId?: bigint;
  blockHeight: bigint;
  blockTimestamp: bigint;
  genesis: boolean;
}

export interface Subnet {
  subnetId: Uint8Array;
  blockHeight: bigint;
  txIndex: number;
  blockTimestamp: bigint;
  /** Owner at creation (the Data API's deprecated ownerAddresses/threshold/locktime). */
  owner: Owners;
  /** Owner now (after TransferSubnetOwnershipTx). */
  currentOwner: Owners;
  isL1: boolean;
  conversionTxId?: Uint8Array;
  conversionId?: Uint8Array;
  managerChainId?: Uint8Array;
  managerAddress?: Uint8Array;
  convertedAt?: bigint;
  blockchains: Blockchain[];
}

export interface SubnetCursor {
  blockHeight: bigint;
  txIndex: number;
}

type Row = Record<string, unknown>;

/** Subnets of the P-chain `chain` with their blockchains, newest first by default (page size up to 10,000). */
export async function listSubnets(db: Queryable, q: { chain: number; sortOrder?: SortOrder; pageSize?: number; cursor?: SubnetCursor }): Promise<Page<Subnet, SubnetCursor>> {
  const pageSize = clampPageSize(q.pageSize, 100, 10_000);
  const desc = (q.sortOrder ?? 'desc') === 'desc';
  const p = new Params();
  const where = [`chain = ${p.add(q.chain)}`];
  if (q.cursor) where.push(`(block_height, tx_index) ${desc ? '<' : '>'} (${p.add(q.cursor.blockHeight)}, ${p.add(q.cursor.txIndex)})`);
  const dir = desc ? 'DESC' : 'ASC';
  const { rows } = await db.query<Row>(
    `SELECT * FROM primary_subnets WHERE ${where.join(' AND ')} ORDER BY block_height ${dir}, tx_index ${dir} LIMIT ${pageSize + 1}`, p.values);
  const page = pageOf(rows, pageSize, subnetOf, (r): SubnetCursor => ({ blockHeight: big(r.block_height), txIndex: Number(r.tx_index) }));
  const chains = await blockchainsOf(db, q.chain, page.items.map((s) => s.subnetId));
  for (const s of page.items) s.blockchains = chains.get(Buffer.from(s.subnetId).toString('hex')) ?? [];
  return page;
}

function subnetOf(r: Row): Subnet {
  const s: Subnet = {
    subnetId: bytes(r.subnet_id), blockHeight: big(r.block_height), txIndex: Number(r.tx_index), blockTimestamp: big(r.block_timestamp),
    owner: maybeOwners(r.owner)!, currentOwner: maybeOwners(r.current_owner)!, isL1: r.conversion_tx_id !== null && r.conversion_tx_id !== undefined, blockchains: [],
  };
  const set = <K extends keyof Subnet>(k: K, v: Subnet[K] | undefined) => {
    if (v !== undefined) s[k] = v;
  };
  set('conversionTxId', maybeBytes(r.conversion_tx_id));
  set('conversionId', maybeBytes(r.conversion_id));
  set('managerChainId', maybeBytes(r.manager_chain_id));
  set('managerAddress', maybeBytes(r.manager_address));
  set('convertedAt', maybeBig(r.converted_at));
  return s;
}

/** Blockchains of the given subnets, oldest first, keyed by hex subnet id. */
export async function blockchainsOf(db: Queryable, chain: number, subnetIds: readonly Uint8Array[]): Promise<Map<string, Blockchain[]>> {
  const out = new Map<string, Blockchain[]>();
  if (subnetIds.length === 0) return out;
  const { rows } = await db.query<Row>(
    'SELECT * FROM primary_blockchains WHERE chain = $1 AND subnet_id = ANY($2::bytea[]) ORDER BY subnet_id, block_height, blockchain_id', [chain, subnetIds], KEY_LOOKUP);
  for (const r of rows) {
    const b = blockchainOf(r);
    const key = Buffer.from(b.subnetId).toString('hex');
    out.set(key, [...(out.get(key) ?? []), b]);
  }
  return out;
}

function blockchainOf(r: Row): Blockchain {
  const b: Blockchain = {
    blockchainId: bytes(r.blockchain_id), subnetId: bytes(r.subnet_id), name: r.name as string, vmId: bytes(r.vm_id),
    fxIds: (r.fx_ids as string[]).map((h) => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'))), genesisData: bytes(r.genesis_data),
    blockHeight: big(r.block_height), blockTimestamp: big(r.block_timestamp), genesis: r.genesis === true,
  };
  if (r.genesis_json) b.genesisJson = r.genesis_json as Record<string, unknown>;
  const evm = maybeBig(r.evm_chain_id);
  if (evm !== undefined) b.evmChainId = evm;
  return b;
}
