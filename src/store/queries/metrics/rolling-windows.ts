import type { Queryable } from '../../database/database.js';
import { DAY, HOUR, nextPeriodStart, periodStart, WEEK } from '../../rollups/periods.js';
import { readWatermarks } from '../../rollups/watermark.js';
import { bucketsOfPieces, columnsFor, type ChainBucket } from './chain-buckets.js';
import { metricValue, type RollingWindowMetric } from './chain-metrics.js';
import { coveredPeriods } from './metric-series.js';
import { coverWithPieces, type Piece } from './window-pieces.js';

/** The windows of `ChainRollingWindowMetricsValue`, with their lengths (allTime: unbounded). */
export const ROLLING_WINDOWS = {
  lastHour: HOUR,
  lastDay: DAY,
  lastWeek: WEEK,
  lastMonth: 30 * DAY,
  last90Days: 90 * DAY,
  lastYear: 365 * DAY,
  allTime: Infinity,
} as const;
export type RollingWindow = keyof typeof ROLLING_WINDOWS;
export type RollingWindowValues = Partial<Record<RollingWindow, number>>;

/** activeAddresses and activeSenders are offered for the short windows only, as by the reference service. */
const SHORT_WINDOWS: readonly RollingWindow[] = ['lastHour', 'lastDay', 'lastWeek'];

/**
 * Where a window of `length` seconds starts at `now`: made of whole UTC hours, it holds the current (open) hour
 * and the `length / 1 h` hours before it — never less than `length` of data.
 */
export function windowStart(now: number, length: number): number {
  return periodStart(now, 'hour') - length;
}

/** One chain's buckets of a window folded into one: sums, maxima, and the first block time with the one before it. */
export function foldBuckets(chain: number, buckets: readonly ChainBucket[]): ChainBucket | undefined {
  let folded: ChainBucket | undefined;
  for (const b of buckets) {
    if (!folded) {
      folded = { ...b };
      continue;
    }
    const f = folded;
    if (f.blockCount === 0n && b.blockCount > 0n) {
      f.firstBlockTimestamp = b.firstBlockTimestamp;
      f.previousBlockTimestamp = b.previousBlockTimestamp;
    }
    f.blockCount += b.blockCount;
    if (b.lastBlockTimestamp !== undefined) f.lastBlockTimestamp = Math.max(f.lastBlockTimestamp ?? -Infinity, b.lastBlockTimestamp);
    f.blockGasUsed += b.blockGasUsed;
    if (b.maxTps !== undefined) f.maxTps = Math.max(f.maxTps ?? -Infinity, b.maxTps);
    if (b.maxGps !== undefined) f.maxGps = Math.max(f.maxGps ?? -Infinity, b.maxGps);
    f.txCount += b.txCount;
    f.gasUsed += b.gasUsed;
    f.feesPaid += b.feesPaid;
    f.gasPriceSum += b.gasPriceSum;
    if (b.gasPriceMax !== undefined && (f.gasPriceMax === undefined || b.gasPriceMax > f.gasPriceMax)) f.gasPriceMax = b.gasPriceMax;
    f.contracts += b.contracts;
  }
  return folded && { ...folded, chain };
}

/**
 * `metric` over each rolling window ending at `now`, across `chains`. Sums and rates fold the buckets that
 * tile the window (see window-pieces.ts); distinct counts (addresses, senders, deployers) come from the
 * membership tables' last-active hours, so they stay exact over any window.
 */
export async function getRollingWindowMetric(
  db: Queryable, chains: readonly number[], metric: RollingWindowMetric, now: number,
): Promise<RollingWindowValues> {
  const watermarks = await readWatermarks(db, chains);
  const covered = coveredPeriods(watermarks, 'month');
  if (!covered) return {};
  const ids = watermarks.map((w) => w.chain);
  const starts = (Object.entries(ROLLING_WINDOWS) as [RollingWindow, number][]).map(([window, length]) => ({
    window,
    from: length === Infinity ? covered.first : windowStart(now, length),
  }));
  if (metric === 'activeAddresses' || metric === 'activeSenders') {
    const short = starts.filter((s) => SHORT_WINDOWS.includes(s.window));
    return countAddresses(db, ids, metric === 'activeSenders' ? 'last_sent' : 'last_active', short);
  }
  if (metric === 'deployers') return countMembers(db, ids, 'metrics_deployers.last_hour', starts);

  // One query for the buckets of every window, then each window folds its own.
  const until = nextPeriodStart(periodStart(Math.max(...watermarks.map((w) => Number(w.blockTimestamp))), 'hour'), 'hour');
  const tilings = starts.map((s) => ({ ...s, pieces: coverWithPieces(s.from, until) }));
  const wanted = new Map<string, Piece>();
  for (const t of tilings) for (const p of t.pieces) wanted.set(`${p.unit}:${p.start}`, p);
  const buckets = await bucketsOfPieces(db, ids, [...wanted.values()], columnsFor(metric));
  const result: RollingWindowValues = {};
  for (const t of tilings) {
    const mine = new Set(t.pieces.map((p) => `${p.unit}:${p.start}`));
    const inWindow = buckets.filter((b) => mine.has(`${b.unit}:${b.periodStart}`));
    const periods = ids.map((chain) => {
      const bucket = foldBuckets(chain, inWindow.filter((b) => b.chain === chain));
      return bucket ? { bucket } : {};
    });
    result[t.window] = metricValue(metric, periods);
  }
  return result;
}

/** Addresses (or senders) whose last active (sent) hour lies in each window: the histogram's tail from the window's hour on. */
async function countAddresses(
  db: Queryable, chains: readonly number[], field: 'last_active' | 'last_sent', windows: readonly { window: RollingWindow; from: number }[],
): Promise<RollingWindowValues> {
  // Window starts are hour starts (windowStart), so hour ≥ from selects the addresses whose last hour is ≥ from.
  const params: unknown[] = [chains, Math.min(...windows.map((w) => w.from))];
  const sums = windows.map((w) => {
    params.push(w.from);
    return `coalesce(sum(${field}) FILTER (WHERE hour >= $${params.length}), 0) AS "${w.window}"`;
  });
  const { rows } = await db.query<Record<string, string>>(
    `SELECT ${sums.join(', ')} FROM metrics_address_hours WHERE chain = ANY($1::integer[]) AND hour >= $2`,
    params,
  );
  return Object.fromEntries(windows.map((w) => [w.window, Number(rows[0]![w.window])]));
}

/** Members (deployers) whose last active hour lies in each window, in one index range scan. */
async function countMembers(
  db: Queryable, chains: readonly number[], column: string, windows: readonly { window: RollingWindow; from: number }[],
): Promise<RollingWindowValues> {
  const [table, field] = column.split('.') as [string, string];
  const params: unknown[] = [chains, Math.min(...windows.map((w) => w.from))];
  const counts = windows.map((w) => {
    params.push(w.from);
    return `count(*) FILTER (WHERE ${field} >= $${params.length}) AS "${w.window}"`;
  });
  const { rows } = await db.query<Record<string, string>>(
    `SELECT ${counts.join(', ')} FROM ${table} WHERE chain = ANY($1::integer[]) AND ${field} >= $2`,
    params,
  );
  return Object.fromEntries(windows.map((w) => [w.window, Number(rows[0]![w.window])]));
}
