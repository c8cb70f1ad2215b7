import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgres, postgresAvailable } from '../testing.js';
import { KEY_LOOKUP, type QueryOptions, type Queryable } from './database.js';
import { PgDatabase } from './pg-database.js';

const serverUp = await postgresAvailable();

describe.skipIf(!serverUp)('PgDatabase prepared statements', () => {
  let server: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    server = await createTestPostgres();
  });
  afterAll(async () => {
    await server?.drop();
  });

  const prepared = async (db: PgDatabase) =>
    (await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement')).rows.map((r) => r.statement);

  it('runs parameterized queries as named statements, prepared once per connection', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    try {
      for (let i = 0; i < 3; i++) expect((await db.query<{ n: number }>('SELECT $1::int + 1 AS n', [i])).rows[0]?.n).toBe(i + 1);
      await db.query('SELECT $1::text AS t', ['x']);
      expect(await prepared(db)).toEqual(['SELECT $1::int + 1 AS n', 'SELECT $1::text AS t']);
      // Each run is still planned for its own values (no generic plan for skewed data).
      expect((await db.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]?.plan_cache_mode).toBe('force_custom_plan');
      // Inside a transaction too (its own connection from the pool, here the same one).
      await db.transaction(async (tx) => expect((await tx.query<{ n: number }>('SELECT $1::int + 1 AS n', [41])).rows[0]?.n).toBe(42));
      expect(await prepared(db)).toHaveLength(2);
    } finally {
      await db.close();
    }
  });

  /** A statement's plan counts on the connection `options` sends a statement to (each pool has its own). */
  const plans = async (db: PgDatabase, statement: string, options?: QueryOptions) => {
    const { rows } = await db.query<{ generic_plans: string; custom_plans: string }>(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1', [statement], options);
    return { generic: Number(rows[0]?.generic_plans ?? 0), custom: Number(rows[0]?.custom_plans ?? 0) };
  };
  const planMode = async (db: PgDatabase | Queryable, options?: QueryOptions) =>
    (await db.query<{ mode: string }>('SELECT current_setting($1) AS mode', ['plan_cache_mode'], options)).rows[0]?.mode;

  it('plans a key lookup once per connection and reuses the plan; other statements are planned for each run', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    const lookup = 'SELECT $1::int * 2 AS n';
    const filtered = 'SELECT $1::int + 1 AS n';
    try {
      for (let i = 0; i < 3; i++) {
        expect((await db.query<{ n: number }>(lookup, [i], KEY_LOOKUP)).rows[0]?.n).toBe(i * 2);
        expect((await db.query<{ n: number }>(filtered, [i])).rows[0]?.n).toBe(i + 1);
      }
      // Key lookups and the rest run on connections of their own, each opened in its mode: no SET between them.
      expect(await planMode(db, KEY_LOOKUP)).toBe('force_generic_plan');
      expect(await planMode(db)).toBe('force_custom_plan');
      expect(await plans(db, lookup, KEY_LOOKUP)).toEqual({ generic: 3, custom: 0 });
      expect(await plans(db, filtered)).toEqual({ generic: 0, custom: 3 });
      expect(await plans(db, filtered, KEY_LOOKUP)).toEqual({ generic: 0, custom: 0 });
      // A transaction runs in the custom mode, key lookups included.
      await db.transaction(async (tx) => {
        expect(await planMode(tx)).toBe('force_custom_plan');
        await tx.query(lookup, [10], KEY_LOOKUP);
        await tx.query(filtered, [10]);
      });
      expect(await plans(db, lookup)).toEqual({ generic: 0, custom: 1 });
      expect(await plans(db, filtered)).toEqual({ generic: 0, custom: 4 });
      expect(await plans(db, lookup, KEY_LOOKUP)).toEqual({ generic: 3, custom: 0 });
    } finally {
      await db.close();
    }
  });

  it('opens the key-lookup connections only when a key lookup runs', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    const connections = async () => Number((await other.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows[0]!.n);
    try {
      await db.query('SELECT $1::int AS n', [1]);
      await db.transaction((tx) => tx.query('SELECT $1::int AS n', [2], KEY_LOOKUP));
      expect(await connections()).toBe(1);
      await db.query('SELECT $1::int AS n', [3], KEY_LOOKUP);
      expect(await connections()).toBe(2);
    } finally {
      await other.end();
      await db.close();
    }
  });

  it('replaces a connection that is cut while a statement runs on it, and keeps the process up', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    try {
      const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, $1::int AS x', [1], KEY_LOOKUP)).rows[0]!.pid;
      const sleeping = expect(db.query('SELECT pg_sleep($1::float8)', [10], KEY_LOOKUP)).rejects.toThrow();
      const running = async () => (await other.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%' AND state = 'active'`, [pid])).rowCount === 1;
      for (let i = 0; i < 500 && !(await running()); i++) await new Promise((r) => setTimeout(r, 10));
      await other.query('SELECT pg_terminate_backend($1)', [pid]);
      await sleeping;
      const next = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, $1::int AS x', [2], KEY_LOOKUP)).rows[0]!.pid;
      expect(next).not.toBe(pid);
    } finally {
      await other.end();
      await db.close();
    }
  });

  it('rejects a failed statement with PostgreSQL\'s error, its stack leading back to the caller', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    async function askForAMissingTable(): Promise<unknown> {
      return await db.query('SELECT * FROM no_such_table WHERE id = $1', [1], KEY_LOOKUP);
    }
    try {
      const error = await askForAMissingTable().then(() => undefined, (e: unknown) => e as Error & { code?: string });
      expect(error).toBeInstanceOf(Error);
      expect(error?.message).toMatch(/relation "no_such_table" does not exist/);
      expect(error?.code).toBe('42P01');
      expect(error?.stack).toContain('askForAMissingTable');
      // The connection is still usable afterwards.
      expect((await db.query<{ x: number }>('SELECT $1::int AS x', [7], KEY_LOOKUP)).rows[0]!.x).toBe(7);
    } finally {
      await db.close();
    }
  });

  it('prepares nothing when turned off', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1, preparedStatements: false });
    try {
      await db.query('SELECT $1::int AS n', [1]);
      expect(await prepared(db)).toEqual([]);
      expect((await db.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]?.plan_cache_mode).toBe('auto');
    } finally {
      await db.close();
    }
  });

  it('takes FIRN_PG_PREPARED_STATEMENTS=0 as off when not told otherwise', async () => {
    const before = process.env.FIRN_PG_PREPARED_STATEMENTS;
    process.env.FIRN_PG_PREPARED_STATEMENTS = '0';
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    try {
      await db.query('SELECT $1::int AS n', [1]);
      expect(await prepared(db)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.FIRN_PG_PREPARED_STATEMENTS;
      else process.env.FIRN_PG_PREPARED_STATEMENTS = before;
      await db.close();
    }
  });

  /** Distinct backends that answered `n` statements sent at once, each holding its connection for a moment. */
  const backendsUnderLoad = async (db: PgDatabase, n: number) => {
    const rows = await Promise.all(Array.from({ length: n }, () => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')));
    return new Set(rows.map((r) => r.rows[0]!.pid)).size;
  };

  it('opens at most FIRN_PG_POOL_SIZE connections a pool when not told otherwise, and maxConnections wins over it', async () => {
    const before = process.env.FIRN_PG_POOL_SIZE;
    process.env.FIRN_PG_POOL_SIZE = '2';
    const fromEnv = new PgDatabase(server.url);
    const told = new PgDatabase(server.url, { maxConnections: 3 });
    try {
      expect(await backendsUnderLoad(fromEnv, 6)).toBe(2);
      expect(await backendsUnderLoad(told, 6)).toBe(3);
    } finally {
      if (before === undefined) delete process.env.FIRN_PG_POOL_SIZE;
      else process.env.FIRN_PG_POOL_SIZE = before;
      await fromEnv.close();
      await told.close();
    }
  });

  /** The backends that answered 2 statements sent at once (a pool of 2 then holds both its connections). */
  const backendPids = async (db: PgDatabase, options?: QueryOptions) => {
    const rows = await Promise.all([0, 1].map(() => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)', [], options)));
    return rows.map((r) => r.rows[0]!.pid).sort((a, b) => a - b);
  };

  it('keeps its connections through a lull when told to, and closes them after the idle timeout otherwise', async () => {
    const kept = new PgDatabase(server.url, { maxConnections: 2, keepConnections: true, idleTimeoutMs: 100 });
    const closed = new PgDatabase(server.url, { maxConnections: 2, idleTimeoutMs: 100 });
    try {
      const before = { kept: await backendPids(kept), keptLookups: await backendPids(kept, KEY_LOOKUP), closed: await backendPids(closed) };
      expect(new Set(before.kept).size).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The same backends (and so their prepared statements and warm catalog caches) answer after the lull, in both pools.
      expect(await backendPids(kept)).toEqual(before.kept);
      expect(await backendPids(kept, KEY_LOOKUP)).toEqual(before.keptLookups);
      const after = await backendPids(closed);
      expect(after.some((pid) => before.closed.includes(pid))).toBe(false);
    } finally {
      await kept.close();
      await closed.close();
    }
  });

  /**
   * Whether the kernel keeps a keepalive timer on the TCP connection behind `db`'s next connection (Linux's
   * /proc/net/tcp: timer 02 on an established socket is the keepalive timer); undefined where that cannot be told.
   */
  const keepaliveTimer = async (db: PgDatabase): Promise<boolean | undefined> => {
    const port = (await db.query<{ port: number | null }>('SELECT client_port AS port FROM pg_stat_activity WHERE pid = pg_backend_pid()')).rows[0]?.port;
    if (port === null || port === undefined || port < 0) return undefined;
    const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const lines = await readFile(table, 'utf8').then((t) => t.split('\n').slice(1), () => []);
      for (const line of lines) {
        const [, localAddress, , , , timer] = line.trim().split(/\s+/);
        if (localAddress?.endsWith(local)) return timer?.startsWith('02:');
      }
    }
    return undefined;
  };

  it('has the kernel send keepalives on the connections it keeps, and not on the others', async (context) => {
    const kept = new PgDatabase(server.url, { maxConnections: 1, keepConnections: true });
    const closed = new PgDatabase(server.url, { maxConnections: 1 });
    try {
      const [onKept, onClosed] = [await keepaliveTimer(kept), await keepaliveTimer(closed)];
      if (onKept === undefined || onClosed === undefined) return context.skip(); // not TCP, or not Linux
      expect(onKept).toBe(true);
      expect(onClosed).toBe(false);
    } finally {
      await kept.close();
      await closed.close();
    }
  });

  it('refuses a FIRN_PG_POOL_SIZE that is not a connection count', () => {
    const before = process.env.FIRN_PG_POOL_SIZE;
    process.env.FIRN_PG_POOL_SIZE = '0';
    try {
      expect(() => new PgDatabase(server.url)).toThrow(/FIRN_PG_POOL_SIZE must be an integer from 1 to 100, got "0"/);
    } finally {
      if (before === undefined) delete process.env.FIRN_PG_POOL_SIZE;
      else process.env.FIRN_PG_POOL_SIZE = before;
    }
  });

  it('survives another process changing a table it has a statement prepared for (a migration)', async () => {
    const db = new PgDatabase(server.url, { maxConnections: 1 });
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    try {
      await other.query('CREATE TABLE stale_t (id int PRIMARY KEY, a text)');
      await other.query(`INSERT INTO stale_t VALUES (1, 'one')`);
      const select = 'SELECT * FROM stale_t WHERE id = $1';
      expect((await db.query(select, [1])).rows).toEqual([{ id: 1, a: 'one' }]);
      await other.query(`ALTER TABLE stale_t ADD COLUMN b text NOT NULL DEFAULT 'new'`);
      // Outside a transaction the query is prepared again under a new name and answers with the new column.
      expect((await db.query(select, [1])).rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
      await other.query(`ALTER TABLE stale_t ADD COLUMN c int NOT NULL DEFAULT 7`);
      // Inside one, the error has aborted the transaction: it fails, and the next attempt succeeds.
      await expect(db.transaction((tx) => tx.query(select, [1]))).rejects.toThrow(/cached plan must not change result type/);
      expect((await db.transaction((tx) => tx.query(select, [1]))).rows).toEqual([{ id: 1, a: 'one', b: 'new', c: 7 }]);
    } finally {
      await other.end();
      await db.close();
    }
  });
});
