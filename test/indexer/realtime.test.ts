import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { WsHeads } from '../../src/indexer/sources/evm/ws-heads.js';
import { PgliteDatabase } from '../../src/store/database/pglite-database.js';
import { sendTransfer } from '../helpers/c-chain-tx.js';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

describe('realtime following', () => {
  let devnet: DevnetProcess;
  let indexer: RunningIndexer | undefined;
  beforeAll(async () => {
    devnet = await startDevnet(['--index-enabled']);
  });
  afterAll(async () => {
    await indexer?.stop();
    await devnet?.stop();
  });

  it('wakes on each new head over WebSocket', async () => {
    const heads = new WsHeads(`${devnet.url.replace('http', 'ws')}/ext/bc/C/ws`);
    try {
      const woken = heads.next(new AbortController().signal);
      await new Promise((r) => setTimeout(r, 300)); // let the subscription open
      await sendTransfer(devnet.url, { nonce: 0 });
      await woken;
    } finally {
      heads.close();
    }
  });

  it('indexes a new block on its WebSocket head, without waiting for a poll', async () => {
    // A one-minute poll interval: only the pushed head can make the block appear within the test's time.
    const { config } = loadIndexerConfig(['--node-url', devnet.url, '--chains=C', '--poll-interval=60s', '--metrics-port=0', '--nft-metadata=false']);
    const db = await PgliteDatabase.open();
    indexer = await startIndexer(config, { db });
    expect(indexer.followers.map((f) => f.stream.name)).toContain('rollups');
    const follower = indexer.followers.find((f) => f.stream.name === 'blocks')!;
    for (let i = 0; i < 600 && follower.metrics.indexed !== 1n; i++) await new Promise((r) => setTimeout(r, 50));
    expect(follower.metrics.indexed).toBe(1n);
    const before = follower.metrics.indexed ?? -1n;
    await new Promise((r) => setTimeout(r, 300));
    await sendTransfer(devnet.url, { nonce: 1 });
    for (let i = 0; i < 400 && (follower.metrics.indexed ?? -1n) <= before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(follower.metrics.indexed).toBe(before + 1n);
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM evm_transactions');
    expect(Number(rows[0]!.n)).toBe(2);
    await indexer.stop();
    indexer = undefined;
    await db.close();
  });

  it('with --rollups=false indexes the chain and maintains no Metrics API rollups', async () => {
    const { config } = loadIndexerConfig(['--node-url', devnet.url, '--chains=C', '--poll-interval=50ms', '--metrics-port=0', '--nft-metadata=false', '--rollups=false']);
    const db = await PgliteDatabase.open();
    const running = await startIndexer(config, { db });
    try {
      expect(running.followers.map((f) => f.stream.name)).not.toContain('rollups');
      const follower = running.followers.find((f) => f.stream.name === 'blocks')!;
      for (let i = 0; i < 600 && (follower.metrics.indexed ?? -1n) < 2n; i++) await new Promise((r) => setTimeout(r, 50));
      expect(follower.metrics.indexed).toBe(2n);
      const { rows } = await db.query<{ n: string }>('SELECT (SELECT count(*) FROM metrics_watermarks) + (SELECT count(*) FROM metrics_chain_buckets) AS n');
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await running.stop();
      await db.close();
    }
  });
});
