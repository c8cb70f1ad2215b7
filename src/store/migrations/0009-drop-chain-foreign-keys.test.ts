import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../testing.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('migration 9 on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  run('leaves a foreign key to chains only on checkpoints and gaps', async () => {
    const { rows } = await t.db.query<{ tbl: string }>(
      `SELECT conrelid::regclass::text AS tbl FROM pg_constraint WHERE contype = 'f' AND confrelid = 'chains'::regclass ORDER BY 1`,
    );
    expect(rows.map((r) => r.tbl)).toEqual(['checkpoints', 'gaps']);
    const { rows: withChain } = await t.db.query<{ n: string }>(
      `SELECT count(DISTINCT table_name) AS n FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'chain'`,
    );
    expect(Number(withChain[0]!.n)).toBeGreaterThan(25);
  });
});
