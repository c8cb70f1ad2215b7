/**
 * Data API benchmark (issue 6, "Performance"): every endpoint under 50 concurrent keep-alive connections at
 * pageSize 100, next to the same store queries run in process (the floor), and a mixed workload.
 *
 * The dataset (bench/data-api/): a mainnet-shaped network with BENCH_EVM_TXS (default 1,000,000) C-chain
 * transactions and about BENCH_PRIMARY_TXS (default 100,000, plus staking rewards) P-, X- and C-chain atomic
 * transactions, written with the store's own writers (writeEvmBatch, writePrimaryRows). It is built once into
 * the database BENCH_DATABASE (default firn_bench_data_api) on the server BENCH_SERVER_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and reused while that database holds the C-chain checkpoint
 * the spec's last block leaves; BENCH_REBUILD=1 (or dropping the database) builds it again.
 *
 * The Data API runs in a child process (bench/data-api/serve.ts, createDataApi, rate limits off, clock at the
 * dataset's end, Node started as `npm run serve` starts a Data API; FIRN_NODE_OPTIONS adds options, e.g. to profile it);
 * the load generator and the floor run here. Per endpoint, BENCH_REQUESTS (default 25,000) measured requests, for
 * at most BENCH_SECONDS (default 10) after up to 1,000 warm-up ones; the mixed workload runs BENCH_MIX_SECONDS
 * (default 30) with one server process and with two (node:cluster). Each row is asked
 * for with and without `accept-encoding: gzip, deflate` (Node's fetch, which both official SDKs use, sends it).
 * Writes the `data-api` section of docs/benchmarks.md, except with BENCH_ONLY or BENCH_NO_WRITE=1. BENCH_ONLY (a
 * regular expression on the row labels) runs a subset, on server processes first warmed on the other rows' requests.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { PgDatabase } from '../src/store/database/pg-database.js';
import { openDataset } from './data-api/build-dataset.js';
import { DATASET_NOW, datasetId, datasetSpec, PRIMARY_SPAN_SECONDS } from './data-api/dataset-spec.js';
import { drive, LoadClient, type LoadResult, type RunPlan } from './data-api/load.js';
import { startChainCommits } from './data-api/chain-commits.js';
import { loadSamples, mixSamples, SAMPLE_SIZE } from './data-api/samples.js';
import { deepScenario, scenarios, type Scenario } from './data-api/scenarios.js';
import { StallMonitor, stallText, type Stalls } from './data-api/stall-monitor.js';
import { CpuSplit, isLocalDatabase, type CpuPerRequest } from './data-api/cpu-split.js';
import { servePoolSize } from '../src/store/database/pool-size.js';
import { serveNodeOptions } from './firn-node-options.js';
import { describeHostHiccups, measureHostHiccups } from './host-hiccups.js';
import { machine, writeSection } from './results.js';
import { fmt, summarize } from './stats.js';

const CONNECTIONS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 25_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 30);
/**
 * Per row: warm-up requests for half a lookup's sample (at most 3 s), then REQUESTS measured ones (at most SECONDS). A
 * kept answer is served at 10,000–25,000 req/s, so 5,000 requests (the earlier default, with samples of 400 ids) measured
 * 0.2–0.5 s per row. On this host kind a row's rate moves with the host's slow stretches, which a window so short either
 * misses or sits inside: a chain's details (665 B, kept) were served at 12,108 and 8,786 req/s (uncompressed, gzip) in
 * one full run and at 18,337 and 12,911 in the one before (2026-12-03). Five times the requests over five times the ids
 * keep each lookup row's share of first-time answers (SAMPLE_SIZE) as it was.
 */
const ROW: RunPlan = { concurrency: CONNECTIONS, warmup: SAMPLE_SIZE / 2, warmupSeconds: 3, calls: REQUESTS, seconds: SECONDS };
/** The store's floor: a reference for the rows, run as the rows ran before (the floor of a page costs ms, not µs). */
const FLOOR: RunPlan = { concurrency: CONNECTIONS, warmup: 200, warmupSeconds: 3, calls: 5_000, seconds: SECONDS };
/** A lookup row against the server with the cache off: every answer built (shorter: each costs several times a kept one). */
const UNKEPT: RunPlan = { concurrency: CONNECTIONS, warmup: 200, warmupSeconds: 3, calls: 2_000, seconds: 5 };
const ALONE: RunPlan = { concurrency: 1, warmup: 20, warmupSeconds: 2, calls: 200, seconds: 5 };
const MIX: RunPlan = { concurrency: CONNECTIONS, warmup: 1_000, warmupSeconds: 5, calls: 1_000_000, seconds: MIX_SECONDS };
/** How often the live mixed row commits a C-chain block (mainnet C-chain: one every 1-2 s). */
const LIVE_BLOCK_MS = 1_000;
/** The pool a Data API alone (`firn serve`) opens against this server: one connection per core for a local one. */
const DATABASE_SERVER = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POOL = servePoolSize(DATABASE_SERVER);
const SECRET = 'data-api-bench-page-token-secret';
const DATABASE = process.env.BENCH_DATABASE ?? 'firn_bench_data_api';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

