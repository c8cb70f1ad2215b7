/**
 * `firn serve` over a PostgreSQL server, as its own process: it answers, keeps the connections it opened through a
 * lull longer than `pg`'s 10 s idle timeout (PgDatabaseOptions.keepConnections), and still exits at once on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgres, postgresAvailable } from '../../src/store/testing.js';
import { freePort } from '../helpers/free-port.js';

const BIN = fileURLToPath(new URL('../../bin/firn.js', import.meta.url));
const serverUp = await postgresAvailable();

describe.skipIf(!serverUp)('firn serve over PostgreSQL', () => {
  let server: { url: string; drop: () => Promise<void> };
  let admin: pg.Client;
  const dir = mkdtempSync(join(tmpdir(), 'firn-serve-'));
  beforeAll(async () => {
    server = await createTestPostgres();
    admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The backends connected to the test database, other than the test's own. */
  const backends = async () =>
    (await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() ORDER BY pid`,
    )).rows.map((r) => r.pid);

  it('answers, keeps its connections through a lull, and exits on SIGTERM', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [
      BIN, 'serve', `--database-url=${server.url}`, `--port=${port}`, `--metrics-api-port=${metricsPort}`, '--log-format=json',
      `--page-token-secret-file=${join(dir, 'secret')}`,
    ], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FIRN_PG_POOL_SIZE: '2' } });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let tries = 0; ; tries++) {
        const live = await fetch(`${base}/v1/live-check`).then((r) => r.status, () => 0);
        if (live === 200) break;
        if (child.exitCode !== null || tries > 300) throw new Error(`firn serve did not come up:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/v1/chains`).then((r) => r.status)));
      expect(answers).toEqual(Array(8).fill(200));
      const before = await backends();
      expect(before.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await backends()).toEqual(before);
      expect((await fetch(`${base}/v1/chains`)).status).toBe(200);
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
      expect(code).toBe(0);
      for (let tries = 0; (await backends()).length > 0 && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await backends()).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
