import type { Queryable } from '../../database/database.js';
import { HOUR, periodStart, type PeriodUnit } from '../../rollups/periods.js';
import { readWatermarks } from '../../rollups/watermark.js';
import { ROLLING_WINDOWS, windowStart, type RollingWindow } from './rolling-windows.js';
import { coverWithPieces } from './window-pieces.js';

/** How ICM counts are split: not at all, by source chain, by destination chain, or by pair. */
export type IcmGroupBy = 'none' | 'source' | 'destination' | 'pair';

export interface IcmFilter {
  /** Chains whose events count (a network's, or every chain). */
  chains: readonly number[];
  /** Blockchain ids of every indexed chain: a message is counted by its send event when its source is indexed. */
  indexedBlockchains: readonly Uint8Array[];
  source?: Uint8Array;
  destination?: Uint8Array;
  groupBy: IcmGroupBy;
}

export interface IcmCount {
  /** Absent when the counts are not split by it. */
  source?: Uint8Array;
  destination?: Uint8Array;
  value: number;
}

export interface IcmPoint extends IcmCount {
  timestamp: number;
}

/** Where a page of ICM points continues: a period, and how many of its rows earlier pages served. */
export interface IcmCursor {
  periodStart: number;
  offset: number;
}

/**
 * Each message counts once: by its SendCrossChainMessage event on the source chain, or, when the source chain is
 * not indexed, by its ReceiveCrossChainMessage event on the destination chain (at the time it was received).
 */
function conditions(f: IcmFilter, params: unknown[], alias = ''): string {
  params.push(f.chains, f.indexedBlockchains.map((b) => Buffer.from(b)));
  const where = [
    `${alias}chain = ANY($${params.length - 1}::integer[])`,
    `(${alias}direction = 'SOURCE_TRANSACTION' OR NOT ${alias}source_blockchain_id = ANY($${params.length}::bytea[]))`,
  ];
  if (f.source) {
    params.push(Buffer.from(f.source));
    where.push(`${alias}source_blockchain_id = $${params.length}`);
  }
  if (f.destination) {
    params.push(Buffer.from(f.destination));
    where.push(`${alias}destination_blockchain_id = $${params.length}`);
  }
  return where.join(' AND ');
}

function groupColumns(groupBy: IcmGroupBy): string[] {
  return groupBy === 'pair' ? ['source_blockchain_id', 'destination_blockchain_id']
    : groupBy === 'source' ? ['source_blockchain_id']
    : groupBy === 'destination' ? ['destination_blockchain_id']
    : [];
}

type CountRow = { period_start?: string; source_blockchain_id?: Uint8Array; destination_blockchain_id?: Uint8Array; value: string };

function countOf(r: CountRow): IcmCount {
  return {
    ...(r.source_blockchain_id ? { source: new Uint8Array(r.source_blockchain_id) } : {}),
    ...(r.destination_blockchain_id ? { destination: new Uint8Array(r.destination_blockchain_id) } : {}),
    value: Number(r.value),
  };
}

/** ICM message counts per period (newest first; periods without messages are left out), split as `groupBy` says. */
export async function getIcmTimeseries(
  db: Queryable, filter: IcmFilter,
  request: { unit: PeriodUnit; startTimestamp?: number; endTimestamp?: number; pageSize: number; cursor?: IcmCursor },
): Promise<{ points: IcmPoint[]; next?: IcmCursor }> {
  const params: unknown[] = [request.unit];
  const where = [`unit = $1`, conditions(filter, params)];
  if (request.startTimestamp !== undefined) {
    params.push(periodStart(request.startTimestamp, request.unit));
    where.push(`period_start >= $${params.length}`);
  }
  const newest = Math.min(
    request.endTimestamp !== undefined ? periodStart(request.endTimestamp - 1, request.unit) : Infinity,
    request.cursor?.periodStart ?? Infinity,
  );
  if (newest !== Infinity) {
    params.push(newest);
    where.push(`period_start <= $${params.length}`);
  }
  const offset = request.cursor?.offset ?? 0;
  const groups = groupColumns(filter.groupBy);
  params.push(request.pageSize + 1 + offset);
  const { rows } = await db.query<CountRow & { period_start: string }>(
    `SELECT period_start, ${groups.map((g) => `${g}, `).join('')}sum(message_count) AS value FROM metrics_icm_buckets
     WHERE ${where.join(' AND ')}
     GROUP BY period_start${groups.map((g) => `, ${g}`).join('')}
     ORDER BY period_start DESC${groups.map((g) => `, ${g}`).join('')}
     LIMIT $${params.length}`,
    params,
  );
  const skipped = request.cursor ? rows.filter((r) => Number(r.period_start) === request.cursor!.periodStart).slice(0, offset).length : 0;
  const kept = rows.slice(skipped);
  const page = kept.slice(0, request.pageSize).map((r) => ({ timestamp: Number(r.period_start), ...countOf(r) }));
  if (kept.length <= request.pageSize) return { points: page };
  const last = page[page.length - 1]!;
  const servedInLastPeriod = page.filter((p) => p.timestamp === last.timestamp).length + (last.timestamp === request.cursor?.periodStart ? offset : 0);
  return { points: page, next: { periodStart: last.timestamp, offset: servedInLastPeriod } };
}

