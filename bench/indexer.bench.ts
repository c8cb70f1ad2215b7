/**
 * Indexer benchmark (issue 5, "Performance"). On a generated devnet C-chain (bench/chain-generator, cached in
 * bench/.cache) served by `firn node` in another process on the same machine:
 *  - backfill with `firn index --chains=C` into a fresh PostgreSQL database and into PGlite, for a few
 *    --batch-blocks/--prefetch settings: blocks/s, tx/s, events/s, peak RSS (VmHWM) of the indexer, wall time,
 *    and the CPU seconds of the indexer and of the node (where the time goes);
 *  - realtime: with the indexer caught up and the node automining, one tx at a time; latency from the node's
 *    reply (the block is accepted) to the block being queryable in PostgreSQL;
 *  - Ponder indexing the same chain's ERC-20 Transfer events into PostgreSQL in the same run.
 * Everything runs one after the other, so no two measured systems compete for the 2 cores.
 * Writes the `indexer` section of docs/benchmarks.md.
 *
 * Env: BENCH_BLOCKS (default 100000, the chain's workload blocks), BENCH_SETTINGS (list of batch×prefetch, fixed batches
 * of that many blocks, or batch×prefetch×rows, batches of at most that many blocks sized by --batch-rows;
 * default "1000x8x30000,100x4,250x8,1000x8"; the first is the CLI default), BENCH_REALTIME_BLOCKS (default 250),
 * BENCH_ONLY (comma list of pg,rollups,pglite,realtime,ponder; rollups = the first setting again with --rollups=false), BENCH_TRACED_RUNS
 * (default 3: the defaults run that many times, spread over the bench, and report their median), BENCH_PONDER_RUNS (default 3,
 * the same for Ponder), BENCH_TRACED_BLOCKS (default: the whole chain; the prefix the run with
 * internal transactions covers; 0 skips it), BENCH_NO_WRITE=1 (print only),
 * FIRN_INDEX_NODE_OPTIONS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof: passed to the indexer process),
 * BENCH_PG_SERVER (default postgres://postgres@127.0.0.1:5432).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../test/helpers/free-port.js';
import { DEFAULT_PARAMS, paramsFromArgs } from './chain-generator/chain-params.js';
import { addressOf, keyFromLabel, signEip1559 } from './chain-generator/eip1559-signer.js';
import { ensureChain, type CachedChain } from './chain-generator/generate-chain.js';
import { npmFirnNodeOptions } from './firn-node-options.js';
import { FIRN_CLI, cpuSeconds, currentRss, logIndexBuilt, peakRss, rssParts, serveNode, startChild, treePids, waitFor, type Child } from './chain-generator/processes.js';
import { ensurePonder, PONDER_BIN } from './ponder-project/install-ponder.js';
import { writePonderProject } from './ponder-project/ponder-project.js';
import { machine, writeSection } from './results.js';
import { summarize } from './stats.js';

/** The PostgreSQL server, without a database (postgres://postgres@%2Fvar%2Frun%2Fpostgresql for its Unix socket: no gain measured). */
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const CHAIN_ID = 43112;
const EVERYTHING = ['pg', 'rollups', 'pglite', 'realtime', 'ponder'];
const ONLY = new Set((process.env.BENCH_ONLY ?? EVERYTHING.join(',')).split(','));
interface BatchSettings {
  batch: number;
  prefetch: number;
  /** --batch-rows (0: every batch is `batch` blocks long). */
  rowBudget: number;
}
const SETTINGS: BatchSettings[] = (process.env.BENCH_SETTINGS ?? '1000x8x30000,100x4,250x8,1000x8').split(',').map((s) => {
  const [batch, prefetch, rows] = s.split('x').map(Number);
  return { batch: batch!, prefetch: prefetch!, rowBudget: rows ?? 0 };
});
const settingsLabel = (s: BatchSettings) => (s.rowBudget > 0 ? `≤ ${s.batch}, ~${s.rowBudget.toLocaleString('en')} rows / ${s.prefetch}` : `${s.batch} / ${s.prefetch}`);
const sameSettings = (a: BatchSettings, b: BatchSettings) => a.batch === b.batch && a.prefetch === b.prefetch && a.rowBudget === b.rowBudget;
/** Blocks the run with the defaults (internal transactions on: every block traced by the node) covers; 0 = skip it. */
const TRACED_BLOCKS = Number(process.env.BENCH_TRACED_BLOCKS ?? Number.MAX_SAFE_INTEGER);
const TRACED_RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_TRACED_RUNS ?? 3)) || 1);
/** Ponder's runs, spread over the bench like Firn's, so the peer's figure is a median too (one run varied 120-193 s). */
const PONDER_RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_PONDER_RUNS ?? 3)) || 1);
const REALTIME_BLOCKS = Number(process.env.BENCH_REALTIME_BLOCKS ?? 250);
const log = (line: string) => process.stdout.write(line + '\n');

// ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────

const createdDatabases: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function freshDatabase(tag: string): Promise<string> {
  const name = `firn_bench_${tag}_${process.pid}`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  createdDatabases.push(name);
  return `${PG_SERVER}/${name}`;
}

