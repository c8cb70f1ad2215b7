import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import type { ChainRef } from '../../registry.js';
import { ALICE, BOB, blockHash, sampleBlocks, TOKEN, txHash, writeSampleActivity } from '../../writers/evm/evm-batch.fixtures.js';
import { writeEvmBatch } from '../../writers/evm/write-evm-batch.js';
import { plansOf } from './plan.fixtures.js';
import { getEvmTransaction, listEvmTransactions, type EvmTransactionCursor } from './transactions.js';

const serverUp = await postgresAvailable();
const key = (t: { blockNumber: bigint; index: number }) => `${t.blockNumber}:${t.index}`;

describe.each(TEST_DATABASE_KINDS)('EVM transaction queries on %s', (kind) => {
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

  run('pages the latest transactions first, by block then position', async () => {
    const p1 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 5 });
    expect(p1.items.map(key)).toEqual(['11:1', '11:0', '10:0', '8:1', '8:0']);
    expect(p1.next).toEqual({ blockNumber: 8n, index: 0 });
    const p2 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 5, after: p1.next });
    expect(p2.items.map(key)).toEqual(['7:0', '5:1', '5:0', '4:0', '2:1']);
    const p3 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 5, after: p2.next });
    expect(p3.items.map(key)).toEqual(['2:0', '1:0']);
    expect(p3.next).toBeUndefined();
  });

  run('filters by status', async () => {
    const failed = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 10, status: 'failed' });
    expect(failed.items.map(key)).toEqual(['10:0', '5:0']);
    expect(failed.items.every((x) => x.status === 0)).toBe(true);
    const ok = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 3, status: 'success' });
    expect(ok.items.map(key)).toEqual(['11:1', '11:0', '8:1']);
    const okNext = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 3, status: 'success', after: ok.next });
    expect(okNext.items.map(key)).toEqual(['8:0', '7:0', '5:1']);
  });

  run('keeps pages stable while new blocks arrive', async () => {
    const p1 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 4 });
    await t.db.transaction((tx) => writeEvmBatch(tx, chain.id, sampleBlocks(12n, 14n)));
    const p2 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 4, after: p1.next as EvmTransactionCursor });
    expect(p2.items.map(key)).toEqual(['8:0', '7:0', '5:1', '5:0']);
    const fresh = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 2 });
    expect(fresh.items.map(key)).toEqual(['14:1', '14:0']);
  });

  run('pages oldest first on request', async () => {
    const p1 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 3, sortOrder: 'asc' });
    expect(p1.items.map(key)).toEqual(['1:0', '2:0', '2:1']);
    const p2 = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 3, sortOrder: 'asc', after: p1.next });
    expect(p2.items.map(key)).toEqual(['4:0', '5:0', '5:1']);
  });

  run('gets one transaction by hash with its input and block fields', async () => {
    const tx = await getEvmTransaction(t.db, chain.id, txHash(8n, 1));
    expect(tx).toMatchObject({
      blockNumber: 8n, index: 1, blockTimestamp: 1_700_000_016, blockTimestampMs: 1_700_000_016_005, blockMinDelayExcess: 7_970_124n,
      blockBaseFee: 25_000_000_008n, status: 1, type: 2, value: 10n ** 18n + 8n, nonce: 8n, gasLimit: 21_000n, gasPrice: 26_000_000_000n,
      maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, gasUsed: 21_000n, effectiveGasPrice: 26_000_000_000n,
    });
    expect(tx!.blockHash).toEqual(blockHash(8n));
    expect(tx!.from).toEqual(ALICE);
    expect(tx!.to).toEqual(BOB);
    expect(tx!.input).toEqual(new Uint8Array([0xa9, 0x05, 0x9c, 0xbb, 1]));
    expect(tx!.methodId).toEqual(new Uint8Array([0xa9, 0x05, 0x9c, 0xbb]));
    const creation = await getEvmTransaction(t.db, chain.id, txHash(1n, 0));
    expect(creation!.to).toBeUndefined();
    expect(creation!.contractAddress).toEqual(TOKEN);
    expect(await getEvmTransaction(t.db, chain.id, txHash(3n, 0))).toBeUndefined();
    expect(await getEvmTransaction(t.db, chain.id + 1, txHash(8n, 1))).toBeUndefined();
    const listed = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 1 });
    expect(listed.items[0]!.input).toBeUndefined();
  });

  run('needs no sequential scan', async () => {
    const plans = await plansOf(t.db, async (q) => {
      await listEvmTransactions(q, { chain: chain.id, pageSize: 10, after: { blockNumber: 8n, index: 0 } });
      await listEvmTransactions(q, { chain: chain.id, pageSize: 10, status: 'failed', after: { blockNumber: 8n, index: 0 } });
      await listEvmTransactions(q, { chain: chain.id, pageSize: 10, status: 'success', sortOrder: 'asc' });
      await getEvmTransaction(q, chain.id, txHash(8n, 1));
    });
    expect(plans).toHaveLength(4);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
    expect(plans[1]).toMatch(/evm_transactions_failed/);
  });
});
