import type { Migration } from './migration.js';

/**
 * Transactions and blocks are looked up by their 32-byte hash only for equality, so the indexes on `hash` become hash
 * indexes. A B-tree over random 32-byte keys makes every inserted row descend the tree comparing byte strings (the
 * benchmark backfill's PostgreSQL profile led with `_bt_compare`); a hash index stores a 4-byte hash code per row and
 * compares no byte strings on insert (only 4-byte codes, within a bucket). Lookups (`hash = $1`, and `hash = ANY($1)` through a bitmap scan) use it as before.
 * Hash indexes are WAL-logged and crash-safe since PostgreSQL 10. Measured: docs/architecture.md, "The store".
 */
export const hashLookupIndexes: Migration = {
  id: 11,
  name: 'hash-lookup-indexes',
  sql: `
DROP INDEX evm_transactions_hash;
CREATE INDEX evm_transactions_hash ON evm_transactions USING hash (hash);
DROP INDEX evm_blocks_hash;
CREATE INDEX evm_blocks_hash ON evm_blocks USING hash (hash);
`,
};
