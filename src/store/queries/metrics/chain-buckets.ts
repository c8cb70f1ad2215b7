import type { Queryable } from '../../database/database.js';
import type { PeriodUnit } from '../../rollups/periods.js';
import type { ChainMetric } from './chain-metrics.js';

/** One chain's rollup bucket (metrics_chain_buckets), in domain types. Timestamps are Unix seconds. */
export interface ChainBucket {
  chain: number;
  unit: PeriodUnit;
  periodStart: number;
  blockCount: bigint;
  firstBlockTimestamp?: number;
  lastBlockTimestamp?: number;
  /** The block before the period's first block; absent when the period holds the first block rolled up. */
  previousBlockTimestamp?: number;
  blockGasUsed: bigint;
  maxTps?: number;
  maxGps?: number;
  txCount: bigint;
  gasUsed: bigint;
  feesPaid: bigint;
  gasPriceSum: bigint;
  gasPriceMax?: bigint;
  activeAddresses: bigint;
  activeSenders: bigint;
  newAddresses: bigint;
  contracts: bigint;
  deployers: bigint;
  newDeployers: bigint;
  cumulativeTxCount: bigint;
  cumulativeAddresses: bigint;
  cumulativeContracts: bigint;
  cumulativeDeployers: bigint;
}

export type ChainBucketRow = {
  chain: number; unit: PeriodUnit; period_start: string; block_count: string; first_block_timestamp: string | null;
  last_block_timestamp: string | null; previous_block_timestamp: string | null; block_gas_used: string; max_tps: number | null;
  max_gps: number | null; tx_count: string; gas_used: string; fees_paid: string; gas_price_sum: string; gas_price_max: string | null;
  active_addresses: string; active_senders: string; new_addresses: string; contracts: string; deployers: string; new_deployers: string;
  cumulative_tx_count: string; cumulative_addresses: string; cumulative_contracts: string; cumulative_deployers: string;
};

const optionalNumber = (v: string | number | null | undefined) => (v == null ? undefined : Number(v));
const count = (v: string | number | null | undefined) => (v == null ? 0n : BigInt(v));

const bigintOrUndefined = (v: string | null | undefined) => (v == null ? undefined : BigInt(v));
const numberOrUndefined = (v: number | null | undefined) => v ?? undefined;

/**
 * A bucket from a row that may hold only some columns (see `columnsFor`): the others read as 0 or absent. One
 * object literal with every field, so all buckets share one shape (a page of 2,160 hours converts fast).
 */
export function chainBucketFromRow(r: Partial<ChainBucketRow> & Pick<ChainBucketRow, 'chain' | 'unit' | 'period_start'>): ChainBucket {
  return {
    chain: r.chain, unit: r.unit, periodStart: Number(r.period_start),
    blockCount: count(r.block_count), firstBlockTimestamp: optionalNumber(r.first_block_timestamp),
    lastBlockTimestamp: optionalNumber(r.last_block_timestamp), previousBlockTimestamp: optionalNumber(r.previous_block_timestamp),
    blockGasUsed: count(r.block_gas_used), maxTps: numberOrUndefined(r.max_tps), maxGps: numberOrUndefined(r.max_gps),
    txCount: count(r.tx_count), gasUsed: count(r.gas_used), feesPaid: count(r.fees_paid), gasPriceSum: count(r.gas_price_sum),
    gasPriceMax: bigintOrUndefined(r.gas_price_max), activeAddresses: count(r.active_addresses), activeSenders: count(r.active_senders),
    newAddresses: count(r.new_addresses), contracts: count(r.contracts), deployers: count(r.deployers), newDeployers: count(r.new_deployers),
    cumulativeTxCount: count(r.cumulative_tx_count), cumulativeAddresses: count(r.cumulative_addresses),
    cumulativeContracts: count(r.cumulative_contracts), cumulativeDeployers: count(r.cumulative_deployers),
  };
}

const RATE = ['block_count', 'first_block_timestamp', 'last_block_timestamp', 'previous_block_timestamp'];

/** The bucket columns a metric reads (a page of 2,160 hours then parses a few values per row, not 26). */
export function columnsFor(metric: ChainMetric): string {
  const own: Record<ChainMetric, string[]> = {
    txCount: ['tx_count'], gasUsed: ['gas_used'], feesPaid: ['fees_paid'], activeAddresses: ['active_addresses'],
    activeSenders: ['active_senders'], contracts: ['contracts'], deployers: ['deployers'],
    cumulativeTxCount: ['cumulative_tx_count'], cumulativeAddresses: ['cumulative_addresses'],
    cumulativeContracts: ['cumulative_contracts'], cumulativeDeployers: ['cumulative_deployers'],
    avgTps: [...RATE, 'tx_count'], avgGps: [...RATE, 'block_gas_used'], maxTps: ['block_count', 'max_tps'], maxGps: ['block_count', 'max_gps'],
    avgGasPrice: ['tx_count', 'gas_price_sum'], maxGasPrice: ['gas_price_max'],
  };
  return ['chain', 'unit', 'period_start', ...own[metric]].join(', ');
}

/** Buckets of `unit` whose period starts within [from, to], oldest first. */
export async function bucketsBetween(
  db: Queryable, chains: readonly number[], unit: PeriodUnit, from: number, to: number, columns = '*',
): Promise<ChainBucket[]> {
  const { rows } = await db.query<ChainBucketRow>(
    `SELECT ${columns} FROM metrics_chain_buckets WHERE chain = ANY($1::integer[]) AND unit = $2 AND period_start BETWEEN $3 AND $4
     ORDER BY period_start, chain`,
    [chains, unit, from, to],
  );
  return rows.map(chainBucketFromRow);
}

/** For each chain, its latest bucket of `unit` that starts before `before` (for running totals over empty periods). */
export async function bucketsBefore(
  db: Queryable, chains: readonly number[], unit: PeriodUnit, before: number, columns = '*',
): Promise<ChainBucket[]> {
  const { rows } = await db.query<ChainBucketRow>(
    `SELECT b.* FROM unnest($1::integer[]) AS c(chain)
     CROSS JOIN LATERAL (
       SELECT ${columns} FROM metrics_chain_buckets WHERE chain = c.chain AND unit = $2 AND period_start < $3 ORDER BY period_start DESC LIMIT 1
     ) b`,
    [chains, unit, before],
  );
  return rows.map(chainBucketFromRow);
}

/** The buckets of the given (unit, period start) pieces, for every chain. */
export async function bucketsOfPieces(
  db: Queryable, chains: readonly number[], pieces: readonly { unit: PeriodUnit; start: number }[], columns = '*',
): Promise<ChainBucket[]> {
  if (pieces.length === 0) return [];
  const { rows } = await db.query<ChainBucketRow>(
    `SELECT ${columns.split(', ').map((c) => (c === '*' ? 'b.*' : `b.${c}`)).join(', ')} FROM unnest($2::text[], $3::bigint[]) AS p(unit, start)
     JOIN metrics_chain_buckets b ON b.chain = ANY($1::integer[]) AND b.unit = p.unit AND b.period_start = p.start
     ORDER BY b.period_start, b.chain`,
    [chains, pieces.map((p) => p.unit), pieces.map((p) => p.start)],
  );
  return rows.map(chainBucketFromRow);
}
