/**
 * Metrics benchmark (issue 7, "Performance"): what rollup maintenance adds to the EVM write path, and how
 * fast metrics queries answer on an index of BENCH_TXS transactions.
 *
 * Two chains receive the same synthetic blocks, batch by batch, interleaved so both see the same table sizes:
 * chain A's batches are written as the indexer writes them (one COPY per table, in a transaction); chain B's
 * also call updateEvmRollups in that transaction. The overhead is B's write time over A's, minus one. (The
 * baseline writes blocks, transactions, token transfers, contracts and Teleporter messages but not logs or
 * internal transactions, so the figure overstates the share of a full indexer's write time.) Then every kind
 * of metrics query is timed on chain B, through the store and through the HTTP server (inject, no sockets).
 *
 * BENCH_TXS (default 1,000,000), BENCH_TXS_PER_BLOCK (default 10), BENCH_BLOCKS_PER_BATCH (default 200),
 * BENCH_QUERIES (default 500 per query), BENCH_DATABASE_URL (default: a fresh database on the test server,
 * dropped afterwards), BENCH_STORE=pglite to use PGlite in memory. Writes the `metrics` section of docs/benchmarks.md.
 */
import { createMetricsServer } from '../src/api/metrics/create-metrics-server.js';
import type { Database } from '../src/store/database/database.js';
import { PgDatabase } from '../src/store/database/pg-database.js';
import { PgliteDatabase } from '../src/store/database/pglite-database.js';
import { migrate } from '../src/store/migrations/migrate.js';
import { CHAIN_METRICS } from '../src/store/queries/metrics/chain-metrics.js';
import { getChainMetricSeries } from '../src/store/queries/metrics/metric-series.js';
import { getRollingWindowMetric } from '../src/store/queries/metrics/rolling-windows.js';
import { ensureChain, ensureNetwork } from '../src/store/registry.js';
import { updateEvmRollups } from '../src/store/rollups/update-evm-rollups.js';
import { createTestPostgres } from '../src/store/testing.js';
import { machine, writeSection } from './results.js';
import { fmt, summarize, timed } from './stats.js';

const TXS = Number(process.env.BENCH_TXS ?? 1_000_000);
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS_PER_BLOCK ?? 10);
const BLOCKS_PER_BATCH = Number(process.env.BENCH_BLOCKS_PER_BATCH ?? 200);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const ADDRESSES = Math.max(1000, Math.floor(TXS / 10));
const START = Date.UTC(2024, 0, 3, 7, 21, 5) / 1000;

