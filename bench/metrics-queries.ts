/**
 * The query half of the metrics benchmark (bench/metrics.bench.ts): every kind of metrics query on one chain,
 * through the store's query functions and through the Metrics API server over a loopback keep-alive socket (the
 * client only counts the body's bytes, so its own garbage stays out of the server's latencies). Run as
 * a script with FIRN_METRICS_QUERY_RUN (JSON of MetricsQueryRun) it measures in its own process and prints the
 * table rows as JSON on its last line.
 */
import { createMetricsServer } from '../src/api/metrics/create-metrics-server.js';
import type { Database } from '../src/store/database/database.js';
import { PgDatabase } from '../src/store/database/pg-database.js';
import { CHAIN_METRICS } from '../src/store/queries/metrics/chain-metrics.js';
import { getChainMetricSeries } from '../src/store/queries/metrics/metric-series.js';
import { getRollingWindowMetric } from '../src/store/queries/metrics/rolling-windows.js';
import { SealedSeriesCache } from '../src/store/queries/metrics/sealed-series-cache.js';
import { byteGetter } from './http-client.js';
import { fmt, summarize, timed } from './stats.js';

export interface MetricsQueryRun {
  /** The PostgreSQL database (for the child process). */
  url?: string;
  /** Store id and EVM chain id of the measured chain. */
  chain: number;
  evmChainId: string;
  /** Unix seconds the rolling windows and the server's clock read. */
  now: number;
  queries: number;
}

/** Table rows `| label | p50 | p99 | max |`, one per query. */
export async function measureMetricsQueries(db: Database, q: MetricsQueryRun, log: (line: string) => void): Promise<string[]> {
  const ids = [q.chain];
  const rows: string[] = [];
  const measure = async (label: string, fn: () => Promise<unknown>) => {
    const s = summarize(await timed(q.queries, fn));
    rows.push(`| ${label} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max)} |`);
    log(`${label} ${fmt(s.p50)} ${fmt(s.p99)}`);
  };
  // Right after the backfill the membership tables are full of dead row versions and an unset visibility map,
  // so distinct counts read the heap; measured once here, then again after VACUUM (what autovacuum leaves).
  await measure('store: rolling windows, activeAddresses — right after the backfill, before VACUUM', () => getRollingWindowMetric(db, ids, 'activeAddresses', q.now));
  await db.exec('VACUUM ANALYZE');
  // Let PostgreSQL write out what the backfill left dirty before timing, as a server would have long since.
  await db.exec('CHECKPOINT');
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  await measure('store: `SELECT 1` (the floor: a round trip to PostgreSQL on this machine)', () => db.query('SELECT 1'));
  let k = 0;
  const metric = () => CHAIN_METRICS[k++ % CHAIN_METRICS.length]!;
  await measure('store: every metric by day, 100 points', () => getChainMetricSeries(db, ids, metric(), { unit: 'day', pageSize: 100 }));
  await measure('store: every metric by hour, 2160 points, computed from the buckets', () => getChainMetricSeries(db, ids, metric(), { unit: 'hour', pageSize: 2160 }));
  const cache = new SealedSeriesCache();
  await measure('store: every metric by hour, 2160 points, with the sealed-series cache', () => getChainMetricSeries(db, ids, metric(), { unit: 'hour', pageSize: 2160 }, cache));
  await measure('store: cumulativeAddresses by week, page 2 (carry-over)', () => getChainMetricSeries(db, ids, 'cumulativeAddresses', { unit: 'week', pageSize: 3, cursor: q.now - 21 * 86_400 }));
  await measure('store: rolling windows, txCount', () => getRollingWindowMetric(db, ids, 'txCount', q.now));
  await measure('store: rolling windows, avgTps', () => getRollingWindowMetric(db, ids, 'avgTps', q.now));
  await measure('store: rolling windows, activeAddresses', () => getRollingWindowMetric(db, ids, 'activeAddresses', q.now));

  const server = (sealedSeriesPoints?: number) => createMetricsServer(db, {
    pageTokens: { secret: 'metrics-bench-secret-0123' }, rateLimits: { enabled: false }, now: () => q.now * 1000,
    ...(sealedSeriesPoints !== undefined ? { sealedSeriesPoints } : {}),
  });
  const client = byteGetter(1);
  const listen = async (sealedSeriesPoints?: number) => {
    const app = await server(sealedSeriesPoints);
    return { app, base: await app.listen({ host: '127.0.0.1', port: 0 }) };
  };
  const served = await listen();
  const get = (url: string, on = served) => async () => {
    const res = await client.get(on.base + url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  };
  const hourly = `/v2/chains/${q.evmChainId}/metrics/txCount?timeInterval=hour&pageSize=2160`;
  await measure('HTTP: GET /v1/avg_tps/{chainId}', get(`/v1/avg_tps/${q.evmChainId}`));
  await measure('HTTP: GET /v2/chains/{chainId}/metrics/activeAddresses?timeInterval=day', get(`/v2/chains/${q.evmChainId}/metrics/activeAddresses?timeInterval=day`));
  await measure('HTTP: GET /v2/chains/{chainId}/metrics/txCount?timeInterval=hour&pageSize=2160', get(hourly));
  const uncached = await listen(0);
  await measure('HTTP: the same, sealed-series cache off', get(hourly, uncached));
  await uncached.app.close();
  await measure('HTTP: GET /v2/chains/total/metrics/gasUsed?timeInterval=week', get('/v2/chains/total/metrics/gasUsed?timeInterval=week'));
  await measure('HTTP: GET /v2/chains/{chainId}/rollingWindowMetrics/maxTps', get(`/v2/chains/${q.evmChainId}/rollingWindowMetrics/maxTps`));
  await measure('HTTP: GET /v2/chains/{chainId}/rollingWindowMetrics/activeSenders', get(`/v2/chains/${q.evmChainId}/rollingWindowMetrics/activeSenders`));
  await measure('HTTP: GET /v2/icm/timeseries', get('/v2/icm/timeseries'));
  client.close();
  await served.app.close();
  return rows;
}

const run = process.env.FIRN_METRICS_QUERY_RUN;
if (run) {
  const q = JSON.parse(run) as MetricsQueryRun;
  const db = new PgDatabase(q.url!);
  try {
    const rows = await measureMetricsQueries(db, q, (line) => process.stdout.write(line + '\n'));
    process.stdout.write(JSON.stringify(rows) + '\n');
  } finally {
    await db.close();
  }
}