interface Served {
  base: URL;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** A Data API server process, started with the Node options a Data API runs with alone (`npm run serve`). */
function startServer(url: string, workers: number, offsetMs: number, cacheMb?: number): Promise<Served> {
  return startProcess('data-api/serve.ts', {
    BENCH_DATABASE_URL: url, BENCH_WORKERS: String(workers), BENCH_CLOCK_OFFSET_MS: String(offsetMs),
    BENCH_PAGE_TOKEN_SECRET: SECRET, BENCH_POOL_SIZE: String(POOL),
    ...(cacheMb !== undefined ? { BENCH_RESPONSE_CACHE_MB: String(cacheMb) } : {}),
  }, serveNodeOptions());
}

/** A server script of bench/ in a child process on a free port, once it says `ready`. */
async function startProcess(script: string, env: Record<string, string>, nodeOptions: string[] = []): Promise<Served> {
  const port = await freePort();
  const child = fork(resolve(import.meta.dirname, script), [], {
    execArgv: [...nodeOptions, '--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((res, rej) => {
    child.on('message', (m) => m === 'ready' && res());
    child.on('exit', (code) => rej(new Error(`${script} exited with ${code}`)));
  });
  const stop = () => new Promise<void>((res) => {
    child.removeAllListeners('exit');
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });
  return { base: new URL(`http://127.0.0.1:${port}`), child, stop };
}

/** A single-process server's Stalls since the last ask (bench/data-api/serve.ts); fails if the server is gone. */
function stallsOf(served: Served): Promise<Stalls> {
  return new Promise((res, rej) => {
    const done = () => {
      served.child.off('message', answer);
      served.child.off('exit', exited);
    };
    const answer = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('stalls' in m)) return;
      done();
      res((m as { stalls: Stalls }).stalls);
    };
    const exited = (code: number | null) => {
      done();
      rej(new Error(`the Data API server exited (${code}) before saying what held it up`));
    };
    served.child.on('message', answer);
    served.child.once('exit', exited);
    served.child.send('stalls');
  });
}

/** This process (the load generator) watched, next to the server it loads. */
const generator = new StallMonitor();

/** Runs a load and says what held up the server's and the generator's event loops while it ran. */
async function watched(served: Served, load: () => Promise<LoadResult>): Promise<LoadResult & { server: Stalls; generator: Stalls }> {
  await stallsOf(served);
  generator.take();
  const result = await load();
  return { ...result, server: await stallsOf(served), generator: generator.take() };
}

interface Row {
  scenario: Scenario;
  http: ReturnType<typeof summarize>;
  rate: number;
  /** The same load with `accept-encoding: gzip, deflate`, as Node's fetch (and so both official SDKs) sends it. */
  sdk: ReturnType<typeof summarize>;
  sdkRate: number;
  /** Mean body size of the measured answers, as sent without and with compression. */
  body: number;
  sdkBody: number;
  /** One request at a time to a server with the response cache off: what a miss costs over HTTP. */
  cold: ReturnType<typeof summarize>;
  /**
   * Lookups by id only: the same load as the row (uncompressed) on the server with the response cache off, so every
   * answer is built: what a burst of first-time ids costs, and so what sets a lookup row's p99.
   */
  unkept?: { latency: ReturnType<typeof summarize>; rate: number; server: Stalls; cpu?: CpuPerRequest };
  /** The uncompressed load against a bare node:http server sending a body of the same size from memory. */
  bare: ReturnType<typeof summarize>;
  bareRate: number;
  floor: ReturnType<typeof summarize>;
  alone: ReturnType<typeof summarize>;
}

async function setting(db: PgDatabase, name: string): Promise<string> {
  return (await db.query<{ v: string }>('SELECT current_setting($1) AS v', [name])).rows[0]!.v;
}

const ok = (p50: number, p99: number) => (p50 <= 5 && p99 <= 25 ? '✓' : '✗');

interface Loaded {
  client: LoadClient;
  served: Served;
}

/**
 * A lookup row's sample read once through the store, untimed, just before the row: its first-time answers are then
 * first-time for the Data API, not for the database's memory. Hosts of this kind hand the guest's idle page cache back
 * to the hypervisor (virtio-balloon): of a 1,387 MB dataset read in full, 892 MB were still resident 11 minutes
 * later, 442 MB 90 s after that with nothing running, then 144 MB; a row's first requests then measured the disk.
 * First-time X-chain lookups ran at 523–1,541 req/s, p99 101–1,954 ms, on that cold cache, and at 1,693–3,131 req/s,
 * p99 28–91 ms, right after the dataset was read again (2026-12-03).
 */
const WARM_DATABASE: RunPlan = { concurrency: 4, warmup: 0, calls: SAMPLE_SIZE };

/**
 * A lookup row's load on the process with the response cache off (every answer built), with the CPU time it cost the
 * Data API, PostgreSQL (when on this machine) and this process, per request asked (warm-up included: all are built).
 */
