import type { Queryable } from '../database/database.js';
import { UNITS_SQL } from './units-sql.js';
import type { RollupWatermark } from './watermark.js';

/**
 * Block-level buckets: block count, first/last block time, the block before the period (for average rates),
 * block gas, and the maximum TPS and GPS.
 *
 * Rates are measured per block second rather than per block: blocks that share a timestamp are one data point,
 * txs (or gas) of those blocks ÷ seconds since the previous block timestamp. Per block, a block stamped in the
 * same second as its parent would divide by zero. The first second ever rolled up has no previous one and no rate.
 * A second split across two batches is measured again in full by the later batch (the carry in the watermark);
 * the maximum keeps the larger, complete value.
 *
 * Seconds are folded into hours first and hours into each unit's periods (every period starts on an hour): fanning
 * every second out to every unit cost ~40 ms of the database's time per 5,000-block batch, mostly computing periods.
 */
const SQL = `
WITH seconds AS (
  SELECT block_timestamp AS ts, count(*) AS blocks, sum(gas_used) AS block_gas,
         sum(tx_count) + CASE WHEN block_timestamp = $4::bigint THEN $5::bigint ELSE 0 END AS txs,
         sum(gas_used) + CASE WHEN block_timestamp = $4::bigint THEN $6::numeric ELSE 0 END AS gas
  FROM evm_blocks
  WHERE chain = $1 AND number BETWEEN $2 AND $3
  GROUP BY block_timestamp
),
paced AS (
  SELECT s.*, COALESCE(lag(s.ts) OVER (ORDER BY s.ts), CASE WHEN s.ts = $4::bigint THEN $7::bigint ELSE $4::bigint END) AS previous
  FROM seconds s
),
hours AS (
  SELECT metrics_period_start(p.ts, 'hour') AS hour, sum(p.blocks) AS blocks, min(p.ts) AS first_ts, max(p.ts) AS last_ts,
         (array_agg(p.previous ORDER BY p.ts))[1] AS previous, sum(p.block_gas) AS block_gas,
         max(p.txs::float8 / (p.ts - p.previous)::float8) AS max_tps, max(p.gas::float8 / (p.ts - p.previous)::float8) AS max_gps
  FROM paced p
  GROUP BY 1
)
INSERT INTO metrics_chain_buckets AS b (chain, unit, period_start, block_count, first_block_timestamp, last_block_timestamp,
  previous_block_timestamp, block_gas_used, max_tps, max_gps)
SELECT $1, u.unit, metrics_period_start(h.hour, u.unit) AS period_start, sum(h.blocks), min(h.first_ts), max(h.last_ts),
       (array_agg(h.previous ORDER BY h.hour))[1], sum(h.block_gas), max(h.max_tps), max(h.max_gps)
FROM hours h CROSS JOIN ${UNITS_SQL}
GROUP BY u.unit, period_start
ON CONFLICT (chain, unit, period_start) DO UPDATE SET
  block_count = b.block_count + EXCLUDED.block_count,
  previous_block_timestamp = CASE WHEN b.first_block_timestamp IS NULL THEN EXCLUDED.previous_block_timestamp ELSE b.previous_block_timestamp END,
  first_block_timestamp = COALESCE(b.first_block_timestamp, EXCLUDED.first_block_timestamp),
  last_block_timestamp = GREATEST(b.last_block_timestamp, EXCLUDED.last_block_timestamp),
  block_gas_used = b.block_gas_used + EXCLUDED.block_gas_used,
  max_tps = GREATEST(b.max_tps, EXCLUDED.max_tps),
  max_gps = GREATEST(b.max_gps, EXCLUDED.max_gps)`;

export async function rollUpBlocks(tx: Queryable, chain: number, from: bigint, to: bigint, before: RollupWatermark | undefined): Promise<void> {
  await tx.query(SQL, [
    chain, from.toString(), to.toString(),
    before?.blockTimestamp.toString() ?? null,
    before?.lastSecondTxs.toString() ?? '0',
    before?.lastSecondGas.toString() ?? '0',
    before?.previousSecond?.toString() ?? null,
  ]);
}

/** The range's last block second (its txs and gas including blocks of that second in earlier batches) and the one before. */
export async function lastSeconds(
  tx: Queryable, chain: number, from: bigint, to: bigint, before: RollupWatermark | undefined,
): Promise<{ blockTimestamp: bigint; txs: bigint; gas: bigint; previousSecond?: bigint }> {
  const { rows } = await tx.query<{ ts: string; txs: string; gas: string }>(
    // The range is read by block number first: left to itself the planner walks the (chain, time) index down from
    // the chain's newest block, which costs the whole chain above the range on every batch of a catch-up.
    `WITH range AS MATERIALIZED (SELECT block_timestamp, tx_count, gas_used FROM evm_blocks WHERE chain = $1 AND number BETWEEN $2 AND $3)
     SELECT block_timestamp AS ts, sum(tx_count) AS txs, sum(gas_used) AS gas FROM range GROUP BY block_timestamp ORDER BY block_timestamp DESC LIMIT 2`,
    [chain, from.toString(), to.toString()],
  );
  const last = rows[0];
  if (!last) throw new Error(`no EVM blocks ${from}..${to} of chain ${chain} to roll up`);
  const ts = BigInt(last.ts);
  const continues = before !== undefined && before.blockTimestamp === ts;
  const previous = rows[1] ? BigInt(rows[1].ts) : continues ? before.previousSecond : before?.blockTimestamp;
  return {
    blockTimestamp: ts,
    txs: BigInt(last.txs) + (continues ? before.lastSecondTxs : 0n),
    gas: BigInt(last.gas) + (continues ? before.lastSecondGas : 0n),
    ...(previous !== undefined ? { previousSecond: previous } : {}),
  };
}
