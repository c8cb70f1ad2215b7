import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/database/database.js';
import { catchUpEvmRollups } from '../../src/store/rollups/catch-up.js';
import { PERIOD_UNITS, WEEK, type PeriodUnit } from '../../src/store/rollups/periods.js';
import { updateEvmRollups } from '../../src/store/rollups/update-evm-rollups.js';
import { CHAIN_METRICS, ROLLING_WINDOW_METRICS, type ChainMetric } from '../../src/store/queries/metrics/chain-metrics.js';
import { getChainMetricSeries, type MetricPoint } from '../../src/store/queries/metrics/metric-series.js';
import { SealedSeriesCache } from '../../src/store/queries/metrics/sealed-series-cache.js';
import { getRollingWindowMetric, ROLLING_WINDOWS, windowStart, type RollingWindow } from '../../src/store/queries/metrics/rolling-windows.js';
import { postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../src/store/testing.js';
import { bruteForceSeries, bruteForceWindow, type Point } from './brute-force.js';
import { generateChain, randomBatches, writeBlocks, type GeneratedBlock } from './generated-chain.js';
import { createEvmChain, openMetricsDatabase } from './metrics-database.js';
import { Random } from './random.js';

const serverUp = await postgresAvailable();
const SEEDS = (process.env.FIRN_PROPERTY_SEEDS ?? '1,2,3,4').split(',').map(Number);

function expectSameSeries(actual: readonly MetricPoint[], expected: readonly Point[], label: string): void {
  expect(actual.map((p) => p.timestamp), label).toEqual(expected.map((p) => p.timestamp));
  for (let i = 0; i < expected.length; i++) expectSameValue(actual[i]!.value, expected[i]!.value, `${label} @${expected[i]!.timestamp}`);
}

function expectSameValue(actual: number | undefined, expected: number, label: string): void {
  if (Number.isInteger(expected) && Math.abs(expected) < 2 ** 53) expect(actual, label).toBe(expected);
  else expect(Math.abs((actual ?? NaN) - expected), label).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);
}

async function readWholeSeries(
  db: Database, chains: number[], metric: ChainMetric, unit: PeriodUnit, r: Random, cache?: SealedSeriesCache,
): Promise<MetricPoint[]> {
  const points: MetricPoint[] = [];
  let cursor: number | undefined;
  for (;;) {
    const request = { unit, pageSize: r.int(1, 400), ...(cursor !== undefined ? { cursor } : {}) };
    const page = await getChainMetricSeries(db, chains, metric, request, cache);
    points.push(...page.points);
    if (page.next === undefined) return points;
    cursor = page.next;
  }
}

/** Write the generated chain batch by batch, rolling up in the same transaction; some cases start rollups late. */
async function indexWithRollups(db: Database, chain: number, blocks: GeneratedBlock[], r: Random): Promise<void> {
  const batches = randomBatches(r, blocks, r.pick([3, 20, 60]));
  const late = r.chance(0.3) ? r.int(1, Math.max(1, batches.length - 1)) : 0;
  for (const [i, batch] of batches.entries()) {
    const from = batch[0]!.number;
    const to = batch[batch.length - 1]!.number;
    await db.transaction(async (tx) => {
      await writeBlocks(tx, batch);
      if (i >= late) await updateEvmRollups(tx, chain, from, to);
      if (i >= late && r.chance(0.1)) expect(await updateEvmRollups(tx, chain, from, to)).toEqual({});
    });
  }
  if (late >= batches.length) await catchUpEvmRollups(db, chain, r.int(1, 50));
}

