import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../testing.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('migration 11 on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  run('indexes transaction and block hashes with hash indexes', async () => {
    const { rows } = await t.db.query<{ name: string; method: string }>(
      `SELECT c.relname AS name, am.amname AS method FROM pg_class c JOIN pg_am am ON am.oid = c.relam
       WHERE c.relname IN ('evm_transactions_hash', 'evm_blocks_hash') ORDER BY 1`,
    );
    expect(rows).toEqual([{ name: 'evm_blocks_hash', method: 'hash' }, { name: 'evm_transactions_hash', method: 'hash' }]);
  });
});