async function dropDatabases(): Promise<void> {
  await admin(async (c) => {
    for (const name of createdDatabases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ── Firn backfill ───────────────────────────────────────────────────────────────────────────

interface RowCounts {
  blocks: number;
  transactions: number;
  logs: number;
  transfers: number;
}

interface Backfill extends BatchSettings {
  kind: 'postgres' | 'pglite';
  traces: boolean;
  /** Metrics rollups maintained (`--rollups`). */
  rollups: boolean;
  /** Seconds from the start until the rollups stream also reached the height (rollups on). */
  rollupsDoneSeconds?: number;
  /** Last block the run was timed to (the chain's head, or the end of a prefix). */
  height: number;
  wallSeconds: number;
  rows: RowCounts;
  peakRssBytes: number;
  /** RSS when the clock stopped. */
  endRssBytes: number;
  /** CPU seconds over the run: the indexer process, the node process, PostgreSQL's backends for this database. */
  indexerCpu: number;
  nodeCpu: number;
  postgresCpu?: number;
  /** Mean 1-minute load average sampled during the run (other work on the machine included). */
  load: number;
  databaseUrl?: string;
}

const countSql = (h: number) => `SELECT (SELECT count(*) FROM evm_blocks WHERE number <= ${h}) AS blocks,
  (SELECT count(*) FROM evm_transactions WHERE block_number <= ${h}) AS transactions,
  (SELECT count(*) FROM evm_logs WHERE block_number <= ${h}) AS logs,
  (SELECT count(*) FROM evm_token_transfers WHERE block_number <= ${h}) AS transfers`;

const countsOf = (r: Record<string, unknown>): RowCounts => ({
  blocks: Number(r.blocks), transactions: Number(r.transactions), logs: Number(r.logs), transfers: Number(r.transfers),
});

async function pgliteCounts(dir: string, h: number): Promise<RowCounts> {
  const { PgliteDatabase } = await import('../src/store/database/pglite-database.js');
  const db = await PgliteDatabase.open(dir);
  try {
    const { rows } = await db.query(countSql(h));
    return countsOf(rows[0]!);
  } finally {
    await db.close();
  }
}

/** Indexed heights from the indexer's /metrics: the lowest of the block streams, and the rollups stream's. */
async function indexedHeights(metricsUrl: string): Promise<{ blocks?: number; rollups?: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const out: { blocks?: number; rollups?: number } = {};
  for (const m of text.matchAll(/^firn_indexer_indexed_height\{chain="([^"]*)"\} (\d+)$/gm)) {
    const h = Number(m[2]);
    if (m[1]!.endsWith('/rollups')) out.rollups = h;
    else out.blocks = Math.min(out.blocks ?? Infinity, h);
  }
  return out;
}

async function indexedHeight(metricsUrl: string): Promise<number | undefined> {
  return (await indexedHeights(metricsUrl)).blocks;
}

type Store = { url: string } | { dir: string };

function startIndexer(nodeUrl: string, db: Store, o: BatchSettings & { traces: boolean; rollups?: boolean; metricsPort: number; pollMs?: number }): Child {
  const args = [
    ...npmFirnNodeOptions(), ...(process.env.FIRN_INDEX_NODE_OPTIONS ?? '').split(' ').filter(Boolean), ...FIRN_CLI, 'index', `--node-url=${nodeUrl}`, '--chains=C',
    `--batch-blocks=${o.batch}`, `--batch-rows=${o.rowBudget}`, `--prefetch=${o.prefetch}`, `--metrics-port=${o.metricsPort}`, '--log-format=json', '--log-level=warn',
    `--internal-transactions=${o.traces}`, `--rollups=${o.rollups ?? true}`, 'url' in db ? `--database-url=${db.url}` : `--database-dir=${db.dir}`,
  ];
  if (o.pollMs !== undefined) args.push(`--poll-interval=${o.pollMs}ms`);
  return startChild(process.execPath, args, { env: { ...process.env, DATABASE_URL: '' } });
}

/** CPU seconds of the PostgreSQL backends serving one database, summed over every backend seen so far. */
class BackendCpu {
  private readonly seen = new Map<number, number>();
  private client: pg.Client | undefined;
  constructor(private readonly database: string) {}

  async sample(): Promise<void> {
    if (!this.client) {
      this.client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
      await this.client.connect();
    }
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [this.database]);
    for (const { pid } of rows) {
      const cpu = cpuSeconds(pid);
      if (cpu !== undefined) this.seen.set(pid, Math.max(cpu, this.seen.get(pid) ?? 0));
    }
  }

  get total(): number {
    let t = 0;
    for (const v of this.seen.values()) t += v;
    return t;
  }

  async close(): Promise<void> {
    await this.client?.end();
  }
}

/**
 * Runs `firn index` from an empty store until it has indexed block `upTo` (the clock includes start-up), then
 * stops it and counts the rows of blocks 0..upTo.
 */
async function backfill(
  kind: Backfill['kind'], node: { url: string; pid: number }, chain: CachedChain, options: BatchSettings & { traces: boolean; rollups?: boolean }, upTo = chain.head,
): Promise<Backfill> {
  // Only the settings: a caller may pass another run's result (the fastest PostgreSQL run, for PGlite), whose measured
  // fields must not carry over into this run's.
  const o = { batch: options.batch, prefetch: options.prefetch, rowBudget: options.rowBudget, traces: options.traces, rollups: options.rollups ?? true };
  const tag = `${kind === 'postgres' ? 'pg' : 'lite'}_${o.batch}x${o.prefetch}x${o.rowBudget}${o.traces ? '' : '_nt'}${o.rollups ? '' : '_nr'}`;
  const db: Store = kind === 'postgres' ? { url: await freshDatabase(tag) } : { dir: mkdtempSync(join(tmpdir(), 'firn-bench-pglite-')) };
  const backends = 'url' in db ? new BackendCpu(db.url.slice(db.url.lastIndexOf('/') + 1)) : undefined;
  const metricsPort = await freePort();
  const nodeCpu0 = cpuSeconds(node.pid)!;
  const started = performance.now();
  const indexer = startIndexer(node.url, db, { ...o, metricsPort });
  let rss = 0;
  let cpu = 0;
  let polls = 0;
  const loads: number[] = [];
  const sample = async () => {
    loads.push(loadavg()[0]!);
    rss = Math.max(rss, peakRss(indexer.pid) ?? 0);
    cpu = cpuSeconds(indexer.pid) ?? cpu;
    if (backends && polls++ % 10 === 0) await backends.sample();
  };
  const height = await waitFor(`firn index (${tag})`, 6 * 3600_000, async () => {
    await sample();
    const h = await indexedHeight(`http://127.0.0.1:${metricsPort}/metrics`);
    return h !== undefined && h >= upTo ? h : undefined;
  }, indexer, 100);
  const wallSeconds = (performance.now() - started) / 1000;
  // The rollups trail the block stream; the backfill is complete for the Metrics API once they reach the height too.
  let rollupsDoneSeconds: number | undefined;
  if (o.rollups) {
    await waitFor(`rollups (${tag})`, 3600_000, async () => ((await indexedHeights(`http://127.0.0.1:${metricsPort}/metrics`)).rollups ?? -1) >= height ? true : undefined, indexer, 50);
    rollupsDoneSeconds = (performance.now() - started) / 1000;
  }
  const nodeCpu = cpuSeconds(node.pid)! - nodeCpu0;
  const endRss = currentRss(indexer.pid) ?? 0;
  polls = 0;
  await sample();
  await indexer.stop();
  await backends?.close();
  // Rows up to the height the clock stopped at (a prefix run may have committed a little more meanwhile).
  const rows: RowCounts = 'url' in db ? await withClient(db.url, async (c) => countsOf((await c.query(countSql(height))).rows[0])) : await pgliteCounts(db.dir, height);
  if ('dir' in db) rmSync(db.dir, { recursive: true, force: true });
  const result: Backfill = {
    kind, ...o, height, wallSeconds, ...(rollupsDoneSeconds !== undefined ? { rollupsDoneSeconds } : {}), rows, peakRssBytes: rss, endRssBytes: endRss, indexerCpu: cpu, nodeCpu, load: mean(loads),
    ...(backends ? { postgresCpu: backends.total } : {}), ...('url' in db ? { databaseUrl: db.url } : {}),
  };
  log(`  ${tag}${height < chain.head ? ` (blocks 0..${height})` : ''}: ${fmtRate(rows.blocks / wallSeconds)} blocks/s, ${fmtRate(rows.transactions / wallSeconds)} tx/s, ` +
    `${fmtRate(rows.logs / wallSeconds)} events/s, RSS ${mb(rss)}, ${wallSeconds.toFixed(1)} s${rollupsDoneSeconds !== undefined ? ` (rollups done at ${rollupsDoneSeconds.toFixed(1)} s)` : ''} (CPU s: indexer ${cpu.toFixed(1)}, node ${nodeCpu.toFixed(1)}` +
    `${backends ? `, postgres ${backends.total.toFixed(1)}` : ''}; load ${result.load.toFixed(1)})`);
  if (height >= chain.head) checkCounts(result, chain);
  else if (rows.blocks !== height + 1) throw new Error(`${tag}: ${rows.blocks} blocks stored up to ${height}`);
  return result;
}

function checkCounts(r: Backfill, chain: CachedChain): void {
  const want: RowCounts = { blocks: chain.head + 1, transactions: chain.transactions, logs: chain.erc20Transfers, transfers: chain.erc20Transfers };
  for (const k of Object.keys(want) as (keyof RowCounts)[]) {
    if (r.rows[k] !== want[k]) throw new Error(`${r.kind} ${settingsLabel(r)}: ${r.rows[k]} ${k} rows, the chain has ${want[k]}`);
  }
}

// ── realtime ────────────────────────────────────────────────────────────────────────────────

async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  const r = await fetch(`${url}/ext/bc/C/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await r.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

interface Realtime {
  n: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  sendP50: number;
  pollMs: number;
  /** RSS of the indexer and of the node after the last realtime block. */
  indexerRss: number;
  nodeRss: number;
  /** The node's RSS split into anonymous and file-backed pages. */
  nodeRssParts?: { anon: number; file: number };
}

/**
 * The node automines a copy of the chain; the indexer (caught up in `databaseUrl`) follows with its
 * defaults. Each tx is sent after a random pause (so blocks land at random points of the indexer's poll
 * cycle); its block is accepted when the node replies, and queryable once a SELECT finds it in evm_blocks.
 */
async function realtime(chain: CachedChain, databaseUrl: string): Promise<Realtime> {
  const copy = mkdtempSync(join(tmpdir(), 'firn-bench-rt-'));
  cpSync(chain.dataDir, copy, { recursive: true });
  // The copy is gigabytes of dirty pages: written back during the measurement, they would slow every commit's fsync.
  execFileSync('sync');
  const port = await freePort();
  const { node, url } = await serveNode(copy, port, { mining: true });
  const metricsPort = await freePort();
  const pollMs = 100;
  const indexer = startIndexer(url, { url: databaseUrl }, { ...SETTINGS[0]!, traces: true, metricsPort, pollMs });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await waitFor('realtime indexer', 600_000, async () => ((await indexedHeight(`http://127.0.0.1:${metricsPort}/metrics`)) ?? -1) >= chain.head ? true : undefined, indexer, 100);
    const key = keyFromLabel('firn-bench/sender/0');
    const from = '0x' + Buffer.from(addressOf(key)).toString('hex');
    let nonce = Number(await rpc(url, 'eth_getTransactionCount', [from, 'latest']));
    const to = keyFromLabel('firn-bench/realtime-recipient').slice(0, 20);
    const chainRow = await client.query<{ id: number }>("SELECT id FROM chains WHERE name = 'C'");
    const chainId = chainRow.rows[0]!.id;
    let height = chain.head;
    const latencies: number[] = [];
    const sends: number[] = [];
    for (let i = 0; i < REALTIME_BLOCKS; i++) {
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      const raw = signEip1559({ chainId: BigInt(CHAIN_ID), nonce: nonce++, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 1n, gasLimit: 21_000n, to, value: 1n, data: new Uint8Array(0) }, key);
      const sent = performance.now();
      await rpc(url, 'eth_sendRawTransaction', ['0x' + Buffer.from(raw).toString('hex')]);
      const accepted = performance.now();
      height++;
      for (;;) {
        const r = await client.query('SELECT 1 FROM evm_blocks WHERE chain = $1 AND number = $2', [chainId, height]);
        if (r.rowCount) break;
        if (performance.now() - accepted > 60_000) throw new Error(`block ${height} not indexed after 60 s:\n${indexer.output()}`);
        await new Promise((res) => setTimeout(res, 2));
      }
      latencies.push(performance.now() - accepted);
      sends.push(accepted - sent);
    }
    const head = Number(await rpc(url, 'eth_blockNumber', []));
    if (head !== height) throw new Error(`expected one block per tx: node head ${head}, expected ${height}`);
    const s = summarize(latencies);
    const parts = rssParts(node.pid);
    const r: Realtime = {
      n: s.n, p50: s.p50, p99: s.p99, max: s.max, mean: s.mean, sendP50: summarize(sends).p50, pollMs,
      indexerRss: currentRss(indexer.pid) ?? 0, nodeRss: currentRss(node.pid) ?? 0, ...(parts ? { nodeRssParts: parts } : {}),
    };
    const slowest = [...latencies].sort((a, b) => b - a).slice(0, 5).map((ms) => ms.toFixed(1)).join(', ');
    log(`  realtime: accept→queryable p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms over ${r.n} blocks (slowest: ${slowest} ms); RSS then: indexer ${mb(r.indexerRss)}, node ${mb(r.nodeRss)}`);
    return r;
  } finally {
    await client.end();
    await indexer.stop();
    await node.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}

// ── Ponder ──────────────────────────────────────────────────────────────────────────────────

interface PonderRun {
  wallSeconds: number;
  /** From Ponder's HTTP server answering (build done) to the last event stored. */
  indexingSeconds: number;
  events: number;
  peakRssBytes: number;
  cpu: number;
  nodeCpu: number;
  maxRequestsPerSecond: number;
  load: number;
}

async function ponder(node: { url: string; pid: number }, chain: CachedChain): Promise<PonderRun> {
  const rpcUrl = `${node.url}/ext/bc/C/rpc`;
  ensurePonder(log);
  const maxRequestsPerSecond = 10_000;
  const dir = writePonderProject({ rpcUrl, chainId: CHAIN_ID, token: chain.token, startBlock: chain.tokenBlock, maxRequestsPerSecond });
  const databaseUrl = await freshDatabase('ponder');
  const port = await freePort();
  const nodeCpu0 = cpuSeconds(node.pid)!;
  const started = performance.now();
  const child = startChild(process.execPath, [PONDER_BIN, 'start', '--root', dir, '--schema', 'bench', '--port', String(port), '--log-format', 'json', '--log-level', process.env.BENCH_PONDER_LOG_LEVEL ?? 'warn'], {
    cwd: dir, env: { ...process.env, DATABASE_URL: databaseUrl, PONDER_TELEMETRY_DISABLED: 'true', CI: 'true' },
  });
  let rss = 0;
  let cpu = 0;
  let serving: number | undefined;
  const loads: number[] = [];
  const sample = () => {
    loads.push(loadavg()[0]!);
    let total = 0;
    let peak = 0;
    for (const pid of treePids(child.pid)) {
      total += cpuSeconds(pid) ?? 0;
      peak += peakRss(pid) ?? 0;
    }
    rss = Math.max(rss, peak);
    cpu = Math.max(cpu, total);
  };
  try {
    await waitFor('ponder', 6 * 3600_000, async () => {
      sample();
      const r = await fetch(`http://127.0.0.1:${port}/ready`);
      serving ??= performance.now();
      return r.status === 200 ? true : undefined;
    }, child, 100);
    const ready = performance.now();
    // Ponder's historical sync stops short of the head by its finality depth; realtime sync does the rest.
    const events = await withClient(databaseUrl, (c) => waitFor('ponder: the last blocks', 600_000, async () => {
      sample();
      const n = Number((await c.query('SELECT count(*) AS n FROM bench.transfer')).rows[0].n);
      return n >= chain.erc20Transfers ? n : undefined;
    }, child, 200));
    const done = performance.now();
    sample();
    const nodeCpu = cpuSeconds(node.pid)! - nodeCpu0;
    if (events !== chain.erc20Transfers) throw new Error(`ponder stored ${events} transfers, the chain has ${chain.erc20Transfers}`);
    const run: PonderRun = {
      wallSeconds: (done - started) / 1000, indexingSeconds: (done - (serving ?? started)) / 1000, events, peakRssBytes: rss, cpu, nodeCpu, maxRequestsPerSecond, load: mean(loads),
    };
    log(`  ponder: ${fmtRate(events / run.wallSeconds)} events/s (${run.wallSeconds.toFixed(1)} s; server up at ${(((serving ?? started) - started) / 1000).toFixed(1)} s, ` +
      `ready at ${((ready - started) / 1000).toFixed(1)} s), RSS ${mb(rss)}`);
    return run;
  } finally {
    await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ── what the rollups add ──

interface RollupPair {
  on: Backfill;
  off: Backfill;
}

const ROLLUP_PAIRS = Number(process.env.BENCH_ROLLUP_PAIRS ?? 3);

function rollupReport(chain: CachedChain, pairs: RollupPair[], load: string): string {
  const added = (p: RollupPair) => p.on.rollupsDoneSeconds! / p.off.wallSeconds - 1;
  const sorted = pairs.map(added).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const s = pairs[0]!.on;
  const cpu = (b: Backfill) => `${b.indexerCpu.toFixed(1)} / ${b.nodeCpu.toFixed(1)} / ${b.postgresCpu?.toFixed(1) ?? '—'}`;
  // The indexer's and PostgreSQL's CPU: the work the rollups add, which wall time on 2 shared cores shows only in part.
  const work = (b: Backfill) => b.indexerCpu + (b.postgresCpu ?? 0);
  const workAdded = pairs.map((p) => work(p.on) / work(p.off) - 1).sort((a, b) => a - b);
  const medianWork = workAdded[Math.floor(workAdded.length / 2)]!;
  return `## Metrics rollups during the indexer's backfill (\`BENCH_ONLY=pg,rollups npm run bench:indexer\`)

${machine()}; load average at the start ${load}. Chain: ${(chain.head + 1).toLocaleString('en')} blocks, ${chain.transactions.toLocaleString('en')} transactions
(\`${chain.key}\`), served by a \`firn node\` process; \`firn index --chains=C --internal-transactions=false\` into PostgreSQL
(batch blocks / prefetch ${settingsLabel(s)}), node, indexer and PostgreSQL on the same 2 cores. Each pair backfills the chain into a fresh
database with rollups (the default: the rollups stream trails the block stream; the clock stops when both reached the head)
and with \`--rollups=false\`, alternating which runs first, after one discarded backfill that warms the node's caches.

| pair | with rollups: blocks done / rollups done | without | added | CPU s with (indexer / node / PostgreSQL) | without | load |
|---|---|---|---|---|---|---|
${pairs.map((p, i) => `| ${i + 1} | ${p.on.wallSeconds.toFixed(1)} s / ${p.on.rollupsDoneSeconds!.toFixed(1)} s | ${p.off.wallSeconds.toFixed(1)} s | ${(added(p) * 100).toFixed(1)} % | ${cpu(p.on)} | ${cpu(p.off)} | ${p.on.load.toFixed(1)} / ${p.off.load.toFixed(1)} |`).join('\n')}

Target (issue 7): rollup maintenance adds ≤ 5 % to the indexer's backfill time — median of the pairs **${(median * 100).toFixed(1)} %** (${mark(median <= 0.05)};
the pairs range from ${(sorted[0]! * 100).toFixed(1)} % to ${(sorted[sorted.length - 1]! * 100).toFixed(1)} %). In CPU time the rollups add a median
${(medianWork * 100).toFixed(1)} % to the indexer's and PostgreSQL's work; the wall time shows less of it, as part of that work runs while those
processes would otherwise wait for the node.`;
}

// ── report ──────────────────────────────────────────────────────────────────────────────────

const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0);
const fmtRate = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en') : v.toFixed(1));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const x = (v: number) => `${v.toFixed(2)}×`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

function backfillRow(b: Backfill, label: string): string {
  const s = b.wallSeconds;
  const perBlock = (cpu: number | undefined) => (cpu === undefined ? '—' : ((cpu * 1e6) / b.rows.blocks).toFixed(0));
  return `| ${label} | ${settingsLabel(b)} | ${b.rows.blocks.toLocaleString('en')} | ${fmtRate(b.rows.blocks / s)} | ${fmtRate(b.rows.transactions / s)} | ` +
    `${fmtRate(b.rows.logs / s)} | ${fmtRate(b.rows.transfers / s)} | ${mb(b.peakRssBytes)} (${mb(b.endRssBytes)}) | ${s.toFixed(1)} s | ${perBlock(b.indexerCpu)} / ${perBlock(b.nodeCpu)} / ${perBlock(b.postgresCpu)} | ${b.load.toFixed(1)} |`;
}

const fastest = (list: Backfill[]) => list.reduce<Backfill | undefined>((a, b) => (!a || b.rows.blocks / b.wallSeconds > a.rows.blocks / a.wallSeconds ? b : a), undefined);
const blocksPerSecond = (b: Backfill) => b.rows.blocks / b.wallSeconds;
const txPerSecond = (b: Backfill) => b.rows.transactions / b.wallSeconds;

interface Results {
  chain: CachedChain;
  load: string;
  /** Defaults (internal transactions on), PostgreSQL, over a prefix of the chain: the median by wall time of `tracedRuns`. */
  traced?: Backfill;
  /** Every run of the defaults, in the order they ran (spread over the bench, since this VM's speed drifts). */
  tracedRuns: Backfill[];
  /** --internal-transactions=false, PostgreSQL, each setting, whole chain. */
  pg: Backfill[];
  lite: Backfill[];
  rt?: Realtime;
  /** Ponder's median run by wall time, of `ponderRuns`. */
  ponder?: PonderRun;
  /** Every Ponder run, in the order they ran (spread over the bench). */
  ponderRuns: PonderRun[];
  /** The rollups pairs' runs with rollups: the same configuration as `pg[0]`, run again later in the same bench. */
  sameAsDefault: Backfill[];
}

function report(o: Results): string {
  const prefix = (b: Backfill) => (b.height < o.chain.head ? `; blocks 0..${b.height.toLocaleString('en')}` : '');
  const { chain } = o;
  const rows: string[] = [];
  const tracedMedianOf = o.tracedRuns.length > 1 ? `, median of ${o.tracedRuns.length} runs` : '';
  if (o.traced) rows.push(backfillRow(o.traced, `PostgreSQL, defaults (internal transactions on${tracedMedianOf})${prefix(o.traced)}`));
  for (const b of o.pg) rows.push(backfillRow(b, `PostgreSQL, \`--internal-transactions=false\``));
  for (const b of o.lite) rows.push(backfillRow(b, `PGlite, \`--internal-transactions=false\``));

  const targets: string[] = [];
  const speed = (label: string, b: Backfill) => {
    targets.push(`| backfill into PostgreSQL, blocks/s — ${label} | ≥ 3,000 | ${fmtRate(blocksPerSecond(b))} | ${mark(blocksPerSecond(b) >= 3000)} |`);
    targets.push(`| backfill into PostgreSQL, tx/s — ${label} | ≥ 20,000 | ${fmtRate(txPerSecond(b))} | ${mark(txPerSecond(b) >= 20_000)} |`);
  };
  if (o.traced) speed('defaults (internal transactions on)', o.traced);
  const pgDefault = o.pg[0];
  const pgBest = fastest(o.pg);
  if (pgBest) speed(`internal transactions off, best settings (${settingsLabel(pgBest)})`, pgBest);
  const pgRuns = [...o.tracedRuns, ...o.pg];
  if (pgRuns.length) {
    const peak = Math.max(...pgRuns.map((b) => b.peakRssBytes));
    targets.push(`| peak RSS of the indexer, PostgreSQL (any run) | ≤ 1 GB (10⁹ bytes) | ${mb(peak)} | ${mark(peak <= 1e9)} |`);
  }
  if (o.lite.length) {
    const peak = Math.max(...o.lite.map((b) => b.peakRssBytes));
    targets.push(`| peak RSS of the indexer, PGlite (database engine in the process; any run) | ≤ 1 GB (10⁹ bytes) | ${mb(peak)} | ${mark(peak <= 1e9)} |`);
  }
  if (o.rt) targets.push(`| realtime accept → queryable, p99 (p50) | ≤ 200 ms | ${o.rt.p99.toFixed(1)} ms (${o.rt.p50.toFixed(1)} ms) | ${mark(o.rt.p99 <= 200)} |`);

  let ponderText = '';
  if (o.ponder) {
    const p = o.ponder;
    const ponderRate = p.events / p.wallSeconds;
    const ponders = o.ponderRuns.length > 1 ? ` (median of ${o.ponderRuns.length} runs)` : '';
    const ponderSpread = ponders
      ? `Ponder ran ${o.ponderRuns.length} times, spread over the bench (after the PostgreSQL backfills, after the rollups pairs, any more at ` +
        `the end): ${o.ponderRuns.map((r) => `${r.wallSeconds.toFixed(1)} s`).join(', ')}, in that order; every ratio here is to their median.\n`
      : '';
    // This VM's speed drifts within a run (the same backfill took 2,165-2,906 blocks/s in one bench): the untraced
    // default row is the median by wall time of every run of that configuration in this bench, not its first.
    const defaults = pgDefault ? [pgDefault, ...o.sameAsDefault].sort((a, b) => a.wallSeconds - b.wallSeconds) : [];
    const median = defaults[Math.floor((defaults.length - 1) / 2)];
    const many = defaults.length > 1;
    const firn = [
      ...(median ? [{ label: `Firn, \`--internal-transactions=false\`, default batch settings${many ? ` (median of ${defaults.length} runs)` : ''}`, b: median }] : []),
      ...(o.traced ? [{ label: `Firn, defaults (internal transactions on${tracedMedianOf}${prefix(o.traced)})`, b: o.traced }] : []),
    ];
    const spread = many
      ? `\nThe untraced default configuration ran ${defaults.length} times in this bench (the main table's run and the rollups pairs' runs ` +
        `with rollups): ${defaults.map((b) => `${b.wallSeconds.toFixed(1)} s`).join(', ')}, that is ` +
        `${defaults.map((b) => x(b.rows.logs / b.wallSeconds / ponderRate)).join(', ')} Ponder's events/s; the row above is their median.\n`
      : '';
    const lines = firn.map(({ label, b }) => {
      const ev = b.rows.logs / b.wallSeconds;
      const tr = b.rows.transfers / b.wallSeconds;
      targets.push(`| events/s, ${label.replace('Firn, ', 'Firn ')} ÷ Ponder | ≥ 5× | ${x(ev / ponderRate)} | ${mark(ev / ponderRate >= 5)} |`);
      return `| ${label} | ${b.rows.logs.toLocaleString('en')} | ${b.wallSeconds.toFixed(1)} s | ${fmtRate(ev)} | ${fmtRate(tr)} | **${x(ev / ponderRate)}** | ${mb(b.peakRssBytes)} | ${b.load.toFixed(1)} |`;
    });
    ponderText = `
### Side by side with Ponder ${ponderVersion()}

Same chain, same node process, same PostgreSQL server, one after the other. Ponder indexes the bench token's
\`Transfer\` events from block ${chain.tokenBlock} (one row per event with \`context.db.insert\`, the project is generated by
\`bench/ponder-project\`), with \`maxRequestsPerSecond: ${p.maxRequestsPerSecond}\` (its default of 50 is meant for hosted RPC); the
node's in-memory \`eth_getLogs\` index is built before Ponder starts. Firn indexes everything (blocks, transactions
with receipts, logs, token transfers, contracts, and with its defaults internal transactions by tracing every
block); its events are its \`evm_logs\` rows, which on this chain are all ERC-20 Transfers, so they equal its
\`evm_token_transfers\` rows. Both clocks include start-up and stop when the last event is stored (Ponder's \`/ready\`
answers once its historical sync is done, which stops its finality depth short of the head; its realtime sync
stores the rest, and the clock stops when its row count is complete).

| indexer | events | wall time | events/s | ERC-20 transfer rows/s | events/s ÷ Ponder's | peak RSS | load avg |
|---|---|---|---|---|---|---|---|
${lines.join('\n')}
| Ponder${ponders} | ${p.events.toLocaleString('en')} | ${p.wallSeconds.toFixed(1)} s (${p.indexingSeconds.toFixed(1)} s after its build) | ${fmtRate(ponderRate)} | ${fmtRate(ponderRate)} | 1.00× | ${mb(p.peakRssBytes)} | ${p.load.toFixed(1)} |

CPU seconds during Ponder's run${ponders ? ' (the median one)' : ''}: Ponder ${p.cpu.toFixed(0)} s, the node ${p.nodeCpu.toFixed(0)} s.
${ponderSpread}${spread}`;
  }

  const days = (chain.lastTimestamp - chain.firstTimestamp) / 86_400;
  const cpuNote = (b: Backfill | undefined, what: string) => {
    if (!b) return '';
    const total = b.indexerCpu + b.nodeCpu + (b.postgresCpu ?? 0);
    const share = (v: number) => `${((100 * v) / total).toFixed(0)}%`;
    return `${what}: the node used ${share(b.nodeCpu)} of the CPU time, the indexer ${share(b.indexerCpu)}, PostgreSQL ${share(b.postgresCpu ?? 0)} ` +
      `(${(total / b.wallSeconds).toFixed(2)} cores busy on average out of 2).`;
  };
  return `## Indexer (\`npm run bench:indexer\`)

${machine()}; 2 cores shared by the node, the indexer, PostgreSQL (127.0.0.1) and the bench; load average when the run
started: ${o.load}.
Chain: ${chain.head.toLocaleString('en')} blocks and ${chain.transactions.toLocaleString('en')} transactions (${chain.ethTransfers.toLocaleString('en')} AVAX transfers and
${(chain.erc20Transfers - 1 - chain.params.senders).toLocaleString('en')} ERC-20 \`transfer\` calls after ${chain.setupBlocks} setup blocks; ${chain.erc20Transfers.toLocaleString('en')} Transfer events in all),
${chain.params.txsPerBlock} txs per block from ${chain.params.senders} senders to ${chain.params.recipients.toLocaleString('en')} recipients over ${days.toFixed(1)} days of chain time, generated by
\`bench/chain-generator\` in ${(chain.generationSeconds / 60).toFixed(1)} min (cached in \`bench/.cache\`) and served by \`firn node\` in another process.
\`firn node\` and \`firn index\` run with the Node options of \`npm run firn\` (\`${npmFirnNodeOptions().join(' ')}\`).
Each backfill starts from an empty store; its clock includes start-up. Row counts are checked against the chain.
One discarded backfill (with traces, without rollups) runs first, so the node's records are in the page cache for every measured run.
"load avg" is the mean 1-minute load average during a run: above 2, other work on the machine competed for the cores.
The node does the same work in every backfill without internal transactions, so its CPU per block shows how fast the
machine ran during each: on a VM whose speed drifts, compare runs whose node figures are alike.
With its defaults the indexer traces every block (\`debug_traceBlockByNumber\`, callTracer) for internal transactions;
the node answers from the call traces it recorded while building each block (no re-execution). The other runs leave
internal transactions out (\`--internal-transactions=false\`).

| run | batch blocks / prefetch | blocks | blocks/s | tx/s | events/s | ERC-20 transfer rows/s | peak RSS (at the end) | wall time | CPU µs a block: indexer / node / PostgreSQL | load avg |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Peak RSS is the indexer process's VmHWM; in parentheses its RSS when the clock stopped.${o.lite.length ? ` With PGlite the database engine
runs inside the indexer process (a fresh database is created by initdb in a child process, whose memory is not counted).` : ''}
${cpuNote(o.traced, 'Defaults')}${tracedSpread(o.tracedRuns)}
${cpuNote(pgDefault, 'Internal transactions off, default batch settings')}
${o.rt ? `
Realtime: the node automines a copy of the chain; the indexer (caught up, default settings, \`--poll-interval=${o.rt.pollMs}ms\`)
follows it. ${o.rt.n} transactions are sent one at a time at random moments; latency runs from the node's reply (the
block is accepted and durable) to a \`SELECT\` finding the block in \`evm_blocks\` (polled every 2 ms): p50 ${o.rt.p50.toFixed(1)} ms,
p99 ${o.rt.p99.toFixed(1)} ms, max ${o.rt.max.toFixed(1)} ms (the node took ${o.rt.sendP50.toFixed(1)} ms p50 to build and accept each block).
RSS after the last block: the indexer ${mb(o.rt.indexerRss)}; the node ${mb(o.rt.nodeRss)}${o.rt.nodeRssParts ? ` (${mb(o.rt.nodeRssParts.anon)} anonymous: its heaps; ${mb(o.rt.nodeRssParts.file)} file-backed: its binary and the LevelDB tables it maps, page cache the kernel reclaims)` : ''}; docs/architecture.md ("What a devnet node holds in memory") says what the node's share is made of.
` : ''}${ponderText}
### Against the targets

| measure | target | result | |
|---|---|---|---|
${targets.join('\n')}`;
}

/** Every run of the defaults, when there are several: how far this VM's speed drifted over the bench. */
function tracedSpread(runs: Backfill[]): string {
  if (runs.length < 2) return '';
  const each = runs.map((b) => `${fmtRate(blocksPerSecond(b))} blocks/s (${b.wallSeconds.toFixed(1)} s; node ${((b.nodeCpu * 1e6) / b.rows.blocks).toFixed(0)} µs a block)`);
  return `\nThe defaults ran ${runs.length} times, spread over the bench (the first after the warm-up, the second after the other settings, any more after the rollups pairs): ` +
    `${each.join(', ')}, in that order; the row above is their median by wall time.`;
}

function ponderVersion(): string {
  return ensurePonder(log);
}

// ── main ────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const params = paramsFromArgs([], { ...DEFAULT_PARAMS, blocks: Number(process.env.BENCH_BLOCKS ?? DEFAULT_PARAMS.blocks) });
  const genStart = performance.now();
  const chain = await ensureChain(params, log);
  log(`chain ready in ${((performance.now() - genStart) / 1000).toFixed(1)} s: ${chain.head} blocks, ${chain.transactions} txs`);
  const load = loadavg().map((v) => v.toFixed(2)).join(', ');

  const port = await freePort();
  const served = await serveNode(chain.dataDir, port, { mining: false });
  const node = { url: served.url, pid: served.node.pid };
  // Before any clock starts, so the first run does not share the cores with the node's log index.
  await logIndexBuilt(node.url);
  const results: Results = { chain, load, tracedRuns: [], pg: [], lite: [], sameAsDefault: [], ponderRuns: [] };
  const tracedRun = async () => {
    if (TRACED_BLOCKS <= 0 || results.tracedRuns.length >= TRACED_RUNS) return;
    results.tracedRuns.push(await backfill('postgres', node, chain, { ...SETTINGS[0]!, traces: true }, Math.min(chain.head, TRACED_BLOCKS)));
    const sorted = [...results.tracedRuns].sort((a, b) => a.wallSeconds - b.wallSeconds);
    results.traced = sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const ponderRun = async () => {
    if (!ONLY.has('ponder') || results.ponderRuns.length >= PONDER_RUNS) return;
    log(`Ponder (run ${results.ponderRuns.length + 1} of ${PONDER_RUNS}):`);
    results.ponderRuns.push(await ponder(node, chain));
    const sorted = [...results.ponderRuns].sort((a, b) => a.wallSeconds - b.wallSeconds);
    results.ponder = sorted[Math.floor((sorted.length - 1) / 2)];
  };
  try {
    if (ONLY.has('pg')) {
      log('backfill into PostgreSQL:');
      // The node's block, receipt and trace records may have left the page cache (this VM's kernel reclaims idle pages):
      // one discarded backfill reads them in, so the first measured run does not pay for it alone.
      await backfill('postgres', node, chain, { ...SETTINGS[0]!, traces: TRACED_BLOCKS > 0, rollups: false });
      await tracedRun();
      for (const s of SETTINGS) results.pg.push(await backfill('postgres', node, chain, { ...s, traces: false }));
      await tracedRun();
    }
    await ponderRun();
    if (ONLY.has('rollups')) {
      log('what the metrics rollups add: pairs of PostgreSQL backfills with and without them:');
      const pairs: RollupPair[] = [];
      await backfill('postgres', node, chain, { ...SETTINGS[0]!, traces: false, rollups: false }); // warm-up, discarded
      for (let i = 0; i < ROLLUP_PAIRS; i++) {
        const run = (rollups: boolean) => backfill('postgres', node, chain, { ...SETTINGS[0]!, traces: false, rollups });
        // Alternate which goes first, so a drift in the machine's load does not favour one side.
        const [first, second] = i % 2 === 0 ? [await run(true), await run(false)] : [await run(false), await run(true)];
        pairs.push(first.rollups ? { on: first, off: second } : { on: second, off: first });
      }
      results.sameAsDefault = pairs.map((p) => p.on);
      await ponderRun();
      const md = rollupReport(chain, pairs, load);
      process.stdout.write('\n' + md + '\n');
      if (!process.env.BENCH_NO_WRITE) writeSection('indexer-rollups', md);
    }
    // The rest of the defaults' runs, after the rollups pairs (tracedRun does nothing once there are TRACED_RUNS).
    if (ONLY.has('pg')) for (let i = 0; i < TRACED_RUNS; i++) await tracedRun();
    if (ONLY.has('pglite')) {
      log('backfill into PGlite:');
      // The default, the fastest on PostgreSQL, and the one holding the most blocks at once (the memory bound's worst
      // case, whichever is fastest on a given run).
      const best = fastest(results.pg);
      const held = (s: BatchSettings) => s.batch * (s.prefetch + 1); // at most: a row budget only shortens batches
      const largest = SETTINGS.reduce((a, b) => (held(b) > held(a) ? b : a));
      const settings = [SETTINGS[0]!, ...(best ? [best] : []), largest].filter((s, i, all) => all.findIndex((o) => sameSettings(o, s)) === i);
      for (const s of settings) results.lite.push(await backfill('pglite', node, chain, { ...s, traces: false }));
    }
    // The rest of Ponder's runs (ponderRun does nothing once there are PONDER_RUNS).
    for (let i = 0; i < PONDER_RUNS; i++) await ponderRun();
  } finally {
    await served.node.stop();
  }
  try {
    if (ONLY.has('realtime')) {
      log('realtime:');
      const db = results.pg[0]?.databaseUrl;
      if (!db) throw new Error('realtime needs the PostgreSQL backfills (BENCH_ONLY must include pg)');
      results.rt = await realtime(chain, db);
    }
  } finally {
    await dropDatabases();
  }

  const md = report(results);
  process.stdout.write('\n' + md + '\n');
  // the rollups pairs have a section of their own
  if (!process.env.BENCH_NO_WRITE && EVERYTHING.every((k) => k === 'rollups' || ONLY.has(k))) writeSection('indexer', md);
}

await main();
