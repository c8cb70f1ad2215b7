import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, QueryResult, Row } from '../../../store/database/database.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../../store/testing.js';
import { DataVersion } from './data-version.js';

/** A store whose queries finish when the test says, counting them. */
function gatedStore() {
  const pending: Array<(v: string) => void> = [];
  const db = {
    query: <R extends Row>() => new Promise<QueryResult<R>>((resolve) => pending.push((v) => resolve({ rows: [{ v } as unknown as R], rowCount: 1 } as QueryResult<R>))),
  } as unknown as Queryable;
  return { db, pending };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('DataVersion', () => {
  it('callers arriving during a query share the next one, never the running one', async () => {
    const { db, pending } = gatedStore();
    const version = new DataVersion(db);
    const first = version.current();
    const second = version.current(); // arrives while the first query runs
    const third = version.current();
    expect(pending).toHaveLength(1);
    pending[0]!('a');
    expect(await first).toBe('a');
    await tick();
    expect(pending).toHaveLength(2); // one query for both later callers
    pending[1]!('b');
    expect(await second).toBe('b');
    expect(await third).toBe('b');
    const fourth = version.current(); // nothing running: a query of its own
    await tick();
    expect(pending).toHaveLength(3);
    pending[2]!('c');
    expect(await fourth).toBe('c');
  });

  it('a failed query fails its callers; the next caller asks again', async () => {
    let calls = 0;
    const db = { query: async () => { calls++; if (calls === 1) throw new Error('connection lost'); return { rows: [{ v: 'ok' }], rowCount: 1 }; } } as unknown as Queryable;
    const version = new DataVersion(db);
    await expect(version.current()).rejects.toThrow('connection lost');
    expect(await version.current()).toBe('ok');
  });
});

const serverUp = await postgresAvailable();
describe.each(TEST_DATABASE_KINDS)('DataVersion on %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let t: TestDatabase;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind, { migrate: false });
    await t.db.exec('CREATE TABLE version_probe (n integer)');
  });
  afterAll(async () => t?.dispose());

  run('is unchanged by reads and changed by every committed write', async () => {
    const version = new DataVersion(t.db);
    const before = await version.current();
    await t.db.query('SELECT count(*) FROM version_probe');
    expect(await version.current()).toBe(before);
    await t.db.query('INSERT INTO version_probe VALUES (1)');
    const afterInsert = await version.current();
    expect(afterInsert).not.toBe(before);
    await t.db.transaction(async (tx) => {
      await tx.query('UPDATE version_probe SET n = 2');
    });
    expect(await version.current()).not.toBe(afterInsert);
  });

  // PGlite has one connection: nothing reads beside an open transaction there.
  (kind === 'postgres' && serverUp ? it : it.skip)('a write in progress when the version is read changes it when it commits', async () => {
    const version = new DataVersion(t.db);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const wrote = new Promise<void>((r) => (inserted = r));
    const writer = t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO version_probe VALUES (3)');
      inserted();
      await held;
    });
    await wrote;
    const during = await version.current();
    release();
    await writer;
    expect(await version.current()).not.toBe(during);
  });
});
