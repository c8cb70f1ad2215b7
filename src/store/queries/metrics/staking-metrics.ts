import type { Queryable } from '../../database/database.js';
import { DAY, periodStart } from '../../rollups/periods.js';

/** Staking metrics per network (`NetworkMetric`). */
export const STAKING_METRICS = ['delegatorCount', 'delegatorWeight', 'validatorCount', 'validatorWeight'] as const;
export type StakingMetric = (typeof STAKING_METRICS)[number];

export function isStakingMetric(value: string): value is StakingMetric {
  return (STAKING_METRICS as readonly string[]).includes(value);
}

/** How the stakers of a day change the totals: starts add, ends subtract. */
export interface StakingDayChange {
  day: number;
  count: bigint;
  weight: bigint;
}

/**
 * Daily changes in the number and weight of a subnet's validators (every kind but delegators) or delegators on
 * the given P-chains. A staker counts from the day it starts to the day before it ends: its scheduled end, or
 * the day a RemoveSubnetValidatorTx removed it. Computed from primary_stakers, whose rows change as stakers
 * end (and as snapshots correct start times), so the Metrics API caches the result briefly instead of keeping
 * an incremental rollup.
 */
export async function stakingDayChanges(
  db: Queryable, pChains: readonly number[], subnetId: Uint8Array, role: 'validator' | 'delegator',
): Promise<StakingDayChange[]> {
  const { rows } = await db.query<{ day: string; n: string; w: string }>(
    `WITH stakers AS (
       SELECT start_time, CASE WHEN end_kind = 'removed' THEN end_timestamp ELSE end_time END AS end_time, weight
       FROM primary_stakers
       WHERE chain = ANY($1::integer[]) AND subnet_id = $2 AND (kind = 'delegator') = $3
     )
     SELECT day, sum(n) AS n, sum(w) AS w FROM (
       SELECT metrics_period_start(start_time, 'day') AS day, 1 AS n, weight AS w FROM stakers
       UNION ALL
       SELECT metrics_period_start(end_time, 'day'), -1, -weight FROM stakers
     ) e GROUP BY day ORDER BY day`,
    [pChains, Buffer.from(subnetId), role === 'delegator'],
  );
  return rows.map((r) => ({ day: Number(r.day), count: BigInt(r.n), weight: BigInt(r.w) }));
}

export interface StakingPoint {
  timestamp: number;
  value: number;
}

/**
 * One page of a staking metric, newest day first: the value of a day is the total of the changes up to and
 * including it. Days run from the first staker's start to the day of `now`, clipped to [start, end).
 */
export function stakingSeries(
  changes: readonly StakingDayChange[], metric: StakingMetric,
  request: { now: number; startTimestamp?: number; endTimestamp?: number; pageSize: number; cursor?: number },
): { points: StakingPoint[]; next?: number } {
  const first = changes[0];
  if (!first) return { points: [] };
  const lowest = Math.max(first.day, request.startTimestamp !== undefined ? periodStart(request.startTimestamp, 'day') : -Infinity);
  const newest = Math.min(
    periodStart(request.now, 'day'),
    request.endTimestamp !== undefined ? periodStart(request.endTimestamp - 1, 'day') : Infinity,
    request.cursor !== undefined ? periodStart(request.cursor, 'day') : Infinity,
  );
  const byWeight = metric.endsWith('Weight');
  const points: StakingPoint[] = [];
  let total = 0n;
  let i = 0;
  // Totals up to the day before the page's oldest day, then day by day.
  const oldest = Math.max(lowest, newest - (request.pageSize - 1) * DAY);
  for (; i < changes.length && changes[i]!.day < oldest; i++) total += byWeight ? changes[i]!.weight : changes[i]!.count;
  for (let day = oldest; day <= newest; day += DAY) {
    for (; i < changes.length && changes[i]!.day <= day; i++) total += byWeight ? changes[i]!.weight : changes[i]!.count;
    points.push({ timestamp: day, value: Number(total) });
  }
  points.reverse();
  return { points, ...(oldest > lowest ? { next: oldest - DAY } : {}) };
}
