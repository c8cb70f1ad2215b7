import type { Queryable } from '../database/database.js';

/**
 * Active addresses and senders per bucket, exact: an address counts in a period when it appears there and the
 * hour it was last active (or sent) before lies in an earlier period. Addresses are the from/to of
 * transactions (a creation has no `to`) and of token transfers; senders are the `from` side only. New addresses
 * (first seen ever) feed cumulativeAddresses. All CTEs read the snapshot before the membership upsert.
 *
 * The planner's row estimates for rows copied a moment ago are useless (PGlite never analyzes), so the
 * statement avoids joining its CTEs to each other: the only join is an index lookup of each (address, hour);
 * the rest is one sort by (address, hour) and a small aggregate per period.
 */
const SQL = `
WITH events AS (
  SELECT from_address AS address, block_timestamp AS ts, true AS sent FROM evm_transactions
  WHERE chain = $1 AND block_number BETWEEN $2 AND $3
  UNION ALL
  SELECT to_address, block_timestamp, false FROM evm_transactions
  WHERE chain = $1 AND block_number BETWEEN $2 AND $3 AND to_address IS NOT NULL
  UNION ALL
  SELECT from_address, block_timestamp, true FROM evm_token_transfers
  WHERE chain = $1 AND block_number BETWEEN $2 AND $3
  UNION ALL
  SELECT to_address, block_timestamp, false FROM evm_token_transfers
  WHERE chain = $1 AND block_number BETWEEN $2 AND $3
),
hours AS (
  SELECT address, metrics_period_start(ts, 'hour') AS hour, bool_or(sent) AS sent FROM events GROUP BY address, hour
),
-- Each (address, hour) with the hour the address was last active (and last sent) before it: earlier in the batch, or
-- as remembered from earlier batches.
paced AS (
  SELECT h.hour, h.sent, m.address IS NULL AS newcomer,
         COALESCE(lag(h.hour) OVER w, m.last_active_hour) AS previous_active,
         COALESCE(max(h.hour) FILTER (WHERE h.sent) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), m.last_sent_hour) AS previous_sent,
         lag(h.hour) OVER w IS NULL AS first_in_batch
  FROM hours h LEFT JOIN metrics_addresses m ON m.chain = $1 AND m.address = h.address
  WINDOW w AS (PARTITION BY h.address ORDER BY h.hour)
),
flagged AS (
  SELECT metrics_period_start(hour, 'hour') AS hour, metrics_period_start(hour, 'day') AS day,
         metrics_period_start(hour, 'week') AS week, metrics_period_start(hour, 'month') AS month,
         sent, newcomer AND first_in_batch AS newcomer, previous_active, previous_sent
  FROM paced
),
counted AS (
  SELECT u.unit, u.period_start,
    count(*) FILTER (WHERE f.previous_active IS NULL OR u.period_start > metrics_period_start(f.previous_active, u.unit)) AS active,
    count(*) FILTER (WHERE f.sent AND (f.previous_sent IS NULL OR u.period_start > metrics_period_start(f.previous_sent, u.unit))) AS senders,
    count(*) FILTER (WHERE f.newcomer) AS newcomers
  FROM flagged f
  CROSS JOIN LATERAL (VALUES ('hour', f.hour), ('day', f.day), ('week', f.week), ('month', f.month)) AS u(unit, period_start)
  GROUP BY u.unit, u.period_start
),
remembered AS (
  INSERT INTO metrics_addresses AS m (chain, address, first_hour, last_active_hour, last_sent_hour)
  SELECT $1, address, min(hour), max(hour), max(hour) FILTER (WHERE sent) FROM hours GROUP BY address
  ON CONFLICT (chain, address) DO UPDATE SET
    last_active_hour = GREATEST(m.last_active_hour, EXCLUDED.last_active_hour),
    last_sent_hour = GREATEST(m.last_sent_hour, EXCLUDED.last_sent_hour)
  -- An address seen again within its last hour needs no write.
  WHERE EXCLUDED.last_active_hour > m.last_active_hour OR EXCLUDED.last_sent_hour > m.last_sent_hour
     OR (m.last_sent_hour IS NULL AND EXCLUDED.last_sent_hour IS NOT NULL)
)
INSERT INTO metrics_chain_buckets AS b (chain, unit, period_start, active_addresses, active_senders, new_addresses)
SELECT $1, unit, period_start, active, senders, newcomers FROM counted
ON CONFLICT (chain, unit, period_start) DO UPDATE SET
  active_addresses = b.active_addresses + EXCLUDED.active_addresses,
  active_senders = b.active_senders + EXCLUDED.active_senders,
  new_addresses = b.new_addresses + EXCLUDED.new_addresses`;

export async function rollUpAddresses(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<void> {
  await tx.query(SQL, [chain, from.toString(), to.toString()]);
}
