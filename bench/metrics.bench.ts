/**
 * Metrics benchmark (issue 7, "Performance"): what rollup maintenance costs next to the indexer's EVM writes,
 * and how fast metrics queries answer on an index of BENCH_TXS transactions.
 *
 * The indexer keeps the rollups in a follower stream of their own (src/indexer/streams/evm-rollup-stream.ts):
 * the block stream writes blocks and moves the `blocks` checkpoint, and the rollup stream follows that
 * checkpoint, folding each range of stored blocks in its own transaction (1,000 blocks per batch while it
 * trails). Here both streams run under the indexer's Follower, the block stream writing synthetic blocks
 * with the store's writer (writeEvmBatch: blocks, transactions, logs, token transfers, contracts, Teleporter
 * messages) in batches of BENCH_BLOCKS_PER_BATCH (default 100, the indexer's batch-blocks), on two chains with
 * the same blocks:
 *  - chain A: the backfill alone, then the rollup stream catches up from the first block (its time over the
 *    backfill's is the share rollups add to the work);
 *  - chain B: both streams at once, as the indexer runs them (the wall time the rollups add after the last
 *    block is written).
 * Then every kind of metrics query is timed on chain A, through the store and the HTTP server (loopback socket).
 *
 * BENCH_TXS (default 1,000,000), BENCH_TXS_PER_BLOCK (default 10), BENCH_BLOCKS_PER_BATCH (default 100),
 * BENCH_ROLLUP_BLOCKS_PER_BATCH (default as the indexer: the larger of BENCH_BLOCKS_PER_BATCH and 5,000),
 * BENCH_QUERIES (default 500 per query), BENCH_DATABASE_URL (default: a fresh database on the test server,
 * dropped afterwards), BENCH_STORE=pglite to use PGlite in memory. Writes the `metrics` section of docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Follower } from '../src/indexer/pipeline/follower.js';
import type { BatchSummary, BlockStream } from '../src/indexer/pipeline/stream.js';
import { EvmRollupStream } from '../src/indexer/streams/evm-rollup-stream.js';
import type { Database, Queryable } from '../src/store/database/database.js';
import { PgDatabase } from '../src/store/database/pg-database.js';
import { PgliteDatabase } from '../src/store/database/pglite-database.js';
import { migrate } from '../src/store/migrations/migrate.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../src/store/registry.js';
import { emptyEvmBatch, type EvmBatch, type EvmTransactionRecord } from '../src/store/writers/evm/evm-batch.js';
import { writeEvmBatch } from '../src/store/writers/evm/write-evm-batch.js';
import { createTestPostgres } from '../src/store/testing.js';
import { measureMetricsQueries, type MetricsQueryRun } from './metrics-queries.js';
import { machine, writeSection } from './results.js';

const run = promisify(execFile);

const TXS = Number(process.env.BENCH_TXS ?? 1_000_000);
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS_PER_BLOCK ?? 10);
const BLOCKS_PER_BATCH = Number(process.env.BENCH_BLOCKS_PER_BATCH ?? 100);
const ROLLUP_BLOCKS_PER_BATCH = Number(process.env.BENCH_ROLLUP_BLOCKS_PER_BATCH ?? Math.max(BLOCKS_PER_BATCH, 5000));
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const ADDRESSES = Math.max(1000, Math.floor(TXS / 10));
const START = Date.UTC(2024, 0, 3, 7, 21, 5) / 1000;
const TRANSFER_TOPIC = new Uint8Array(Buffer.from('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', 'hex'));
const SEND_TOPIC = new Uint8Array(Buffer.from('2a211ad4a59ab9d003852404f9c57c690704ee755f3c79d2c2812ad32da99df8', 'hex'));

const addressBook = Array.from({ length: ADDRESSES }, (_, i) => {
  const a = new Uint8Array(20);
  new DataView(a.buffer).setUint32(0, i + 1);
  a[19] = 0xaa;
  return a;
});
const hash = (kind: number, n: number, i: number) => {
  const h = new Uint8Array(32);
  const v = new DataView(h.buffer);
  v.setUint32(0, kind);
  v.setFloat64(8, n);
  v.setUint32(16, i);
  return h;
};
const word = (a: Uint8Array) => {
  const w = new Uint8Array(32);
  w.set(a, 32 - a.length);
  return w;
};

/**
 * The synthetic chain, the same for every chain written: 0–2×BENCH_TXS_PER_BLOCK txs per block, senders and
 * recipients skewed towards a few busy addresses, one token transfer per two txs, 0.5 % contract creations,
 * 0.2 % Teleporter sends; block times 0–30 s apart with occasional quiet hours, so the chain spans months.
 */
