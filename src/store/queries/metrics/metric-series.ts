import type { Queryable } from '../../database/database.js';
import { periodStart, previousPeriodStart, type PeriodUnit } from '../../rollups/periods.js';
import { readWatermarks, type RollupWatermark } from '../../rollups/watermark.js';
import { bucketsBefore, bucketsBetween, columnsFor, type ChainBucket } from './chain-buckets.js';
import { isCumulative, metricValue, type ChainMetric, type ChainPeriod } from './chain-metrics.js';
import type { SealedSeriesCache } from './sealed-series-cache.js';

export interface MetricPoint {
  /** Start of the period (Unix seconds); the value covers [timestamp, next period start). */
  timestamp: number;
  value: number;
}

export interface MetricSeriesRequest {
  unit: PeriodUnit;
  /** Inclusive: the first period is the one containing this time. */
  startTimestamp?: number;
  /** Exclusive: the last period is the one containing endTimestamp − 1. */
  endTimestamp?: number;
  pageSize: number;
  /** Start of the newest period of this page (from the previous page's `next`). */
  cursor?: number;
}

export interface MetricSeriesPage {
  /**
   * Newest first, one point per period, empty periods included (0, or the running total so far). Points of sealed
   * periods may be shared with other pages (the cache's): read them, never modify them.
   */
  points: readonly Readonly<MetricPoint>[];
  /** Start of the newest period of the next page, when older periods remain. */
  next?: number;
  /** Unix seconds of the newest rollup update among the chains; undefined when none is rolled up. */
  lastRun?: number;
}

/** The span of periods the chains' rollups cover: from the period of the first block to the period of the watermark. */
export function coveredPeriods(watermarks: readonly RollupWatermark[], unit: PeriodUnit): { first: number; last: number } | undefined {
  if (watermarks.length === 0) return undefined;
  let first = Infinity;
  let last = -Infinity;
  for (const w of watermarks) {
    first = Math.min(first, periodStart(Number(w.firstBlockTimestamp), unit));
    last = Math.max(last, periodStart(Number(w.blockTimestamp), unit));
  }
  return { first, last };
}

/**
 * One page of a chain metric over `chains` (summed across them as `metricValue` says). Periods run from the one
 * holding the first rolled-up block to the one holding the watermark, clipped to [startTimestamp, endTimestamp).
 * The newest period is still open: its value grows as blocks arrive. With a `cache`, sealed periods' values are
 * computed once (see SealedSeriesCache).
 */
export async function getChainMetricSeries(
  db: Queryable, chains: readonly number[], metric: ChainMetric, request: MetricSeriesRequest, cache?: SealedSeriesCache,
): Promise<MetricSeriesPage> {
  const { unit, pageSize } = request;
  const watermarks = await readWatermarks(db, chains);
  const lastRun = watermarks.length > 0 ? Math.max(...watermarks.map((w) => w.updatedAt)) : undefined;
  const covered = coveredPeriods(watermarks, unit);
  if (!covered) return { points: [] };

  const lowest = Math.max(covered.first, request.startTimestamp !== undefined ? periodStart(request.startTimestamp, unit) : -Infinity);
  let newest = Math.min(covered.last, request.endTimestamp !== undefined ? periodStart(request.endTimestamp - 1, unit) : Infinity);
  if (request.cursor !== undefined) newest = Math.min(newest, periodStart(request.cursor, unit));

  // Newest first, as the page answers.
  const starts: number[] = [];
  let p = newest;
  while (p >= lowest && starts.length < pageSize) {
    starts.push(p);
    p = previousPeriodStart(p, unit);
  }
  const withLastRun = lastRun !== undefined ? { lastRun } : {};
  if (starts.length === 0) return { points: [], ...withLastRun };
  const ids = watermarks.map((w) => w.chain);
  const points = await periodPoints(db, ids, metric, unit, starts, cache && {
    cache, scope: watermarks.map((w) => `${w.chain}@${w.firstBlockTimestamp}`).join(','), sealedBefore: sealedBefore(watermarks, unit),
  });
  return { points, ...(p >= lowest ? { next: p } : {}), ...withLastRun };
}

/** Periods starting before this are final for every chain: each chain's rollups have moved past them. */
export function sealedBefore(watermarks: readonly RollupWatermark[], unit: PeriodUnit): number {
  return Math.min(...watermarks.map((w) => periodStart(Number(w.blockTimestamp), unit)));
}

/**
 * The point of each of `starts` (consecutive periods, newest first): sealed ones from the cache where it has them
 * (the cached objects themselves), the rest computed from the buckets of the span they cover (sealed ones then go
 * into the cache).
 */
async function periodPoints(
  db: Queryable, chains: readonly number[], metric: ChainMetric, unit: PeriodUnit, starts: readonly number[],
  cached?: { cache: SealedSeriesCache; scope: string; sealedBefore: number },
): Promise<Readonly<MetricPoint>[]> {
  const entry = cached?.cache.entry(cached.scope, metric, unit, cached.sealedBefore);
  const points = new Array<Readonly<MetricPoint> | undefined>(starts.length);
  let newest = -1;
  let oldest = -1;
  for (let i = 0; i < starts.length; i++) {
    const point = entry?.points.get(starts[i]!);
    if (point !== undefined) {
      points[i] = point;
    } else {
      if (newest < 0) newest = i;
      oldest = i;
    }
  }
  if (newest < 0) return points as Readonly<MetricPoint>[];

  const span = starts.slice(newest, oldest + 1).reverse();
  const columns = columnsFor(metric);
  const [buckets, carried] = await Promise.all([
    bucketsBetween(db, chains, unit, span[0]!, span[span.length - 1]!, columns),
    isCumulative(metric) ? bucketsBefore(db, chains, unit, span[0]!, columns) : [],
  ]);
  const computed = evaluatePeriods(metric, chains, span, buckets, carried);
  for (let i = 0; i < computed.length; i++) points[oldest - i] = computed[i]!;
  if (entry) cached!.cache.remember(entry, computed);
  return points as Readonly<MetricPoint>[];
}

/** Values of `metric` at each period start (oldest first), from the buckets of those periods and, per chain, the bucket before. */
function evaluatePeriods(
  metric: ChainMetric, chains: readonly number[], starts: readonly number[], buckets: readonly ChainBucket[], carried: readonly ChainBucket[],
): MetricPoint[] {
  const latest = new Map<number, ChainBucket>(carried.map((b) => [b.chain, b]));
  const byStart = new Map<number, Map<number, ChainBucket>>();
  for (const b of buckets) {
    let at = byStart.get(b.periodStart);
    if (!at) byStart.set(b.periodStart, (at = new Map()));
    at.set(b.chain, b);
  }
  return starts.map((start) => {
    const at = byStart.get(start);
    const periods: ChainPeriod[] = chains.map((chain) => {
      const bucket = at?.get(chain);
      if (bucket) latest.set(chain, bucket);
      const last = latest.get(chain);
      const period: ChainPeriod = {};
      if (bucket) period.bucket = bucket;
      if (last) period.latest = last;
      return period;
    });
    return { timestamp: start, value: metricValue(metric, periods) };
  });
}
