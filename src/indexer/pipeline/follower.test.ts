import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../store/registry.js';
import { readCheckpoint } from '../../store/checkpoints.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../store/testing.js';
import { ContinuityError, Follower, WriterLockedError } from './follower.js';
import { SIMULATION_TABLES, SimulatedStream, simulatedBlock } from './simulated-chain.js';

const serverUp = await postgresAvailable();

async function setup(t: TestDatabase): Promise<ChainRef> {
  await t.db.exec(SIMULATION_TABLES);
  const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: new Uint8Array(32).fill(1) });
  return ensureChain(t.db, { network, blockchainId: new Uint8Array(32).fill(2), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C' });
}

async function tableState(t: TestDatabase) {
  const blocks = await t.db.query<{ n: string; h: string }>(`SELECT count(*) AS n, coalesce(sum(height), 0)::text AS h FROM sim_blocks`);
  const txs = await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM sim_txs`);
  return { blocks: blocks.rows[0]!.n, heightSum: blocks.rows[0]!.h, txs: txs.rows[0]!.n };
}

function expectedState(head: number) {
  let txs = 0;
  for (let h = 0; h <= head; h++) txs += h % 5;
  return { blocks: String(head + 1), heightSum: String((head * (head + 1)) / 2), txs: String(txs) };
}

describe.each(TEST_DATABASE_KINDS)('follower on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  beforeEach(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await setup(t);
  });
  afterEach(async () => {
    await t?.dispose();
  });
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  run('backfills in batches (fixed ones with batchRows 0) then follows new blocks, committing rows and checkpoint together', async () => {
    const stream = new SimulatedStream(chain, 'a', 1000n);
    const commits: bigint[] = [];
    const follower = new Follower(t.db, stream, { batchBlocks: 64, batchRows: 0, pollIntervalMs: 5, stopAtHeight: 1200n, onCommit: (c) => void commits.push(c.height) });
    const running = follower.run(new AbortController().signal);
    await waitFor(() => follower.metrics.indexed === 1000n);
    stream.headHeight = 1200n;
    await running;
    expect(await tableState(t)).toEqual(expectedState(1200));
    expect(commits.slice(0, 2)).toEqual([63n, 127n]);
    expect(commits.at(-1)).toBe(1200n);
    const checkpoint = await readCheckpoint(t.db, chain.id, 'blocks');
    expect(checkpoint?.height).toBe(1200n);
    expect(Buffer.from(checkpoint!.blockHash)).toEqual(Buffer.from(simulatedBlock('a', 1200n).hash));
  });

  run('sizes batches by a row budget from the rows per block of the batches fetched last, within batchBlocks', async () => {
    // Blocks hold n % 5 transactions: 3 rows a block on average (the block and its transactions).
    const stream = new SimulatedStream(chain, 'a', 1000n);
    const commits: bigint[] = [];
    const follower = new Follower(t.db, stream, { batchBlocks: 500, batchRows: 150, prefetch: 1, stopAtHeight: 1000n, onCommit: (c) => void commits.push(c.height) });
    await follower.run(new AbortController().signal);
    // The first batch is a short one (nothing known yet); then 150 / 3 = 50 blocks each.
    expect(commits.slice(0, 4)).toEqual([99n, 149n, 199n, 249n]);
    expect(commits.at(-1)).toBe(1000n);
    expect(await tableState(t)).toEqual(expectedState(1000));
  });

  run('lets batches of sparse blocks grow to batchBlocks', async () => {
    const sparse: bigint[] = [];
    await new Follower(t.db, new SimulatedStream(chain, 'a', 1500n), {
      batchBlocks: 600, batchRows: 1_000_000, prefetch: 2, stopAtHeight: 1500n, onCommit: (c) => void sparse.push(c.height),
    }).run(new AbortController().signal);
    // Two short batches were in flight before the first one arrived.
    expect(sparse).toEqual([99n, 199n, 799n, 1399n, 1500n]);
    expect(await tableState(t)).toEqual(expectedState(1500));
  });

  run('holds a partial batch while told to, writes full ones meanwhile, and the rest once released', async () => {
    const stream = new SimulatedStream(chain, 'a', 1000n);
    const commits: bigint[] = [];
    let holding = true;
    const follower = new Follower(t.db, stream, {
      batchBlocks: 300, pollIntervalMs: 5, stopAtHeight: 1000n, holdPartialBatches: () => holding, onCommit: (c) => void commits.push(c.height),
    });
    const running = follower.run(new AbortController().signal);
    await waitFor(() => follower.metrics.indexed === 899n);
    await new Promise((r) => setTimeout(r, 50)); // several polls with 101 blocks waiting
    expect(commits).toEqual([299n, 599n, 899n]);
    holding = false;
    await running;
    expect(commits).toEqual([299n, 599n, 899n, 1000n]);
    expect(await tableState(t)).toEqual(expectedState(1000));
  });

  run('retries a node that fails and ends identical to an undisturbed run', async () => {
    const stream = new SimulatedStream(chain, 'a', 700n, 0.3, 42);
    const follower = new Follower(t.db, stream, { batchBlocks: 50, prefetch: 3, retryMinMs: 1, retryMaxMs: 4, stopAtHeight: 700n });
    await follower.run(new AbortController().signal);
    expect(follower.metrics.errors).toBeGreaterThan(0);
    expect(await tableState(t)).toEqual(expectedState(700));
  });

  run('resumes after being stopped at random points with no gap and no duplicate', async () => {
    let rng = 7;
    const random = () => ((rng = (rng * 1103515245 + 12345) % 2 ** 31), rng / 2 ** 31);
    for (let round = 0; round < 12; round++) {
      const stream = new SimulatedStream(chain, 'a', 900n, 0.1, round + 1);
      const controller = new AbortController();
      const stopAfter = Math.floor(random() * 5);
      let seen = 0;
      const follower = new Follower(t.db, stream, {
        batchBlocks: 1 + Math.floor(random() * 40),
        retryMinMs: 1,
        retryMaxMs: 2,
        stopAtHeight: 900n,
        onCommit: () => {
          if (++seen > stopAfter) controller.abort();
        },
      });
      await follower.run(controller.signal);
    }
    await new Follower(t.db, new SimulatedStream(chain, 'a', 900n), { stopAtHeight: 900n }).run(new AbortController().signal);
    expect(await tableState(t)).toEqual(expectedState(900));
  });

  run('refuses a second writer for the same chain stream', async () => {
    const controller = new AbortController();
    const first = new Follower(t.db, new SimulatedStream(chain, 'a', 10n), { pollIntervalMs: 5 });
    const running = first.run(controller.signal);
    await waitFor(() => first.metrics.indexed === 10n);
    await expect(new Follower(t.db, new SimulatedStream(chain, 'a', 10n)).run(new AbortController().signal)).rejects.toBeInstanceOf(WriterLockedError);
    controller.abort();
    await running;
  });

  run('closes the stream once when it stops cleanly, still holding the writer lock, and not when it fails', async () => {
    const closes: boolean[] = [];
    class ClosingStream extends SimulatedStream {
      async close(): Promise<void> {
        // A second writer is refused while close runs: the lock is released after it.
        const rival = new Follower(t.db, new SimulatedStream(chain, 'a', 10n), { stopAtHeight: 10n }).run(new AbortController().signal);
        closes.push(await rival.then(() => false, (e: unknown) => e instanceof WriterLockedError));
      }
    }
    await new Follower(t.db, new ClosingStream(chain, 'a', 30n), { stopAtHeight: 30n }).run(new AbortController().signal);
    const controller = new AbortController();
    const follower = new Follower(t.db, new ClosingStream(chain, 'a', 40n), { pollIntervalMs: 5 });
    const running = follower.run(controller.signal);
    await waitFor(() => follower.metrics.indexed === 40n);
    controller.abort();
    await running;
    expect(closes).toEqual([true, true]);
    await expect(new Follower(t.db, new ClosingStream(chain, 'b', 60n), { stopAtHeight: 60n }).run(new AbortController().signal))
      .rejects.toBeInstanceOf(ContinuityError);
    expect(closes).toHaveLength(2);
  });

  run('stops with a clear error when the source is another chain than the one stored', async () => {
    await new Follower(t.db, new SimulatedStream(chain, 'a', 20n), { stopAtHeight: 20n }).run(new AbortController().signal);
    const other = new Follower(t.db, new SimulatedStream(chain, 'b', 40n), { stopAtHeight: 40n });
    await expect(other.run(new AbortController().signal)).rejects.toBeInstanceOf(ContinuityError);
    expect(await tableState(t)).toEqual(expectedState(20));
  });
});

async function waitFor(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !predicate(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!predicate()) throw new Error('condition not reached');
}