export type IcmWindowCounts = IcmCount & Partial<Record<RollingWindow, number>>;

/** ICM message counts over each rolling window ending at `now` (all time from the first bucket), split as `groupBy` says. */
export async function getIcmSummary(db: Queryable, filter: IcmFilter, now: number): Promise<IcmWindowCounts[]> {
  const groups = groupColumns(filter.groupBy);
  const byGroup = new Map<string, IcmWindowCounts>();
  // Windows reach as far as the rollups do, like the chain metrics' rolling windows.
  const watermarks = await readWatermarks(db, filter.chains);
  const until = periodStart(Math.max(now, ...watermarks.map((w) => Number(w.blockTimestamp))), 'hour') + HOUR;
  for (const [window, length] of Object.entries(ROLLING_WINDOWS) as [RollingWindow, number][]) {
    const params: unknown[] = [];
    let rows: CountRow[];
    if (length === Infinity) {
      const where = conditions(filter, params);
      ({ rows } = await db.query<CountRow>(
        `SELECT ${groups.map((g) => `${g}, `).join('')}sum(message_count) AS value FROM metrics_icm_buckets
         WHERE unit = 'month' AND ${where}${groups.length ? ` GROUP BY ${groups.join(', ')}` : ''}`,
        params,
      ));
    } else {
      const where = conditions(filter, params, 'b.');
      const pieces = coverWithPieces(windowStart(now, length), until);
      params.push(pieces.map((p) => p.unit), pieces.map((p) => p.start));
      ({ rows } = await db.query<CountRow>(
        `SELECT ${groups.map((g) => `b.${g}, `).join('')}sum(b.message_count) AS value
         FROM unnest($${params.length - 1}::text[], $${params.length}::bigint[]) AS p(unit, start)
         JOIN metrics_icm_buckets b ON b.unit = p.unit AND b.period_start = p.start
         WHERE ${where}
         ${groups.length ? ` GROUP BY ${groups.map((g) => `b.${g}`).join(', ')}` : ''}`,
        params,
      ));
    }
    for (const r of rows) {
      if (r.value === null && groups.length > 0) continue;
      const count = countOf(r);
      const key = `${count.source ? Buffer.from(count.source).toString('hex') : ''}/${count.destination ? Buffer.from(count.destination).toString('hex') : ''}`;
      let entry = byGroup.get(key);
      if (!entry) byGroup.set(key, (entry = { ...(count.source ? { source: count.source } : {}), ...(count.destination ? { destination: count.destination } : {}), value: 0 }));
      entry[window] = count.value;
      if (window === 'allTime') entry.value = count.value;
    }
  }
  return [...byGroup.values()];
}

/** Teleporter events of one chain by direction, all time (the older `teleporterMetrics` route). */
export async function teleporterEventCounts(db: Queryable, chains: readonly number[]): Promise<{ source: number; destination: number }> {
  const { rows } = await db.query<{ direction: string; n: string }>(
    `SELECT direction, sum(message_count) AS n FROM metrics_icm_buckets WHERE chain = ANY($1::integer[]) AND unit = 'month' GROUP BY direction`,
    [chains],
  );
  const of = (d: string) => Number(rows.find((r) => r.direction === d)?.n ?? 0);
  return { source: of('SOURCE_TRANSACTION'), destination: of('DESTINATION_TRANSACTION') };
}