class SyntheticChain {
  private seed = 0x9e3779b9;
  clock = START;

  // xorshift32: deterministic and cheap
  private rand(): number {
    this.seed ^= this.seed << 13;
    this.seed ^= this.seed >>> 17;
    this.seed ^= this.seed << 5;
    return (this.seed >>> 0) / 4294967296;
  }

  private int(n: number): number {
    return Math.floor(this.rand() * n);
  }

  /** Skewed towards a few busy addresses, as on real chains. */
  private address(): Uint8Array {
    return addressBook[Math.floor(ADDRESSES * this.rand() ** 3)]!;
  }

  batch(first: bigint, blocks: number): EvmBatch {
    const batch = emptyEvmBatch();
    const token = addressBook[0]!;
    for (let k = 0; k < blocks; k++) {
      const n = first + BigInt(k);
      this.clock += this.rand() < 0.3 ? 0 : this.rand() < 0.97 ? 1 + this.int(30) : 600 + this.int(7200);
      const timestamp = BigInt(this.clock);
      const txCount = this.int(2 * TXS_PER_BLOCK + 1);
      let logIndex = 0;
      let gasUsed = 0n;
      let fees = 0n;
      for (let i = 0; i < txCount; i++) {
        const from = this.address();
        const creation = this.rand() < 0.005;
        const txHash = hash(1, Number(n), i);
        const tx: EvmTransactionRecord = {
          blockNumber: n, index: i, hash: txHash, blockTimestamp: timestamp, from, value: 0n, nonce: 0n, type: 2, gasLimit: 150_000n,
          gasPrice: 25_000_000_000n, gasUsed: 21_000n + BigInt(this.int(100_000)), effectiveGasPrice: 25_000_000_000n + BigInt(this.int(1e9)), status: 1,
          input: new Uint8Array(4),
        };
        if (creation) {
          tx.contractAddress = hash(2, Number(n), i).subarray(0, 20);
          batch.contracts.push({ address: tx.contractAddress, blockNumber: n, txIndex: i, txHash, deployer: from, ercType: 'UNKNOWN' });
        } else {
          tx.to = this.address();
          tx.methodId = tx.input;
        }
        batch.transactions.push(tx);
        gasUsed += tx.gasUsed;
        fees += tx.gasUsed * tx.effectiveGasPrice;
        if (this.rand() < 0.5) {
          const to = this.address();
          const value = BigInt(this.int(1e9));
          batch.logs.push({ blockNumber: n, logIndex, txIndex: i, address: token, topics: [TRANSFER_TOPIC, word(from), word(to)], data: word(new Uint8Array(Buffer.from(value.toString(16).padStart(16, '0'), 'hex'))) });
          batch.tokenTransfers.push({ blockNumber: n, logIndex: logIndex++, batchIndex: 0, txIndex: i, blockTimestamp: timestamp, token, standard: 20, from, to, value });
        }
        if (this.rand() < 0.002) {
          const destination = hash(4, this.int(3), 0);
          batch.logs.push({ blockNumber: n, logIndex, txIndex: i, address: token, topics: [SEND_TOPIC, txHash, destination], data: new Uint8Array(64) });
          batch.teleporterMessages.push({
            blockNumber: n, logIndex: logIndex++, txIndex: i, blockTimestamp: timestamp, messageId: txHash, direction: 'SOURCE_TRANSACTION',
            sourceBlockchainId: hash(3, 0, 0), destinationBlockchainId: destination, messenger: token,
          });
        }
      }
      batch.blocks.push({
        number: n, hash: hash(5, Number(n), 0), parentHash: n === 0n ? new Uint8Array(32) : hash(5, Number(n) - 1, 0), timestamp, miner: token,
        gasLimit: 15_000_000n, gasUsed, baseFee: 25_000_000_000n, txCount, feesSpent: fees, internalTxsIndexed: true,
      });
    }
    return batch;
  }
}

/**
 * The block stream of a synthetic chain, as the indexer's EvmBlockStream minus the node: fetch builds the
 * range's records (the Follower asks for ranges in order), write is the same writeEvmBatch. Records the time
 * spent in write (inside the batch's transaction) apart from generating.
 */
class SyntheticBlockStream implements BlockStream<EvmBatch> {
  readonly name = 'blocks';
  readonly firstHeight = 0n;
  private readonly source = new SyntheticChain();
  private next = 0n;
  writeMs = 0;
  transactions = 0;

  constructor(readonly chain: ChainRef, private readonly last: bigint) {}

  async head(): Promise<bigint> {
    return this.last;
  }

  async fetch(from: bigint, to: bigint): Promise<EvmBatch> {
    if (from !== this.next) throw new Error(`synthetic blocks are made in order: asked for ${from}, next is ${this.next}`);
    this.next = to + 1n;
    return this.source.batch(from, Number(to - from + 1n));
  }

