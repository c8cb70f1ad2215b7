import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpEvmRollups } from '../../src/store/rollups/catch-up.js';
import { updateEvmRollups } from '../../src/store/rollups/update-evm-rollups.js';
import { readWatermarks } from '../../src/store/rollups/watermark.js';
import { getChainMetricSeries } from '../../src/store/queries/metrics/metric-series.js';
import { postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../src/store/testing.js';
import { bruteForceSeries } from './brute-force.js';
import { generateChain, writeBlocks } from './generated-chain.js';
import { createEvmChain, openMetricsDatabase } from './metrics-database.js';
import { Random } from './random.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('updateEvmRollups on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openMetricsDatabase(kind);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  run('refuses a range with a missing block, and leaves nothing behind', async () => {
    const chain = await createEvmChain(t.db);
    const blocks = generateChain(new Random(5), chain.id, 10);
    await writeBlocks(t.db, [...blocks.slice(0, 4), ...blocks.slice(5)]);
    await expect(t.db.transaction((tx) => updateEvmRollups(tx, chain.id, blocks[0]!.number, blocks[9]!.number))).rejects.toThrow(/9 of 10 blocks are stored/);
    expect(await readWatermarks(t.db, [chain.id])).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM metrics_chain_buckets WHERE chain = $1', [chain.id])).rows).toHaveLength(0);
  });

  run('rolls back with the rows it summarises', async () => {
    const chain = await createEvmChain(t.db);
    const blocks = generateChain(new Random(6), chain.id, 20);
    await expect(t.db.transaction(async (tx) => {
      await writeBlocks(tx, blocks);
      await updateEvmRollups(tx, chain.id, blocks[0]!.number, blocks[19]!.number);
      throw new Error('the follower failed after writing');
    })).rejects.toThrow(/follower failed/);
    expect(await readWatermarks(t.db, [chain.id])).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM metrics_addresses WHERE chain = $1', [chain.id])).rows).toHaveLength(0);
  });

  run('catches up a chain indexed before rollups existed, in bounded transactions, then follows', async () => {
    const chain = await createEvmChain(t.db);
    const blocks = generateChain(new Random(8), chain.id, 90);
    await writeBlocks(t.db, blocks.slice(0, 70));
    expect(await catchUpEvmRollups(t.db, chain.id, 16)).toBe(70n);
    const [w] = await readWatermarks(t.db, [chain.id]);
    expect(w).toMatchObject({ firstBlock: blocks[0]!.number, blockNumber: blocks[69]!.number, blockTimestamp: BigInt(blocks[69]!.timestamp) });
    expect(await catchUpEvmRollups(t.db, chain.id)).toBe(0n);
    await t.db.transaction(async (tx) => {
      await writeBlocks(tx, blocks.slice(70));
      expect(await updateEvmRollups(tx, chain.id, blocks[70]!.number, blocks[89]!.number)).toEqual({ from: blocks[70]!.number, to: blocks[89]!.number });
    });
    const series = await getChainMetricSeries(t.db, [chain.id], 'cumulativeAddresses', { unit: 'day', pageSize: 2160 });
    expect(series.points).toEqual(await bruteForceSeries(t.db, chain.id, 'cumulativeAddresses', 'day'));
    expect(series.lastRun).toBeGreaterThan(0);
  });

  run('answers an empty series for a chain never rolled up', async () => {
    const chain = await createEvmChain(t.db);
    expect(await getChainMetricSeries(t.db, [chain.id], 'txCount', { unit: 'day', pageSize: 10 })).toEqual({ points: [] });
    expect(await t.db.transaction((tx) => updateEvmRollups(tx, chain.id, 0n, 10n))).toEqual({});
  });
});
