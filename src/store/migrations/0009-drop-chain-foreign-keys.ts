import type { Migration } from './migration.js';

/**
 * The tables of indexed data (every table with a `chain` column except `checkpoints` and `gaps`) no longer carry a
 * foreign key to `chains`. PostgreSQL checks a foreign key for each inserted row with a query that also locks the
 * referenced row (FOR KEY SHARE); every row of a backfill names the same `chains` row, and the block and rollup
 * streams lock it from concurrent transactions. Measured on the indexer benchmark's chain (20,000 blocks, 10 txs
 * each, internal transactions and rollups off): PostgreSQL's CPU per 1,000 blocks 398 → 118–157 ms over seven runs
 * with this migration, the backfill 997 → 1,143–1,967 blocks/s (the slower runs shared the cores with a chain generator).
 *
 * Nothing is lost: only the indexer writes these tables, always with an id the registry made first
 * (`ensureChain`), and nothing deletes a chain. `checkpoints` and `gaps` keep theirs (a few rows per batch).
 */
export const dropChainForeignKeys: Migration = {
  id: 9,
  name: 'drop-chain-foreign-keys',
  sql: `
DO $$
DECLARE
  fk record;
BEGIN
  FOR fk IN
    SELECT conrelid::regclass AS tbl, conname
    FROM pg_constraint
    WHERE contype = 'f' AND confrelid = 'chains'::regclass AND conrelid NOT IN ('checkpoints'::regclass, 'gaps'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
  END LOOP;
END
$$;
`,
};
