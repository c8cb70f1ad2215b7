import { hexOf } from '../../../lib/hex.js';
import { KEY_LOOKUP, type Queryable, type Row } from '../../database/database.js';
import { checkPageSize, toPage, type Page, type SortOrder } from './page.js';
import { big, bytes, num, optBig, optNum } from './rows.js';

/** A stored EVM block (the Data API's EvmBlock: gasCost = blockGasCost, feesSpent, cumulativeTransactions). */
export interface EvmBlock {
  number: bigint;
  hash: Uint8Array;
  parentHash: Uint8Array;
  timestamp: number;
  timestampMs?: number;
  minDelayExcess?: bigint;
  miner: Uint8Array;
  size?: number;
  txCount: number;
  gasLimit: bigint;
  gasUsed: bigint;
  baseFee?: bigint;
  blockGasCost?: bigint;
  extDataGasUsed?: bigint;
  feesSpent: bigint;
  cumulativeTransactions: bigint;
  internalTxsIndexed: boolean;
}

export interface EvmBlockCursor {
  number: bigint;
}

export interface ListEvmBlocksOptions {
  chain: number;
  pageSize: number;
  /** The `next` of the previous page. */
  after?: EvmBlockCursor;
  /** Newest first by default (block numbers and timestamps grow together). */
  sortOrder?: SortOrder;
}

const COLUMNS = `number, hash, parent_hash, block_timestamp, timestamp_ms, min_delay_excess, miner, size, tx_count, gas_limit, gas_used,
  base_fee, block_gas_cost, ext_data_gas_used, fees_spent, cumulative_tx_count, internal_txs_indexed`;

export function evmBlockFromRow(r: Row): EvmBlock {
  return {
    number: big(r.number),
    hash: bytes(r.hash),
    parentHash: bytes(r.parent_hash),
    timestamp: num(r.block_timestamp),
    timestampMs: optNum(r.timestamp_ms),
    minDelayExcess: optBig(r.min_delay_excess),
    miner: bytes(r.miner),
    size: optNum(r.size),
    txCount: num(r.tx_count),
    gasLimit: big(r.gas_limit),
    gasUsed: big(r.gas_used),
    baseFee: optBig(r.base_fee),
    blockGasCost: optBig(r.block_gas_cost),
    extDataGasUsed: optBig(r.ext_data_gas_used),
    feesSpent: big(r.fees_spent),
    cumulativeTransactions: big(r.cumulative_tx_count),
    internalTxsIndexed: r.internal_txs_indexed === true,
  };
}

/** Latest blocks first (keyset on the block number). */
export async function listEvmBlocks(db: Queryable, options: ListEvmBlocksOptions): Promise<Page<EvmBlock, EvmBlockCursor>> {
  checkPageSize(options.pageSize);
  const desc = (options.sortOrder ?? 'desc') === 'desc';
  const params: unknown[] = [options.chain, options.pageSize + 1];
  let where = 'chain = $1';
  if (options.after) {
    params.push(options.after.number.toString());
    where += desc ? ' AND number < $3' : ' AND number > $3';
  }
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM evm_blocks WHERE ${where} ORDER BY number ${desc ? 'DESC' : 'ASC'} LIMIT $2`,
    params,
  );
  return toPage(rows.map(evmBlockFromRow), options.pageSize, (last) => ({ number: last.number }));
}

/** One block by number or hash. */
export async function getEvmBlock(db: Queryable, chain: number, ref: { number: bigint } | { hash: Uint8Array }): Promise<EvmBlock | undefined> {
  return 'number' in ref
    ? (await getEvmBlocksByNumber(db, chain, [ref.number])).get(ref.number.toString())
    : (await getEvmBlocksByHash(db, chain, [ref.hash])).get(hexOf(ref.hash));
}

/** Blocks by number, keyed by the decimal number (numbers the chain does not have are left out): one statement. */
export async function getEvmBlocksByNumber(db: Queryable, chain: number, numbers: readonly bigint[]): Promise<Map<string, EvmBlock>> {
  if (numbers.length === 0) return new Map();
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM evm_blocks WHERE chain = $1 AND number = ANY($2::bigint[])`, [chain, numbers.map(String)], KEY_LOOKUP);
  return new Map(rows.map(evmBlockFromRow).map((block) => [block.number.toString(), block]));
}

/** Blocks by hash, keyed by the hex hash (hashes the chain does not have are left out): one statement. */
export async function getEvmBlocksByHash(db: Queryable, chain: number, hashes: readonly Uint8Array[]): Promise<Map<string, EvmBlock>> {
  if (hashes.length === 0) return new Map();
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM evm_blocks WHERE hash = ANY($2::bytea[]) AND chain = $1`, [chain, hashes], KEY_LOOKUP);
  return new Map(rows.map(evmBlockFromRow).map((block) => [hexOf(block.hash), block]));
}

/** The highest stored block number of the chain, or undefined when none is stored. */
export async function latestEvmBlockNumber(db: Queryable, chain: number): Promise<bigint | undefined> {
  const { rows } = await db.query<{ number: string }>('SELECT number FROM evm_blocks WHERE chain = $1 ORDER BY number DESC LIMIT 1', [chain]);
  return rows[0] ? BigInt(rows[0].number) : undefined;
}