// xorshift32: deterministic and cheap
let seed = 0x9e3779b9;
function rand(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(rand() * n);

const addressBook = Array.from({ length: ADDRESSES }, (_, i) => {
  const a = new Uint8Array(20);
  new DataView(a.buffer).setUint32(0, i + 1);
  a[19] = 0xaa;
  return a;
});
/** Skewed towards a few busy addresses, as on real chains. */
const address = () => addressBook[Math.floor(ADDRESSES * rand() ** 3)]!;
const hash = (kind: number, n: number, i: number) => {
  const h = new Uint8Array(32);
  const v = new DataView(h.buffer);
  v.setUint32(0, kind);
  v.setFloat64(8, n);
  v.setUint32(16, i);
  return h;
};

interface Batch {
  from: bigint;
  to: bigint;
  rows: Record<string, unknown[][]>;
}

const COLUMNS: Record<string, string[]> = {
  evm_blocks: ['chain', 'number', 'hash', 'parent_hash', 'block_timestamp', 'miner', 'gas_limit', 'gas_used', 'tx_count', 'cumulative_tx_count', 'fees_spent', 'internal_txs_indexed'],
  evm_transactions: ['chain', 'block_number', 'tx_index', 'hash', 'block_timestamp', 'from_address', 'to_address', 'contract_address', 'value', 'nonce', 'tx_type', 'gas_limit', 'gas_price', 'gas_used', 'effective_gas_price', 'status', 'input'],
  evm_token_transfers: ['chain', 'block_number', 'log_index', 'batch_index', 'tx_index', 'block_timestamp', 'token', 'standard', 'from_address', 'to_address', 'token_id', 'value'],
  evm_contracts: ['chain', 'address', 'block_number', 'tx_index', 'tx_hash', 'deployer_address', 'deployer_contract', 'erc_type'],
  evm_teleporter_messages: ['chain', 'block_number', 'log_index', 'tx_index', 'block_timestamp', 'message_id', 'direction', 'source_blockchain_id', 'destination_blockchain_id', 'messenger'],
};

let clock = START;
let cumulative = 0n;
/** The same blocks for both chains (the chain column is filled in at write time). */
function nextBatch(first: bigint, blocks: number): Batch {
  const rows: Record<string, unknown[][]> = Object.fromEntries(Object.keys(COLUMNS).map((t) => [t, []]));
  const token = addressBook[0]!;
  for (let k = 0; k < blocks; k++) {
    const n = first + BigInt(k);
    clock += rand() < 0.3 ? 0 : rand() < 0.97 ? 1 + int(30) : 600 + int(7200);
    const txCount = int(2 * TXS_PER_BLOCK + 1);
    let logIndex = 0;
    for (let i = 0; i < txCount; i++) {
      const from = address();
      const creation = rand() < 0.005;
      const txHash = hash(1, Number(n), i);
      rows.evm_transactions!.push([0, n, i, txHash, clock, from, creation ? null : address(), creation ? hash(2, Number(n), i).subarray(0, 20) : null, 0n, 0n, 2, 50_000n, 25_000_000_000n, 21_000n + BigInt(int(100_000)), 25_000_000_000n + BigInt(int(1e9)), 1, new Uint8Array(4)]);
      if (creation) rows.evm_contracts!.push([0, hash(2, Number(n), i).subarray(0, 20), n, i, txHash, from, null, 'UNKNOWN']);
      if (rand() < 0.5) rows.evm_token_transfers!.push([0, n, logIndex++, 0, i, clock, token, 20, from, address(), null, BigInt(int(1e9))]);
      if (rand() < 0.002) rows.evm_teleporter_messages!.push([0, n, logIndex++, i, clock, txHash, 'SOURCE_TRANSACTION', hash(3, 0, 0), hash(4, int(3), 0), token]);
    }
    cumulative += BigInt(txCount);
    rows.evm_blocks!.push([0, n, hash(5, Number(n), 0), hash(5, Number(n) - 1, 0), clock, token, 15_000_000n, BigInt(txCount) * 60_000n, txCount, cumulative, 0n, true]);
  }
  return { from: first, to: first + BigInt(blocks - 1), rows };
}

async function writeBatch(db: Database, chain: number, batch: Batch, rollups: boolean): Promise<number> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (const [table, rows] of Object.entries(batch.rows)) {
      await tx.copyRows(table, COLUMNS[table]!, rows.map((r) => [chain, ...r.slice(1)]));
    }
    if (rollups) await updateEvmRollups(tx, chain, batch.from, batch.to);
  });
  return performance.now() - started;
}

async function openStore(): Promise<{ db: Database; drop: () => Promise<void>; label: string }> {
  if (process.env.BENCH_STORE === 'pglite') {
    const db = await PgliteDatabase.open();
    return { db, drop: () => db.close(), label: 'PGlite (in memory)' };
  }
  if (process.env.BENCH_DATABASE_URL) {
    const db = new PgDatabase(process.env.BENCH_DATABASE_URL);
    return { db, drop: () => db.close(), label: 'PostgreSQL' };
  }
  const server = await createTestPostgres();
  const db = new PgDatabase(server.url);
  return { db, drop: async () => { await db.close(); await server.drop(); }, label: 'PostgreSQL (local server)' };
}