async function firstTimeLoad(cold: Loaded, scenario: Scenario): Promise<LoadResult & { server: Stalls; cpu?: CpuPerRequest }> {
  const split = new CpuSplit(cold.served.child.pid!, isLocalDatabase(DATABASE_SERVER) ? 'postgres' : undefined);
  let asked = 0;
  split.start();
  const result = await watched(cold.served, () => cold.client.run(UNKEPT, (i) => {
    asked++;
    return scenario.path(i);
  }));
  const cpu = split.take(asked);
  return { ...result, ...(cpu ? { cpu } : {}) };
}

const micros = (us: number | undefined) => (us === undefined ? 'n/a' : `${us.toFixed(0)} µs`);

/** CPU per answer as one phrase. */
function cpuText(cpu: CpuPerRequest | undefined): string {
  if (!cpu) return 'n/a';
  return `${micros(cpu.server)} Data API (${micros(cpu.serverMain)} on its JavaScript thread, which waited ${micros(cpu.serverWaited)} for a core), ${micros(cpu.postgres)} PostgreSQL, ${micros(cpu.generator)} load generator`;
}

/** Answers a second the Data API's JavaScript thread could build at its CPU time per answer, busy all the time. */
const threadLimit = (cpu: CpuPerRequest | undefined): string => (cpu ? (1e6 / cpu.serverMain).toFixed(0) : 'n/a');

/** Answers a second the machine's cores could build if the three processes used nothing else and never waited. */
function cpuCeiling(cpu: CpuPerRequest | undefined): string {
  if (!cpu || cpu.postgres === undefined) return 'n/a';
  return ((availableParallelism() * 1e6) / (cpu.server + cpu.postgres + cpu.generator)).toFixed(0);
}

async function measure(plain: Loaded, gzip: Loaded, cold: Loaded, coldClient: LoadClient, bareClient: LoadClient, scenario: Scenario): Promise<Row> {
  if (scenario.firstTime) await drive(WARM_DATABASE, async (i) => void (await scenario.floor(i)));
  const http = await watched(plain.served, () => plain.client.run(ROW, scenario.path));
  const sdk = await watched(gzip.served, () => gzip.client.run(ROW, scenario.path));
  const coldAlone = await coldClient.run(ALONE, scenario.path);
  const unkept = scenario.firstTime ? await firstTimeLoad(cold, scenario) : undefined;
  const bodySize = Math.round(http.bytes / http.latencies.length);
  const bare: LoadResult = await bareClient.run(ROW, () => `/?bytes=${bodySize}`);
  const floor = await drive(FLOOR, async (i) => void (await scenario.floor(i)));
  const alone = await drive(ALONE, async (i) => void (await scenario.floor(i)));
  const row: Row = {
    scenario, http: summarize(http.latencies), rate: http.rate, sdk: summarize(sdk.latencies), sdkRate: sdk.rate,
    body: http.bytes / http.latencies.length, sdkBody: sdk.bytes / sdk.latencies.length,
    cold: summarize(coldAlone.latencies), bare: summarize(bare.latencies), bareRate: bare.rate, floor: summarize(floor.latencies), alone: summarize(alone.latencies),
    ...(unkept ? { unkept: { latency: summarize(unkept.latencies), rate: unkept.rate, server: unkept.server, ...(unkept.cpu ? { cpu: unkept.cpu } : {}) } } : {}),
  };
  console.log(`${scenario.label}: HTTP ${fmt(row.http.p50)} / ${fmt(row.http.p99)} (${row.rate.toFixed(0)} req/s); gzip ${fmt(row.sdk.p50)} / ${fmt(row.sdk.p99)} (${row.sdkRate.toFixed(0)} req/s); uncached alone ${fmt(row.cold.p50)}; bare ${fmt(row.bare.p50)} / ${fmt(row.bare.p99)} (${row.bareRate.toFixed(0)} req/s); store ${fmt(row.floor.p50)} / ${fmt(row.floor.p99)}; alone ${fmt(row.alone.p50)}`);
  console.log(`  stalls, uncompressed: server ${stallText(http.server)}; generator ${stallText(http.generator)}`);
  console.log(`  stalls, gzip: server ${stallText(sdk.server)}; generator ${stallText(sdk.generator)}`);
  if (row.unkept) console.log(`  every answer built: ${fmt(row.unkept.latency.p50)} / ${fmt(row.unkept.latency.p99)} (${row.unkept.rate.toFixed(0)} req/s); server ${stallText(row.unkept.server)}; CPU per answer ${cpuText(row.unkept.cpu)}`);
  return row;
}

/** What Node's fetch sends unless told otherwise; the official SDKs call the API through it. */
const SDK_HEADERS = { 'accept-encoding': 'gzip, deflate' };

