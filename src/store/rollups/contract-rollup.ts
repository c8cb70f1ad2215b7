import type { Queryable } from '../database/database.js';
import { UNITS_SQL } from './units-sql.js';

/**
 * Contracts created per bucket, and distinct deployers (exact, as for addresses). A deployer is the account that
 * ran the creation: the factory contract for a CREATE/CREATE2 inside a call, else the transaction's sender.
 * A contract created again at its address (after a self-destruct) counts once per creation.
 */
const SQL = `
WITH created AS (
  SELECT COALESCE(c.deployer_contract, c.deployer_address) AS deployer, metrics_period_start(k.block_timestamp, 'hour') AS hour
  FROM evm_contracts c JOIN evm_blocks k ON k.chain = c.chain AND k.number = c.block_number
  WHERE c.chain = $1 AND c.block_number BETWEEN $2 AND $3
),
hours AS (
  SELECT deployer, hour, count(*) AS contracts FROM created GROUP BY deployer, hour
),
seen AS (
  SELECT h.deployer, h.hour, h.contracts, d.address IS NULL AS newcomer, d.last_hour AS last_hour,
         min(h.hour) OVER (PARTITION BY h.deployer) AS first_hour
  FROM hours h LEFT JOIN metrics_deployers d ON d.chain = $1 AND d.address = h.deployer
),
periods AS (
  SELECT s.deployer, u.unit, metrics_period_start(s.hour, u.unit) AS period_start, sum(s.contracts) AS contracts,
         bool_and(s.newcomer) AS newcomer, min(s.first_hour) AS first_hour, min(s.last_hour) AS last_hour
  FROM seen s CROSS JOIN ${UNITS_SQL}
  GROUP BY s.deployer, u.unit, period_start
),
counted AS (
  SELECT unit, period_start, sum(contracts) AS contracts,
    count(*) FILTER (WHERE newcomer OR period_start > metrics_period_start(last_hour, unit)) AS deployers,
    count(*) FILTER (WHERE newcomer AND period_start = metrics_period_start(first_hour, unit)) AS newcomers
  FROM periods
  GROUP BY unit, period_start
),
remembered AS (
  INSERT INTO metrics_deployers AS d (chain, address, first_hour, last_hour)
  SELECT $1, deployer, min(hour), max(hour) FROM hours GROUP BY deployer
  ON CONFLICT (chain, address) DO UPDATE SET last_hour = GREATEST(d.last_hour, EXCLUDED.last_hour)
)
INSERT INTO metrics_chain_buckets AS b (chain, unit, period_start, contracts, deployers, new_deployers)
SELECT $1, unit, period_start, contracts, deployers, newcomers FROM counted
ON CONFLICT (chain, unit, period_start) DO UPDATE SET
  contracts = b.contracts + EXCLUDED.contracts,
  deployers = b.deployers + EXCLUDED.deployers,
  new_deployers = b.new_deployers + EXCLUDED.new_deployers`;

export async function rollUpContracts(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<void> {
  await tx.query(SQL, [chain, from.toString(), to.toString()]);
}