async function main(): Promise<void> {
  const store = await openStore();
  const { db } = store;
  try {
    await migrate(db);
    const network = await ensureNetwork(db, { name: 'bench', networkId: 4242, hrp: 'custom', isTestnet: true, avaxAssetId: new Uint8Array(32) });
    const chain = (id: number, evmChainId: bigint) =>
      ensureChain(db, { network, blockchainId: hash(9, id, 0), subnetId: new Uint8Array(32), vm: 'evm', evmChainId, name: `bench-${id}` });
    const plain = await chain(1, 990_001n);
    const rolled = await chain(2, 990_002n);

    const totalBlocks = Math.ceil(TXS / TXS_PER_BLOCK);
    let plainMs = 0;
    let rolledMs = 0;
    let written = 0;
    const started = performance.now();
    for (let b = 0; b < totalBlocks; b += BLOCKS_PER_BATCH) {
      const batch = nextBatch(BigInt(b), Math.min(BLOCKS_PER_BATCH, totalBlocks - b));
      // Alternate which chain goes first so caching favours neither.
      if ((b / BLOCKS_PER_BATCH) % 2 === 0) {
        plainMs += await writeBatch(db, plain.id, batch, false);
        rolledMs += await writeBatch(db, rolled.id, batch, true);
      } else {
        rolledMs += await writeBatch(db, rolled.id, batch, true);
        plainMs += await writeBatch(db, plain.id, batch, false);
      }
      written += batch.rows.evm_transactions!.length;
      if ((b / BLOCKS_PER_BATCH) % 50 === 0) process.stdout.write(`\r${written.toLocaleString()} txs, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    process.stdout.write('\n');
    await db.exec('ANALYZE');
    const overhead = rolledMs / plainMs - 1;
    console.log(`write without rollups ${(plainMs / 1000).toFixed(1)} s, with ${(rolledMs / 1000).toFixed(1)} s: +${(overhead * 100).toFixed(1)} %`);

    const now = clock + 600;
    const ids = [rolled.id];
    const rows: string[] = [];
    const measure = async (label: string, fn: () => Promise<unknown>) => {
      const s = summarize(await timed(QUERIES, fn));
      rows.push(`| ${label} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max)} |`);
      console.log(label, fmt(s.p50), fmt(s.p99));
    };
    let k = 0;
    const metric = () => CHAIN_METRICS[k++ % CHAIN_METRICS.length]!;
    await measure('store: every metric by day, 100 points', () => getChainMetricSeries(db, ids, metric(), { unit: 'day', pageSize: 100 }));
    await measure('store: every metric by hour, 2160 points', () => getChainMetricSeries(db, ids, metric(), { unit: 'hour', pageSize: 2160 }));
    await measure('store: cumulativeAddresses by week, page 2 (carry-over)', () => getChainMetricSeries(db, ids, 'cumulativeAddresses', { unit: 'week', pageSize: 3, cursor: now - 21 * 86_400 }));
    await measure('store: rolling windows, txCount', () => getRollingWindowMetric(db, ids, 'txCount', now));
    await measure('store: rolling windows, avgTps', () => getRollingWindowMetric(db, ids, 'avgTps', now));
    await measure('store: rolling windows, activeAddresses', () => getRollingWindowMetric(db, ids, 'activeAddresses', now));

    const app = await createMetricsServer(db, { pageTokens: { secret: 'metrics-bench-secret-0123' }, rateLimits: { enabled: false }, now: () => now * 1000 });
    const inject = (url: string) => async () => {
      const res = await app.inject(url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    await measure('HTTP: GET /v1/avg_tps/{chainId}', inject(`/v1/avg_tps/${rolled.evmChainId}`));
    await measure('HTTP: GET /v2/chains/{chainId}/metrics/activeAddresses?timeInterval=day', inject(`/v2/chains/${rolled.evmChainId}/metrics/activeAddresses?timeInterval=day`));
    await measure('HTTP: GET /v2/chains/{chainId}/metrics/txCount?timeInterval=hour&pageSize=2160', inject(`/v2/chains/${rolled.evmChainId}/metrics/txCount?timeInterval=hour&pageSize=2160`));
    await measure('HTTP: GET /v2/chains/total/metrics/gasUsed?timeInterval=week', inject('/v2/chains/total/metrics/gasUsed?timeInterval=week'));
    await measure('HTTP: GET /v2/chains/{chainId}/rollingWindowMetrics/maxTps', inject(`/v2/chains/${rolled.evmChainId}/rollingWindowMetrics/maxTps`));
    await measure('HTTP: GET /v2/chains/{chainId}/rollingWindowMetrics/activeSenders', inject(`/v2/chains/${rolled.evmChainId}/rollingWindowMetrics/activeSenders`));
    await measure('HTTP: GET /v2/icm/timeseries', inject('/v2/icm/timeseries'));
    await app.close();

    const { rows: sizes } = await db.query<{ addresses: string; buckets: string }>(
      `SELECT (SELECT count(*) FROM metrics_addresses WHERE chain = $1) AS addresses, (SELECT count(*) FROM metrics_chain_buckets WHERE chain = $1) AS buckets`, [rolled.id]);
    writeSection('metrics', `
## Metrics API (\`npm run bench:metrics\`)

${machine()}; ${store.label}. ${written.toLocaleString()} transactions in ${totalBlocks.toLocaleString()} blocks
(${BLOCKS_PER_BATCH} blocks per batch, ${Math.round((clock - START) / 86_400)} days of chain time, ${ADDRESSES.toLocaleString()} addresses,
about one token transfer per two transactions); rollups: ${Number(sizes[0]!.buckets).toLocaleString()} buckets,
${Number(sizes[0]!.addresses).toLocaleString()} address memberships.

**Rollup maintenance:** writing the batches took ${(plainMs / 1000).toFixed(1)} s without rollups and ${(rolledMs / 1000).toFixed(1)} s with
\`updateEvmRollups\` in the same transaction: **+${(overhead * 100).toFixed(1)} %** (target ≤ 5 % of the indexer's backfill; the
baseline here writes fewer tables than the indexer, so the share of a full backfill is smaller).

**Queries** (${QUERIES} each after warm-up, one at a time):

| query | p50 | p99 | max |
|---|---|---|---|
${rows.join('\n')}
`);
  } finally {
    await store.drop();
  }
}

await main();