  summarize(batch: EvmBatch): BatchSummary {
    const first = batch.blocks[0]!;
    const last = batch.blocks[batch.blocks.length - 1]!;
    return { firstHeight: first.number, firstParentHash: first.parentHash, lastHeight: last.number, lastHash: last.hash, blocks: batch.blocks.length, transactions: batch.transactions.length, rows: 0 };
  }

  async write(tx: Queryable, batch: EvmBatch): Promise<void> {
    const started = performance.now();
    await writeEvmBatch(tx, this.chain.id, batch);
    this.writeMs += performance.now() - started;
    this.transactions += batch.transactions.length;
  }

  get clock(): number {
    return this.source.clock;
  }
}

/** The indexer's rollup stream, timing its writes. */
class TimedRollupStream extends EvmRollupStream {
  writeMs = 0;

  override async write(tx: Queryable, range: Parameters<EvmRollupStream['write']>[1]): Promise<void> {
    const started = performance.now();
    await super.write(tx, range);
    this.writeMs += performance.now() - started;
  }
}

function follow<B>(db: Database, stream: BlockStream<B>, last: bigint, batchBlocks: number, prefetch: number): Promise<number> {
  const started = performance.now();
  return new Follower(db, stream, { batchBlocks, prefetch, pollIntervalMs: 20, stopAtHeight: last })
    .run(new AbortController().signal)
    .then(() => performance.now() - started);
}

async function openStore(): Promise<{ db: Database; drop: () => Promise<void>; label: string; url?: string }> {
  if (process.env.BENCH_STORE === 'pglite') {
    const db = await PgliteDatabase.open();
    return { db, drop: () => db.close(), label: 'PGlite (in memory)' };
  }
  if (process.env.BENCH_DATABASE_URL) {
    const db = new PgDatabase(process.env.BENCH_DATABASE_URL);
    return { db, drop: () => db.close(), label: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL };
  }
  const server = await createTestPostgres();
  const db = new PgDatabase(server.url);
  return { db, drop: async () => { await db.close(); await server.drop(); }, label: 'PostgreSQL (local server)', url: server.url };
}

