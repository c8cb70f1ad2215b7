import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { Database } from './database/database.js';
import { PgDatabase } from './database/pg-database.js';
import { PgliteDatabase } from './database/pglite-database.js';
import { migrate } from './migrations/migrate.js';

/** The PostgreSQL server tests use; CI always has one. */
export const TEST_SERVER_URL = process.env.FIRN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let serverReachable: Promise<boolean> | undefined;

/** Whether the test server answers. In CI a missing server is an error, not a skip. */
export function postgresAvailable(): Promise<boolean> {
  serverReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_SERVER_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      if (process.env.CI) throw new Error(`CI needs PostgreSQL at ${TEST_SERVER_URL}: ${String(error)}`);
      return false;
    }
  })();
  return serverReachable;
}

/** A fresh, empty database on the test server; `drop` removes it. */
export async function createTestPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `firn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_SERVER_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestDatabase {
  db: Database;
  /** For a server database, its URL (other processes can connect); undefined for PGlite. */
  url?: string;
  dispose: () => Promise<void>;
}

/** The two stores every store test runs on: PGlite in memory and a real PostgreSQL database. */
export const TEST_DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** A migrated, empty store of the given kind. */
export async function openTestDatabase(kind: (typeof TEST_DATABASE_KINDS)[number], options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let result: TestDatabase;
  if (kind === 'pglite') {
    const db = await PgliteDatabase.open();
    result = { db, dispose: () => db.close() };
  } else {
    const server = await createTestPostgres();
    const db = new PgDatabase(server.url);
    result = {
      db,
      url: server.url,
      dispose: async () => {
        await db.close();
        await server.drop();
      },
    };
  }
  if (options.migrate !== false) await migrate(result.db);
  return result;
}