describe.each(TEST_DATABASE_KINDS)('metrics rollups against brute force on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openMetricsDatabase(kind);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  run.each(SEEDS)('seed %i: every metric at every interval, and every rolling window', async (seed) => {
    const r = new Random(seed);
    const chain = await createEvmChain(t.db);
    const blocks = generateChain(r, chain.id, r.int(150, 260));
    await indexWithRollups(t.db, chain.id, blocks, r);

    for (const unit of PERIOD_UNITS) {
      for (const metric of CHAIN_METRICS) {
        const expected = await bruteForceSeries(t.db, chain.id, metric, unit);
        const actual = await readWholeSeries(t.db, [chain.id], metric, unit, r);
        expectSameSeries(actual, expected, `seed ${seed} ${metric} by ${unit}`);
      }
    }

    const first = blocks[0]!.timestamp;
    const last = blocks[blocks.length - 1]!.timestamp;
    const nows = [last, last + r.int(0, 40 * 86_400), r.int(first, last), r.int(first, last)];
    for (const now of nows) {
      for (const metric of ROLLING_WINDOW_METRICS) {
        const values = await getRollingWindowMetric(t.db, [chain.id], metric, now);
        for (const [window, length] of Object.entries(ROLLING_WINDOWS) as [RollingWindow, number][]) {
          const short = window === 'lastHour' || window === 'lastDay' || window === 'lastWeek';
          if ((metric === 'activeAddresses' || metric === 'activeSenders') && !short) {
            expect(values[window], `${metric} ${window}`).toBeUndefined();
            continue;
          }
          const from = length === Infinity ? undefined : windowStart(now, length);
          const expected = await bruteForceWindow(t.db, chain.id, metric, from);
          expectSameValue(values[window], expected, `seed ${seed} ${metric} ${window} at ${now}`);
        }
      }
    }
  });

  run.each(SEEDS.slice(0, 2))('seed %i: with the sealed-series cache, every page read while blocks arrive matches brute force', async (seed) => {
    const r = new Random(1000 + seed);
    const chain = await createEvmChain(t.db);
    const blocks = generateChain(r, chain.id, r.int(150, 260));
    // A small cache, so entries are evicted and rebuilt along the way.
    const cache = new SealedSeriesCache(r.pick([150, 100_000]));
    const series = PERIOD_UNITS.flatMap((unit) => CHAIN_METRICS.map((metric) => ({ unit, metric })));
    for (const batch of randomBatches(r, blocks, 15)) {
      await t.db.transaction(async (tx) => {
        await writeBlocks(tx, batch);
        await updateEvmRollups(tx, chain.id, batch[0]!.number, batch[batch.length - 1]!.number);
      });
      for (let k = 0; k < 6; k++) {
        const { unit, metric } = r.pick(series);
        const actual = await readWholeSeries(t.db, [chain.id], metric, unit, r, cache);
        expectSameSeries(actual, await bruteForceSeries(t.db, chain.id, metric, unit), `seed ${seed} ${metric} by ${unit}, cached`);
      }
    }
    expect(cache.size).toBeGreaterThan(0);
    for (const { unit, metric } of series) {
      const actual = await readWholeSeries(t.db, [chain.id], metric, unit, r, cache);
      expectSameSeries(actual, await bruteForceSeries(t.db, chain.id, metric, unit), `seed ${seed} ${metric} by ${unit}, cached at the end`);
    }
  });

  run('sums summable metrics across the chains of a scope, zero-filling a chain outside its span', async () => {
    const r = new Random(99);
    const a = await createEvmChain(t.db);
    const b = await createEvmChain(t.db);
    await indexWithRollups(t.db, a.id, generateChain(r, a.id, 120), r);
    await indexWithRollups(t.db, b.id, generateChain(r, b.id, 120), r);
    for (const metric of ['txCount', 'activeAddresses', 'cumulativeTxCount', 'cumulativeAddresses', 'avgTps', 'feesPaid'] as const) {
      const unit = 'week';
      const [sa, sb] = [await bruteForceSeries(t.db, a.id, metric, unit), await bruteForceSeries(t.db, b.id, metric, unit)];
      const lastOf = (s: Point[]) => s[0]!.timestamp;
      const firstOf = (s: Point[]) => s[s.length - 1]!.timestamp;
      // Past its last period a chain's running total stays; before its first, it adds nothing.
      const valueAt = (s: Point[], ts: number) =>
        s.find((p) => p.timestamp === ts)?.value ?? (metric.startsWith('cumulative') && ts > lastOf(s) ? s[0]!.value : 0);
      const low = Math.min(firstOf(sa), firstOf(sb));
      const high = Math.max(lastOf(sa), lastOf(sb));
      const actual = await readWholeSeries(t.db, [a.id, b.id], metric, unit, r);
      expect(actual[0]!.timestamp).toBe(high);
      expect(actual[actual.length - 1]!.timestamp).toBe(low);
      expect(actual).toHaveLength((high - low) / WEEK + 1);
      for (const p of actual) expectSameValue(p.value, valueAt(sa, p.timestamp) + valueAt(sb, p.timestamp), `${metric} @${p.timestamp}`);
    }
  });
});