/** Runs bench/metrics-queries.ts in a child process over the same database; its table rows come back on stdout. */
async function measureInChild(query: MetricsQueryRun): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./metrics-queries.ts', import.meta.url))], {
    env: { ...process.env, FIRN_METRICS_QUERY_RUN: JSON.stringify(query) }, maxBuffer: 1 << 24,
  });
  const lines = stdout.trim().split('\n');
  for (const line of lines.slice(0, -1)) console.log(line);
  return JSON.parse(lines[lines.length - 1]!) as string[];
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  const store = await openStore();
  const { db } = store;
  try {
    await migrate(db);
    const network = await ensureNetwork(db, { name: 'bench', networkId: 4242, hrp: 'custom', isTestnet: true, avaxAssetId: new Uint8Array(32) });
    const chain = (id: number, evmChainId: bigint) =>
      ensureChain(db, { network, blockchainId: hash(9, id, 0), subnetId: new Uint8Array(32), vm: 'evm', evmChainId, name: `bench-${id}` });
    const chainA = await chain(1, 990_001n);
    const chainB = await chain(2, 990_002n);
    const totalBlocks = Math.ceil(TXS / TXS_PER_BLOCK);
    const last = BigInt(totalBlocks - 1);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

    // Chain A: the backfill alone, then the rollup stream catches up from the chain's first block.
    const blocksA = new SyntheticBlockStream(chainA, last);
    const progress = setInterval(() => process.stdout.write(`\r${blocksA.transactions.toLocaleString()} txs written`), 5_000);
    const backfillA = await follow(db, blocksA, last, BLOCKS_PER_BATCH, 4);
    clearInterval(progress);
    console.log(`\nchain A: ${blocksA.transactions.toLocaleString()} txs in ${totalBlocks.toLocaleString()} blocks written in ${seconds(backfillA)} (${seconds(blocksA.writeMs)} in writeEvmBatch)`);
    const rollupsA = new TimedRollupStream(chainA, db);
    const catchUpA = await follow(db, rollupsA, last, ROLLUP_BLOCKS_PER_BATCH, 1);
    console.log(`chain A: rollups caught up in ${seconds(catchUpA)} (${seconds(rollupsA.writeMs)} in updateEvmRollups): ${(100 * catchUpA / backfillA).toFixed(1)} % of the backfill`);

    // Chain B: both streams at once, as the indexer runs them.
    const blocksB = new SyntheticBlockStream(chainB, last);
    const rollupsB = new TimedRollupStream(chainB, db);
    let blocksDoneB = 0;
    const startedB = performance.now();
    await Promise.all([
      follow(db, blocksB, last, BLOCKS_PER_BATCH, 4).then((ms) => { blocksDoneB = ms; }),
      follow(db, rollupsB, last, ROLLUP_BLOCKS_PER_BATCH, 1),
    ]);
    const allDoneB = performance.now() - startedB;
    const trailB = allDoneB - blocksDoneB;
    console.log(`chain B: blocks written in ${seconds(blocksDoneB)}, rollups done ${seconds(trailB)} later (${seconds(rollupsB.writeMs)} in updateEvmRollups)`);
    await db.exec('ANALYZE');
    const clock = blocksA.clock;
    const rolled = chainA;

    const now = clock + 600;
    const query = { url: store.url, chain: rolled.id, evmChainId: String(rolled.evmChainId), now, queries: QUERIES };
    // The queries run in a process of their own, as the Metrics API does in production: this one's heap holds what
    // it wrote, and its garbage collections would land in the latencies.
    const rows = store.url ? await measureInChild(query) : await measureMetricsQueries(db, query, console.log);

    const { rows: sizes } = await db.query<{ addresses: string; buckets: string }>(
      `SELECT (SELECT count(*) FROM metrics_addresses WHERE chain = $1) AS addresses, (SELECT count(*) FROM metrics_chain_buckets WHERE chain = $1) AS buckets`, [rolled.id]);
    const loadAtEnd = loadavg()[0]!;
    const pct = (a: number, b: number) => `${(100 * a / b).toFixed(1)} %`;
    writeSection('metrics', `
## Metrics API (\`npm run bench:metrics\`)

${machine()}; ${store.label}. 1-minute load average ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end${
  Math.max(loadAtStart, loadAtEnd) > 1.5 ? ' (other work shared the 2 cores)' : ''}. Each chain: ${blocksA.transactions.toLocaleString()} transactions in ${totalBlocks.toLocaleString()} blocks
(${Math.round((clock - START) / 86_400)} days of chain time, ${ADDRESSES.toLocaleString()} addresses skewed towards a few busy ones, one token
transfer and its log per two transactions, 0.5 % contract creations, 0.2 % Teleporter sends), written by the indexer's Follower with
\`writeEvmBatch\` in batches of ${BLOCKS_PER_BATCH} blocks; rollups: ${Number(sizes[0]!.buckets).toLocaleString()} buckets,
${rollupsA.addresses.held.toLocaleString()} address memberships per chain (${Number(sizes[0]!.addresses).toLocaleString()} written to \`metrics_addresses\`
so far, ${rollupsA.addresses.waiting.toLocaleString()} held by the rollup stream and written behind; a restart replays them from the stored blocks).

**Rollup maintenance.** The indexer folds rollups in a follower stream of its own (\`EvmRollupStream\`, ${ROLLUP_BLOCKS_PER_BATCH} blocks per
transaction while it trails), not in the block stream's transactions:

| measure | time | share of the backfill |
|---|---|---|
| chain A: backfill, block stream alone (wall) | ${seconds(backfillA)} | 100 % |
| chain A: of which in \`writeEvmBatch\` | ${seconds(blocksA.writeMs)} | ${pct(blocksA.writeMs, backfillA)} |
| chain A: rollup stream catching up afterwards, from block 0 (wall) | ${seconds(catchUpA)} | **${pct(catchUpA, backfillA)}** |
| chain A: of which in \`updateEvmRollups\` | ${seconds(rollupsA.writeMs)} | ${pct(rollupsA.writeMs, backfillA)} |
| chain B: both streams at once, block stream done (wall) | ${seconds(blocksDoneB)} | ${pct(blocksDoneB, backfillA)} |
| chain B: rollup stream done after the last block (wall added) | ${seconds(trailB)} | **${pct(trailB, backfillA)}** |

Target: rollup maintenance adds ≤ 5 % to the indexer's backfill time. Chain B is written after chain A into the same (fuller) tables.

**Queries** on chain A (${QUERIES} each after warm-up, one at a time; after \`VACUUM ANALYZE\` except the first row; target p99 ≤ 10 ms).
"store:" rows call the store's query functions; "HTTP:" rows are GETs to the Metrics API server over a loopback keep-alive socket (client in the same process, counting
the body's bytes only), which keeps
the values of sealed periods between requests (\`SealedSeriesCache\`: a period is final once the rollup watermark is past it, so only the
open period is read per request); the rows without the cache show the cost of a series computed from its buckets on every request:

| query | p50 | p99 | max |
|---|---|---|---|
${rows.join('\n')}
`);
  } finally {
    await store.drop();
  }
}

await main();