const kib = (bytes: number) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(bytes >= 10 * 1024 ? 0 : 1)} KiB` : `${bytes.toFixed(0)} B`);

/** How the uncompressed rows that miss the target compare with the bare server moving the same bytes. */
function bareLine(rows: Row[]): string {
  const over = rows.filter((r) => ok(r.http.p50, r.http.p99) === '✗');
  if (over.length === 0) return '';
  const bareOver = over.filter((r) => ok(r.bare.p50, r.bare.p99) === '✗');
  const ratios = over.map((r) => r.http.p99 / r.bare.p99).sort((a, b) => a - b);
  if (over.length === 1) {
    const [r] = over;
    return `With the same body, the bare server ${bareOver.length === 1 ? 'misses' : 'meets'} the target for the uncompressed row over it (${r!.scenario.label}); ` +
      `its p99 is ${ratios[0]!.toFixed(2)}× the bare server's.`;
  }
  return `Of the ${over.length} uncompressed rows over the target, the bare server misses it too for ${bareOver.length} with the same bodies; ` +
    `their p99 is ${ratios[0]!.toFixed(2)}–${ratios[ratios.length - 1]!.toFixed(2)}× the bare server's.`;
}

/** The mixed workload: every scenario in proportion to its weight, in a fixed pseudo-random order. */
async function mixed(client: LoadClient, all: Scenario[]): Promise<{ result: LoadResult; summary: ReturnType<typeof summarize> }> {
  const wheel: number[] = [];
  all.forEach((s, i) => {
    for (let k = 0; k < s.weight; k++) wheel.push(i);
  });
  const pick = (i: number) => {
    const h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
    return all[wheel[h % wheel.length]!]!.path(i);
  };
  const result = await client.run(MIX, pick);
  return { result, summary: summarize(result.latencies) };
}

/**
 * In a full run, the walks and the rows before it have warmed a row's server process (V8 compiles the hot paths as
 * they run), and the first rows run after thousands of walked pages; a subset (BENCH_ONLY) would run on fresh
 * processes, its figures then the JIT's warm-up: 4,300–5,600 against 8,300–13,300 req/s for the same row (2026-11-30).
 * So each process first answers WARM_OTHERS requests of the rows left out, never a subset row's own (whose first
 * answers a row measures).
 */
const WARM_OTHERS: RunPlan = { concurrency: CONNECTIONS, warmup: 0, warmupSeconds: 0, calls: 20_000, seconds: 15 };

async function warmOnOtherRows(others: Scenario[], clients: LoadClient[]): Promise<void> {
  if (others.length === 0) return;
  for (const c of clients) await c.run(WARM_OTHERS, (i) => others[i % others.length]!.path(Math.floor(i / others.length)));
  console.log(`warmed ${clients.length} server processes on ${others.length} other rows (${WARM_OTHERS.calls.toLocaleString('en')} requests each)`);
}

/**
 * A server under traffic builds first-time answers all the time (every new block makes kept answers stale), so the
 * code that builds them is compiled and its caches (assets, encodings) are full. The rows here are mostly answered
 * from the cache, so before them the code that builds a lookup's answer would have run only for the rows' own first
 * requests, at about twice the CPU of a warm process (2026-11-30, P-chain tx by id: the row's server CPU 1,040 ms on a
 * fresh process, 740 ms after 1,000 first-time lookups, 500 ms after 6,000; FIRST_TIME in samples.ts says how many
 * it takes). So each process first answers every lookup row's first-time ids once (Samples.firstTime: none of them in
 * a row's sample, so each row's own ids are still first-time when it starts).
 */
async function warmOnFirstTimeAnswers(all: Scenario[], clients: LoadClient[]): Promise<void> {
  const lookups = all.filter((s) => s.firstTime);
  let requests = 0;
  for (const c of clients) {
    for (const s of lookups) {
      await c.run({ concurrency: CONNECTIONS, warmup: 0, calls: s.firstTime!.count }, s.firstTime!.path);
      requests += s.firstTime!.count;
    }
  }
  console.log(`warmed ${clients.length} server processes on first-time answers of ${lookups.length} lookup rows (${(requests / clients.length).toLocaleString('en')} requests each)`);
}

/**
 * The first-time warm-up ends with each process's young generation full of what it kept (answers, memo entries), and a
 * process only collects when it next allocates, so without this step the first row paid for the warm-up: in three of
 * five runs (two of them with a scratch change to the data-version read) its server paused 58-71 ms in one
 * young-generation collection (2026-12-02; in a full run the other rows' longest pauses were 3.1-33.1 ms, median 5.0).
 * So each process then answers SETTLE requests (as many as WARM_OTHERS) for the rows' first URLs (kept answers; the
 * cache-off process builds them again), which leaves a row's own ids first-time; in two runs so, the first row's
 * longest pause was 5.7 and 9.1 ms. The bare server, started just before the rows, answers as many first, so the first
 * row's floor is not its JIT's warm-up (p50 2.08-2.98 ms in those five runs, 1.28 and 2.17 ms after).
 */
const SETTLE: RunPlan = WARM_OTHERS;

