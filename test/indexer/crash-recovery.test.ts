import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDatabase } from '../../src/store/database/pg-database.js';
import { createTestPostgres, postgresAvailable } from '../../src/store/testing.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { startIndexerProcess, waitUntilCaughtUp } from '../helpers/indexer-process.js';
import { storeChecksums } from '../helpers/store-checksum.js';

const serverUp = await postgresAvailable();

/** A seeded PRNG so a failing run can be replayed (the seed is printed). */
function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

describe.skipIf(!serverUp)('indexer killed with SIGKILL during a backfill', () => {
  let devnet: DevnetProcess;
  const databases: { url: string; drop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    devnet = await startDevnet();
    const c = '/ext/bc/C/rpc';
    const accounts = (await rpc(devnet.url, c, 'eth_accounts')).result as string[];
    // History to index: value transfers spread over many blocks, then a long run of empty blocks (12,000: the indexer
    // crosses them fast, and a kill that a loaded machine delays must still land before the end).
    for (let round = 0; round < 30; round++) {
      const batch = accounts.slice(0, 4).map((from, i) => ({
        jsonrpc: '2.0', id: i, method: 'eth_sendTransaction',
        params: [{ from, to: accounts[(i + round + 1) % accounts.length], value: `0x${(round + 1).toString(16)}` }],
      }));
      await fetch(devnet.url + c, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    }
    await rpc(devnet.url, c, 'anvil_mine', ['0x2ee0']);
  }, 180_000);

  afterAll(async () => {
    await devnet?.stop();
    for (const d of databases) await d.drop();
  });

  it('ends with the same rows as an uninterrupted run, table by table', async () => {
    const seed = Number(process.env.FIRN_CRASH_SEED ?? Date.now() % 100_000);
    const random = prng(seed);
    const reference = await createTestPostgres();
    const crashed = await createTestPostgres();
    databases.push(reference, crashed);
    const common = [`--node-url=${devnet.url}`, '--poll-interval=20ms'];

    const clean = await startIndexerProcess([...common, `--database-url=${reference.url}`, '--batch-blocks=25']);
    await waitUntilCaughtUp(clean);
    expect(await clean.stop()).toBe(0);

    const heightOf = async (db: PgDatabase) => {
      const { rows } = await db.query<{ height: string }>(`SELECT height FROM checkpoints c JOIN chains ch ON ch.id = c.chain WHERE ch.name = 'C' AND c.stream = 'blocks'`).catch(() => ({ rows: [] as { height: string }[] }));
      return rows[0] ? Number(rows[0].height) : -1;
    };
    // The crashed store is watched on one connection kept open: a connection per look took tens of ms, long enough for
    // the indexer to cross the empty blocks' thousands of heights between the target and the kill.
    const watch = new PgDatabase(crashed.url);
    const checkpointOf = async (url = crashed.url) => {
      if (url === crashed.url) return heightOf(watch);
      const db = new PgDatabase(url);
      try {
        return await heightOf(db);
      } finally {
        await db.close();
      }
    };
    const progress: number[] = [];
    let final: number;
    try {
      const end = await checkpointOf(reference.url);
      let reached = 0;
      const midwaySoFar = () => new Set(progress.filter((h) => h > 0 && h < end)).size;
      // Ten kills, and more (up to twenty) while fewer than three have landed midway: a loaded machine can delay a kill
      // until the indexer has gone past its target, and a kill that lands on the height of the one before adds nothing.
      for (let i = 0; i < 20 && (i < 10 || midwaySoFar() < 3); i++) {
        const batch = 1 + Math.floor(random() * 60);
        const indexer = await startIndexerProcess([...common, `--database-url=${crashed.url}`, `--batch-blocks=${batch}`, `--prefetch=${1 + Math.floor(random() * 6)}`]);
        // Kill at a random point of the backfill, whatever its speed: once the checkpoint passes a random height
        // within the next fifth of what is left, then a random few ms later (mid-batch, mid-transaction). Aiming at no
        // more than a fifth leaves four fifths of the rest for a delayed kill to land in before the end.
        for (let wait = 0; (await indexer.ready()).status === 0 && wait < 600; wait++) await new Promise((r) => setTimeout(r, 50));
        const target = reached + Math.floor(random() * 0.2 * (end - reached));
        for (let wait = 0; (await checkpointOf()) < target && wait < 5000; wait++) await new Promise((r) => setTimeout(r, 2));
        await new Promise((r) => setTimeout(r, random() * 10));
        if (indexer.child.exitCode !== null) throw new Error(`indexer exited early (seed ${seed}):\n${indexer.output()}`);
        await indexer.kill();
        reached = await checkpointOf();
        progress.push(reached);
      }
      const last = await startIndexerProcess([...common, `--database-url=${crashed.url}`]);
      await waitUntilCaughtUp(last);
      expect(await last.stop()).toBe(0);
      // The kills must land in the middle of the backfill, not only before it starts or after it ends.
      final = await checkpointOf();
    } finally {
      await watch.close();
    }
    const midway = new Set(progress.filter((h) => h > 0 && h < final));
    expect(midway.size, `seed ${seed}: checkpoints after each kill ${progress.join(',')}`).toBeGreaterThanOrEqual(3);

    const a = new PgDatabase(reference.url);
    const b = new PgDatabase(crashed.url);
    try {
      const [sumsA, sumsB] = [await storeChecksums(a), await storeChecksums(b)];
      expect(sumsA.evm_blocks!.rows, `seed ${seed}`).toBeGreaterThan(6000);
      expect(sumsB, `seed ${seed}`).toEqual(sumsA);
    } finally {
      await a.close();
      await b.close();
    }
  }, 600_000);

  it('reports blocks missing below the checkpoint as gaps, and is not ready while they exist', async () => {
    const store = await createTestPostgres();
    databases.push(store);
    const args = [`--node-url=${devnet.url}`, '--poll-interval=20ms', `--database-url=${store.url}`, '--chains=C'];
    const first = await startIndexerProcess(args);
    await waitUntilCaughtUp(first);
    expect(await first.stop()).toBe(0);
    const db = new PgDatabase(store.url);
    try {
      await db.query('DELETE FROM evm_blocks WHERE number BETWEEN 100 AND 109');
    } finally {
      await db.close();
    }
    const second = await startIndexerProcess(args);
    try {
      let body: any;
      for (let i = 0; i < 300; i++) {
        const r = await second.ready();
        body = r.body;
        if (r.status === 503 && body?.streams?.some((s: any) => s.gaps.length > 0)) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      const c = body.streams.find((s: any) => s.chain === 'local/C/blocks');
      expect(c.gaps).toEqual([{ from: '100', to: '109', reason: 'blocks missing from the store below the checkpoint' }]);
      expect((await second.ready()).status).toBe(503);
    } finally {
      await second.stop();
    }
  }, 300_000);
});
