/**
 * The Data API over the benchmark's database, in a process of its own (so the load generator does not share
 * its event loop): `BENCH_WORKERS` processes (node:cluster) share `BENCH_PORT`, each with its own pool. Rate
 * limits are off; the clock is the dataset's (wall time shifted by BENCH_CLOCK_OFFSET_MS). Tells its parent
 * `ready` over IPC once every worker listens; a single process answers `stalls` with its Stalls since the last ask.
 */
import cluster from 'node:cluster';
import { createDataApi } from '../../src/api/data/create-data-api.js';
import { PgDatabase } from '../../src/store/database/pg-database.js';
import { StallMonitor } from './stall-monitor.js';

const url = process.env.BENCH_DATABASE_URL!;
const port = Number(process.env.BENCH_PORT);
const workers = Number(process.env.BENCH_WORKERS ?? 1);
const offset = Number(process.env.BENCH_CLOCK_OFFSET_MS ?? 0);
const secret = process.env.BENCH_PAGE_TOKEN_SECRET!;
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 8);

async function serve(): Promise<void> {
  // As `firn serve` opens its store: connections kept through the lulls between rows.
  const db = new PgDatabase(url, { maxConnections: poolSize, keepConnections: true });
  const app = await createDataApi(db, {
    pageTokens: { secret, ttlMs: 7 * 86_400_000 },
    now: () => Date.now() + offset,
    rateLimits: { enabled: false },
    logRequests: false,
    ...(process.env.BENCH_RESPONSE_CACHE_MB !== undefined ? { responseCache: { maxBytes: Number(process.env.BENCH_RESPONSE_CACHE_MB) * 1024 * 1024 } } : {}),
  });
  await app.listen({ host: '127.0.0.1', port });
  process.send?.('listening');
  // The bench asks what held up this process's event loop during each row.
  const stalls = new StallMonitor();
  stalls.start();
  process.on('message', (m) => m === 'stalls' && process.send?.({ stalls: stalls.take() }));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

if (workers > 1 && cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork();
    worker.on('message', (m) => {
      if (m === 'listening' && ++listening === workers) process.send?.('ready');
    });
  }
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
} else if (workers > 1) {
  await serve();
} else {
  await serve();
  process.send?.('ready');
}