async function settle(rows: Scenario[], clients: LoadClient[], bare: LoadClient): Promise<void> {
  for (const c of clients) await c.run(SETTLE, (i) => rows[i % rows.length]!.path(0));
  await bare.run(SETTLE, () => '/?bytes=4096');
  console.log(`settled ${clients.length} server processes and the bare server (${SETTLE.calls.toLocaleString('en')} requests each)`);
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  const spec = datasetSpec();
  const dataset = await openDataset(spec, DATABASE, { rebuild: process.env.BENCH_REBUILD === '1', maxConnections: POOL });
  const { db, chains } = dataset;
  const offsetMs = DATASET_NOW * 1000 - Date.now();
  const now = () => BigInt(Math.floor((Date.now() + offsetMs) / 1000));
  try {
    const samples = await loadSamples(db, spec, chains);
    console.log(samples.counts);
    let server = await startServer(dataset.url, 1, offsetMs);
    let client = new LoadClient(server.base, CONNECTIONS);
    // BENCH_ONLY (a regular expression on the row labels) runs a subset, while developing.
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
    const listed = scenarios({ db, chains, samples, now });
    const plain = listed.plain.filter((s) => !only || only.test(s.label));
    const deep = listed.deep.filter((s) => !only || only.test(s.label));
    if (plain.length + deep.length === 0) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} matches no row (it is a regular expression: escape parentheses)`);
    for (const s of plain) await client.json(s.path(0));

    const walks: string[] = [];
    const deepScenarios: Scenario[] = [];
    for (const list of deep) {
      const { scenario, pages, walkSeconds } = await deepScenario(client, list);
      deepScenarios.push(scenario);
      walks.push(`${list.label.replace(' (last page)', '')}: ${pages.toLocaleString()} pages in ${walkSeconds.toFixed(1)} s`);
      console.log(`walked ${scenario.label} in ${walkSeconds.toFixed(1)} s`);
    }

    const byGroup = (a: Scenario, b: Scenario) => (a.group === b.group ? 0 : a.group === 'EVM' ? -1 : 1);
    const all = [...plain, ...deepScenarios].sort(byGroup);
    // The same rows over the smaller samples the mixed workload has always drawn from (mixSamples).
    const mix = [...scenarios({ db, chains, samples: mixSamples(samples), now }).plain.filter((s) => !only || only.test(s.label)), ...deepScenarios].sort(byGroup);
    const hiccupsBefore = await measureHostHiccups(availableParallelism());
    console.log(`scheduling probe before the measurements: ${describeHostHiccups(hiccupsBefore)}`);
    const loadBefore = loadavg()[0]!;
    const cold = await startServer(dataset.url, 1, offsetMs, 0);
    const coldClient = new LoadClient(cold.base, 1);
    // The compressed runs get a process of their own, primed like the first one (each row's first URL), so
    // neither run finds the other's answers in its cache.
    const sdkServer = await startServer(dataset.url, 1, offsetMs);
    const sdkClient = new LoadClient(sdkServer.base, CONNECTIONS, SDK_HEADERS);
    for (const s of all) await sdkClient.count(s.path(0));
    const coldWarm = new LoadClient(cold.base, CONNECTIONS);
    if (only) await warmOnOtherRows(listed.plain.filter((s) => !only.test(s.label)), [client, sdkClient, coldWarm]);
    await warmOnFirstTimeAnswers(listed.plain, [client, sdkClient, coldWarm]);
    const bareServer = await startProcess('data-api/bare-server.ts', {});
    const bareClient = new LoadClient(bareServer.base, CONNECTIONS);
    await settle(all, [client, sdkClient, coldWarm], bareClient);
    const rows: Row[] = [];
    generator.start();
    for (const s of all) rows.push(await measure({ client, served: server }, { client: sdkClient, served: sdkServer }, { client: coldWarm, served: cold }, coldClient, bareClient, s));
    coldWarm.close();
    bareClient.close();
    await bareServer.stop();
    sdkClient.close();
    await sdkServer.stop();
    const one = await mixed(client, mix);
    console.log(`mixed, 1 process: ${one.result.rate.toFixed(0)} req/s, ${fmt(one.summary.p50)} / ${fmt(one.summary.p99)}`);
    const ticker = startChainCommits(db, chains.C.id, LIVE_BLOCK_MS);
    const live = await mixed(client, mix);
    const { commits: liveCommits } = await ticker.stop();
    console.log(`mixed, 1 process, a C-chain block every ${LIVE_BLOCK_MS} ms (${liveCommits} commits): ${live.result.rate.toFixed(0)} req/s, ${fmt(live.summary.p50)} / ${fmt(live.summary.p99)}`);
    client.close();
    await server.stop();
    coldClient.close();
    const coldMixClient = new LoadClient(cold.base, CONNECTIONS);
    const uncached = await mixed(coldMixClient, mix);
    console.log(`mixed, 1 process, response cache off: ${uncached.result.rate.toFixed(0)} req/s, ${fmt(uncached.summary.p50)} / ${fmt(uncached.summary.p99)}`);
    coldMixClient.close();
    await cold.stop();

    server = await startServer(dataset.url, 2, offsetMs);
    client = new LoadClient(server.base, CONNECTIONS);
    for (const s of all) await client.json(s.path(0));
    const two = await mixed(client, mix);
    console.log(`mixed, 2 processes: ${two.result.rate.toFixed(0)} req/s, ${fmt(two.summary.p50)} / ${fmt(two.summary.p99)}`);
    const gzip = new LoadClient(server.base, CONNECTIONS, SDK_HEADERS);
    const zipped = await mixed(gzip, mix);
    console.log(`mixed, 2 processes, gzip: ${zipped.result.rate.toFixed(0)} req/s, ${fmt(zipped.summary.p50)} / ${fmt(zipped.summary.p99)}`);
    gzip.close();
    client.close();
    await server.stop();
    const loadAfter = loadavg()[0]!;
    const hiccupsAfter = await measureHostHiccups(availableParallelism());
    console.log(`scheduling probe after the measurements: ${describeHostHiccups(hiccupsAfter)}`);

    const misses = rows.filter((r) => ok(r.sdk.p50, r.sdk.p99) === '✗');
    const smallest = rows.reduce((a, b) => (b.body < a.body ? b : a));
    const lookups = listed.plain.filter((s) => s.firstTime).map((s) => s.firstTime!.count);
    const firstTimeLine = Math.min(...lookups) === Math.max(...lookups) ? lookups[0]!.toLocaleString('en')
      : `${Math.min(...lookups).toLocaleString('en')}–${Math.max(...lookups).toLocaleString('en')}`;
    const txPages = rows.filter((r) => r.scenario.group === 'Primary network' && /transactions \(first page\)$/.test(r.scenario.label));
    const identityMisses = rows.filter((r) => ok(r.http.p50, r.http.p99) === '✗');
    const c = samples.counts;
    const table = (group: Scenario['group']) => rows.filter((r) => r.scenario.group === group).map((r) =>
      `| ${r.scenario.label} | ${fmt(r.sdk.p50)} / ${fmt(r.sdk.p99)} | ${r.sdkRate.toFixed(0)} | ${kib(r.sdkBody)} | ${fmt(r.http.p50)} / ${fmt(r.http.p99)} | ${r.rate.toFixed(0)} | ${kib(r.body)} | ${fmt(r.cold.p50)} | ${fmt(r.bare.p50)} / ${fmt(r.bare.p99)} | ${fmt(r.floor.p50)} / ${fmt(r.floor.p99)} | ${fmt(r.alone.p50)} | ${ok(r.sdk.p50, r.sdk.p99)} ${ok(r.http.p50, r.http.p99)} |`).join('\n');
    const head = '| request (pageSize 100) | as the SDKs ask (gzip): p50 / p99 | req/s | body | uncompressed: p50 / p99 | req/s | body | uncached, alone p50 | bare node:http, same body: p50 / p99 | store p50 / p99 | store alone p50 | target: gzip, uncompressed |\n|---|---|---|---|---|---|---|---|---|---|---|---|';
    const mixLine = (name: string, m: typeof one) => `| ${name} | ${m.result.rate.toFixed(0)} | ${fmt(m.summary.p50)} | ${fmt(m.summary.p99)} | ${(m.result.bytes / m.result.latencies.length / 1024).toFixed(1)} KiB |`;
    const partial = Boolean(only) || process.env.BENCH_NO_WRITE === '1';
    if (partial) console.log('BENCH_ONLY or BENCH_NO_WRITE: results printed, docs/benchmarks.md left as it is');
    else writeSection('data-api', `
## Data API (\`npm run bench:data-api\`)

${machine()}; PostgreSQL ${await setting(db, 'server_version')} on the same 2 cores (shared_buffers
${await setting(db, 'shared_buffers')}). 1-minute load average ${loadAtStart.toFixed(2)} when the run started,
${loadBefore.toFixed(2)} when the measurements started, ${loadAfter.toFixed(2)} at the end${loadAfter > 1.5 ? ' (other work shared the machine)' : ''}.
Scheduling probe (\`bench/host-hiccups.ts\`; run on the idle machine before and after the measurements): ${describeHostHiccups(hiccupsBefore)}
before, ${describeHostHiccups(hiccupsAfter)} after. A gap is time a thread was ready to run while its core ran
something else (another process, or the hypervisor's other guests); such gaps land on every p99 below, the bare server's too.

**Dataset** \`${datasetId(spec)}\` (${dataset.built ? `built in ${dataset.buildSeconds!.toFixed(0)} s` : 'reused'}; \`BENCH_REBUILD=1\` or
\`DROP DATABASE ${DATABASE}\` rebuilds it), written with the store's writers (\`writeEvmBatch\`, \`writePrimaryRows\`):
C-chain ${c.evmTransactions!.toLocaleString()} transactions (${c.evmFailed!.toLocaleString()} failed) in ${c.evmBlocks!.toLocaleString()} blocks,
${c.evmLogs!.toLocaleString()} logs, ${c.evmTokenTransfers!.toLocaleString()} token transfers, ${c.evmInternalTransactions!.toLocaleString()} internal
transactions, ${c.evmAddresses!.toLocaleString()} sending addresses (Zipf: the busiest sends ~8 % of all transactions); primary network
${(c.pTxs! + c.xTxs! + c.cTxs!).toLocaleString()} transactions over ${PRIMARY_SPAN_SECONDS / 86_400} days (P ${c.pTxs!.toLocaleString()} in
${c.pBlocks!.toLocaleString()} blocks, X ${c.xTxs!.toLocaleString()} in ${c.xBlocks!.toLocaleString()} blocks, C atomic ${c.cTxs!.toLocaleString()}),
${c.utxos!.toLocaleString()} UTXOs with real secp256k1 credentials on X and C inputs, ${c.primaryAddresses!.toLocaleString()} addresses (the
hot exchange wallet is in ${c.hotAddressTxs!.toLocaleString()} txs), ${c.validators!.toLocaleString()} validations and
${c.delegators!.toLocaleString()} delegations (each ended by its RewardValidatorTx), ${c.subnets!.toLocaleString()} subnets,
${c.l1Validators!.toLocaleString()} L1 validators, ${c.vertices!.toLocaleString()} legacy X-chain vertices.

**Method.** The Data API (\`createDataApi\` with its defaults — response cache on, 64 MiB — rate limits off, pools of ${POOL} connections, kept open through lulls, as \`firn serve\` opens them here: see docs/configuration.md) runs in a child process
started with the Node options of \`npm run serve\` (${serveNodeOptions().map((o) => `\`${o}\``).join(' ')}: see docs/configuration.md, "Node.js options");
${CONNECTIONS} concurrent keep-alive connections send up to ${REQUESTS.toLocaleString()} measured requests per row (at most
${SECONDS} s) after up to ${ROW.warmup} warm-up ones; each row runs twice, once with \`accept-encoding: gzip, deflate\` (what Node's
\`fetch\`, and so both official SDKs, sends unless told otherwise; bodies are counted compressed, not inflated) and once without
(uncompressed), each on its own Data API process. The load generator (\`bench/data-api/raw-http-connection.ts\`, as wrk or
autocannon do) writes each GET on its connection and reads only the status and the body's size, into one reused buffer per
connection: node:http's client cost the shared cores about as much CPU per request as the server's answer to a kept response, and
a new buffer per socket read drove the bench process to a full GC every ~70 ms under big bodies. Lookups rotate over up to ${SAMPLE_SIZE.toLocaleString('en')} sampled ids; just before a lookup row, the bench reads its sample once through the store (untimed), since
this host kind's balloon driver hands an idle page cache back to the hypervisor within minutes and the row's first-time answers would
otherwise measure the disk (\`WARM_DATABASE\` in bench/data-api.bench.ts). Before the rows, each process
answers ${firstTimeLine} other ids once for each of the ${lookups.length} lookup rows (none of them in a row's sample), as a server under
traffic keeps building first-time answers (after every new block): the code that builds them is then compiled, and a
row's own ids are still first-time when it starts (a row over ${SAMPLE_SIZE} ids asks for ${ROW.warmup} of them in its warm-up and for the other
${SAMPLE_SIZE - ROW.warmup} in its first measured requests). Then each process answers ${SETTLE.calls.toLocaleString('en')} requests for answers it has kept (the
rows' first URLs), and the bare server below as many, so the first row pays neither for collecting what the warm-up
kept nor for the bare server's warm-up.
After the warm-up most requests of a row are answered from the response cache (an answer kept per URL while the store's data
versions of what it reads (its EVM chain, or the primary network, and the registry), read for every request, are unchanged; validator and delegator answers, which depend on the
clock, until the next staker starts or ends); "uncached, alone" asks a second Data API process with the cache off, one request at a time: what
a request costs when its answer is not kept (after each new block, for instance). "bare node:http, same body" is the
transport floor: the same ${CONNECTIONS} connections, without compression, asking a bare node:http server in a process of its own for a
body of the row's uncompressed size, held in memory (\`bench/data-api/bare-server.ts\`): what moving those bytes costs on this machine,
whatever builds them. "store" runs the route's store queries
(\`src/store/queries/…\`) in the bench process with the same ${CONNECTIONS} callers on a pool of ${POOL}; "store alone" runs them one at a
time (the database's own latency). Last pages were reached by following \`nextPageToken\` from the first page (${walks.join('; ')}).
Target: p50 ≤ 5 ms and p99 ≤ 25 ms (issue 6). With 50 connections kept busy, latency ≈ 50 / throughput (Little's law): a
p50 of 5 ms needs about 10,000 req/s of that request, i.e. at most ~0.2 ms of CPU per request on the 2 cores shared by
the server, PostgreSQL and the load generator. So the figures depend on the machine far more than the CPU reference
suggests: compare rows within one run (in this one the smallest kept answer, ${smallest.scenario.label} at
${kib(smallest.body)}, was served at ${smallest.rate.toFixed(0)} req/s uncompressed).

EVM chains (\`/v1/chains/43114/…\`):

${head}
${table('EVM')}

Primary network (\`/v1/networks/mainnet/…\`):

${head}
${table('Primary network')}

**First-time answers under load.** A lookup row's ids are new to its server when the row starts: its warm-up and its first
measured requests (the ${ROW.warmup} after the warm-up's, for a sample of ${SAMPLE_SIZE} ids) are all answers not kept yet, ${CONNECTIONS} at a time,
so its p99 is set by how fast the server builds them. Here each lookup row's load
(uncompressed, ${UNKEPT.calls.toLocaleString('en')} measured requests after ${UNKEPT.warmup} warm-up ones) goes to the process with the
response cache off, so that every answer is built; "longest stall" is the longest wait of that process's event loop
(\`monitorEventLoopDelay\`) during the load, and of its garbage collector. "CPU per answer" is the CPU time the load cost
each process, per request (Linux's per-thread scheduler statistics, \`bench/data-api/cpu-split.ts\`: the Data API process with
all its threads; every process named postgres; the load generator), and "waited for a core" the time the Data API's
JavaScript thread was ready to run while the other processes (or the hypervisor's other guests) held both cores.
Two limits follow from them: "JS thread" is how many answers a second the Data API could build if its JavaScript thread
(its part of the Data API's CPU) never stopped, and "${availableParallelism()} cores" how many the ${availableParallelism()} cores could if the three processes used nothing
else and never waited (${availableParallelism()} s of CPU a second over the three CPU times). With ${CONNECTIONS} connections asking, a first-time answer
takes ${CONNECTIONS} / req/s on average (Little's law), so the lower limit bounds every first-time answer's latency on this machine:

| lookup | row p99, uncompressed | every answer built: p50 / p99 | req/s | limit: JS thread / ${availableParallelism()} cores | CPU per answer: Data API (JS thread) / PostgreSQL / load generator | JS thread waited for a core | longest stall: event loop / GC |
|---|---|---|---|---|---|---|---|
${rows.filter((r) => r.unkept).map((r) => {
  const cpu = r.unkept!.cpu;
  const split = cpu ? `${micros(cpu.server)} (${micros(cpu.serverMain)}) / ${micros(cpu.postgres)} / ${micros(cpu.generator)}` : 'n/a';
  return `| ${r.scenario.label} | ${fmt(r.http.p99)} | ${fmt(r.unkept!.latency.p50)} / ${fmt(r.unkept!.latency.p99)} | ${r.unkept!.rate.toFixed(0)} | ${threadLimit(cpu)} / ${cpuCeiling(cpu)} | ${split} | ${micros(cpu?.serverWaited)} | ${r.unkept!.server.loopMaxMs.toFixed(1)} ms / ${r.unkept!.server.gcMaxMs.toFixed(1)} ms |`;
}).join('\n')}

**Mixed workload** (every row above in proportion to its share of a plausible day's traffic, its lookups over the first fifth of each row's ids (\`mixSamples\`), ${MIX_SECONDS} s after a warm-up,
${CONNECTIONS} connections; target ≥ 5,000 req/s on 2 cores). The first row runs on the process the rows above warmed; the
cache-off row is the same mix with every answer built; the two-process rows start with empty caches. The "C-chain block"
row is the first one again while the bench commits a transaction shaped like the indexer's commit of a C-chain block
every ${LIVE_BLOCK_MS / 1000} s (\`bench/data-api/chain-commits.ts\`: values written back unchanged): every kept answer that reads the
C-chain is built again after each, the primary network's are not (the data version is per scope):

| server | req/s | p50 | p99 | mean body |
|---|---|---|---|---|
${mixLine('1 Data API process', one)}
${mixLine(`1 process, a C-chain block committed every ${LIVE_BLOCK_MS / 1000} s (${liveCommits} during the run)`, live)}
${mixLine('1 process, response cache off', uncached)}
${mixLine('2 Data API processes (node:cluster)', two)}
${mixLine('2 processes, clients send accept-encoding: gzip', zipped)}

${misses.length === 0 ? 'Every endpoint meets the latency target as the SDKs ask' : `Endpoints over the latency target as the SDKs ask (gzip): ${misses.length} of ${rows.length} (marked ✗)`}; uncompressed: ${identityMisses.length === 0 ? 'every endpoint meets it' : `${identityMisses.length} of ${rows.length} over it`}. Uncompressed, a first page
of 100 primary-network transactions is ${kib(Math.min(...txPages.map((r) => r.body)))}–${kib(Math.max(...txPages.map((r) => r.body)))}: at 50 connections these rows are bound by moving the
bytes (the server and the load generator share the 2 cores) more than by building answers; compare their gzip columns
and the bare server's figures for the same bytes. ${bareLine(rows)}
`);
  } finally {
    await db.close();
  }
}

await main();
