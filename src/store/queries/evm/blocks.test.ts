import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import type { ChainRef } from '../../registry.js';
import { blockHash, writeSampleActivity } from '../../writers/evm/evm-batch.fixtures.js';
import { hexOf } from '../../../lib/hex.js';
import { getEvmBlock, getEvmBlocksByHash, getEvmBlocksByNumber, latestEvmBlockNumber, listEvmBlocks } from './blocks.js';
import { plansOf } from './plan.fixtures.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('EVM block queries on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await writeSampleActivity(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('pages the latest blocks first, with a cursor only while more follow', async () => {
    const p1 = await listEvmBlocks(t.db, { chain: chain.id, pageSize: 5 });
    expect(p1.items.map((b) => b.number)).toEqual([11n, 10n, 9n, 8n, 7n]);
    expect(p1.next).toEqual({ number: 7n });
    const p2 = await listEvmBlocks(t.db, { chain: chain.id, pageSize: 5, after: p1.next });
    expect(p2.items.map((b) => b.number)).toEqual([6n, 5n, 4n, 3n, 2n]);
    const p3 = await listEvmBlocks(t.db, { chain: chain.id, pageSize: 5, after: p2.next });
    expect(p3.items.map((b) => b.number)).toEqual([1n, 0n]);
    expect(p3.next).toBeUndefined();
    const exact = await listEvmBlocks(t.db, { chain: chain.id, pageSize: 12 });
    expect(exact.items).toHaveLength(12);
    expect(exact.next).toBeUndefined();
  });

  run('pages oldest first on request', async () => {
    const p1 = await listEvmBlocks(t.db, { chain: chain.id, pageSize: 4, sortOrder: 'asc' });
    expect(p1.items.map((b) => b.number)).toEqual([0n, 1n, 2n, 3n]);
    const p2 = await listEvmBlocks(t.db, { chain: chain.id, pageSize: 4, sortOrder: 'asc', after: p1.next });
    expect(p2.items.map((b) => b.number)).toEqual([4n, 5n, 6n, 7n]);
  });

  run('returns the fields of the Data API EvmBlock', async () => {
    const b = await getEvmBlock(t.db, chain.id, { number: 8n });
    expect(b).toMatchObject({
      number: 8n, timestamp: 1_700_000_016, timestampMs: 1_700_000_016_005, minDelayExcess: 7_970_124n, txCount: 2, gasLimit: 15_000_000n,
      gasUsed: 42_000n, baseFee: 25_000_000_008n, blockGasCost: 8n, extDataGasUsed: 0n, feesSpent: 2n * 21_000n * 26_000_000_000n,
      cumulativeTransactions: 9n, internalTxsIndexed: true, size: 602,
    });
    expect(b!.hash).toEqual(blockHash(8n));
    expect(b!.parentHash).toEqual(blockHash(7n));
    expect((await getEvmBlock(t.db, chain.id, { hash: blockHash(7n) }))?.internalTxsIndexed).toBe(false);
    expect(await getEvmBlock(t.db, chain.id, { number: 99n })).toBeUndefined();
    expect(await getEvmBlock(t.db, chain.id + 1, { hash: blockHash(7n) })).toBeUndefined();
    expect(await latestEvmBlockNumber(t.db, chain.id)).toBe(11n);
    expect(await latestEvmBlockNumber(t.db, chain.id + 1)).toBeUndefined();
  });

  run('finds several blocks in one statement, by number or by hash, leaving out the ones it does not have', async () => {
    const byNumber = await getEvmBlocksByNumber(t.db, chain.id, [3n, 8n, 99n]);
    expect([...byNumber.keys()].sort()).toEqual(['3', '8']);
    expect(byNumber.get('8')).toEqual(await getEvmBlock(t.db, chain.id, { number: 8n }));
    const byHash = await getEvmBlocksByHash(t.db, chain.id, [blockHash(3n), blockHash(7n), blockHash(99n)]);
    expect([...byHash.values()].map((b) => b.number).sort()).toEqual([3n, 7n]);
    expect(byHash.get(hexOf(blockHash(7n)))?.number).toBe(7n);
    expect((await getEvmBlocksByNumber(t.db, chain.id + 1, [3n])).size).toBe(0);
  });

  run('needs no sequential scan', async () => {
    const plans = await plansOf(t.db, async (q) => {
      await listEvmBlocks(q, { chain: chain.id, pageSize: 10, after: { number: 5n } });
      await listEvmBlocks(q, { chain: chain.id, pageSize: 10, sortOrder: 'asc' });
      await getEvmBlock(q, chain.id, { hash: blockHash(3n) });
      await getEvmBlock(q, chain.id, { number: 3n });
      await latestEvmBlockNumber(q, chain.id);
    });
    expect(plans).toHaveLength(5);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
