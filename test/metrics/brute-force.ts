import type { Queryable } from '../../src/store/database/database.js';
import type { ChainMetric } from '../../src/store/queries/metrics/chain-metrics.js';
import type { PeriodUnit } from '../../src/store/rollups/periods.js';

/**
 * Metrics computed the slow, obvious way from the raw EVM tables of one chain, to check the rollups against.
 * Periods come from PostgreSQL's own date_trunc (weeks start Monday), not from the code under test.
 */
const SOURCES = `
tx AS (SELECT * FROM evm_transactions WHERE chain = $1),
blk AS (SELECT * FROM evm_blocks WHERE chain = $1),
events AS (
  SELECT from_address AS address, block_timestamp AS ts, true AS sent FROM evm_transactions WHERE chain = $1
  UNION ALL SELECT to_address, block_timestamp, false FROM evm_transactions WHERE chain = $1 AND to_address IS NOT NULL
  UNION ALL SELECT from_address, block_timestamp, true FROM evm_token_transfers WHERE chain = $1
  UNION ALL SELECT to_address, block_timestamp, false FROM evm_token_transfers WHERE chain = $1
),
created AS (
  SELECT COALESCE(c.deployer_contract, c.deployer_address) AS deployer, k.block_timestamp AS ts
  FROM evm_contracts c JOIN evm_blocks k ON k.chain = c.chain AND k.number = c.block_number WHERE c.chain = $1
),
first_seen AS (SELECT min(ts) AS ts FROM events GROUP BY address),
first_deployed AS (SELECT min(ts) AS ts FROM created GROUP BY deployer),
paced AS (
  SELECT ts, txs, gas, lag(ts) OVER (ORDER BY ts) AS prev
  FROM (SELECT block_timestamp AS ts, sum(tx_count) AS txs, sum(gas_used) AS gas FROM evm_blocks WHERE chain = $1 GROUP BY block_timestamp) s
)`;

/**
 * Each metric as rows (p, value) for the periods that have data, p being KEY(timestamp column): the period start
 * for a series, the window start for a window.
 */
function grouped(metric: ChainMetric, key: (column: string) => string): string {
  const perPeriod = (value: string, from: string, column: string, where = 'true') =>
    `SELECT ${key(column)} AS p, ${value} AS v FROM ${from} WHERE ${where} GROUP BY 1`;
  const rate = (numerator: string) => `
    SELECT g.p, g.v::float8 / GREATEST(1, g.last - COALESCE((SELECT max(block_timestamp) FROM blk WHERE block_timestamp < g.p), (SELECT min(block_timestamp) FROM blk)))::float8 AS v
    FROM (
      SELECT k.p, max(k.last) AS last, COALESCE(max(t.v), 0) AS v FROM
        (SELECT ${key('block_timestamp')} AS p, max(block_timestamp) AS last, sum(gas_used) AS gas FROM blk GROUP BY 1) k
        LEFT JOIN (${numerator}) t ON t.p = k.p
      GROUP BY k.p
    ) g`;
  switch (metric) {
    case 'txCount': return perPeriod('count(*)', 'tx', 'block_timestamp');
    case 'gasUsed': return perPeriod('sum(gas_used)', 'tx', 'block_timestamp');
    case 'feesPaid': return perPeriod('sum(gas_used * effective_gas_price)', 'tx', 'block_timestamp');
    case 'avgGasPrice': return perPeriod('avg(effective_gas_price)', 'tx', 'block_timestamp');
    case 'maxGasPrice': return perPeriod('max(effective_gas_price)', 'tx', 'block_timestamp');
    case 'activeAddresses': return perPeriod('count(DISTINCT address)', 'events', 'ts');
    case 'activeSenders': return perPeriod('count(DISTINCT address)', 'events', 'ts', 'sent');
    case 'contracts': return perPeriod('count(*)', 'created', 'ts');
    case 'deployers': return perPeriod('count(DISTINCT deployer)', 'created', 'ts');
    case 'maxTps': return perPeriod('max(txs::float8 / (ts - prev)::float8)', 'paced', 'ts', 'prev IS NOT NULL');
    case 'maxGps': return perPeriod('max(gas::float8 / (ts - prev)::float8)', 'paced', 'ts', 'prev IS NOT NULL');
    case 'avgTps': return rate(perPeriod('count(*)', 'tx', 'block_timestamp'));
    case 'avgGps': return rate(perPeriod('sum(gas_used)', 'blk', 'block_timestamp'));
    case 'cumulativeTxCount': return perPeriod('count(*)', 'tx', 'block_timestamp');
    case 'cumulativeAddresses': return perPeriod('count(*)', 'first_seen', 'ts');
    case 'cumulativeContracts': return perPeriod('count(*)', 'created', 'ts');
    case 'cumulativeDeployers': return perPeriod('count(*)', 'first_deployed', 'ts');
  }
}

/** Running totals add up the per-period counts of every period so far. */
const valueOf = (metric: ChainMetric, key: (column: string) => string) =>
  metric.startsWith('cumulative')
    ? `SELECT w.p, sum(COALESCE(g.v, 0)) OVER (ORDER BY w.p)::text AS value FROM w LEFT JOIN (${grouped(metric, key)}) g ON g.p = w.p`
    : `SELECT w.p, COALESCE(g.v, 0)::text AS value FROM w LEFT JOIN (${grouped(metric, key)}) g ON g.p = w.p`;

export interface Point {
  timestamp: number;
  value: number;
}

/** Every period from the chain's first block to its last, newest first. */
export async function bruteForceSeries(db: Queryable, chain: number, metric: ChainMetric, unit: PeriodUnit): Promise<Point[]> {
  const { rows } = await db.query<{ p: string; value: string }>(
    `WITH ${SOURCES},
     w AS (
       SELECT extract(epoch FROM g)::bigint AS p
       FROM (SELECT min(block_timestamp) AS lo, max(block_timestamp) AS hi FROM blk) b,
            generate_series(date_trunc($2, to_timestamp(b.lo) AT TIME ZONE 'UTC'), date_trunc($2, to_timestamp(b.hi) AT TIME ZONE 'UTC'), $3::interval) g
     )
     ${valueOf(metric, (c) => `extract(epoch FROM date_trunc($2, to_timestamp(${c}) AT TIME ZONE 'UTC'))::bigint`)} ORDER BY w.p DESC`,
    [chain, unit, `1 ${unit}`],
  );
  return rows.map((r) => ({ timestamp: Number(r.p), value: Number(r.value) }));
}

/** The metric over [from, ∞) (all of the chain when `from` is undefined). */
export async function bruteForceWindow(db: Queryable, chain: number, metric: ChainMetric, from: number | undefined): Promise<number> {
  const { rows } = await db.query<{ value: string }>(
    `WITH ${SOURCES}, w AS (SELECT $2::bigint AS p) ${valueOf(metric, (c) => `CASE WHEN ${c} >= $2::bigint THEN $2::bigint END`)}`,
    [chain, from ?? '-9000000000000000000'],
  );
  return Number(rows[0]!.value);
}
