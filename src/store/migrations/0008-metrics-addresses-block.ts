import type { Migration } from './migration.js';

/**
 * The rollup writer keeps changed metrics_addresses rows in memory and writes them in large, infrequent batches
 * (most of the rollups' cost was rewriting an address row each hour it was active). `addresses_block` is the last
 * block those rows reflect; the rows of later blocks are rebuilt from the stored transactions when a writer starts.
 * NULL (rows written before this migration) means the rows are as current as `block_number`.
 */
export const metricsAddressesBlock: Migration = {
  id: 8,
  name: 'metrics-addresses-block',
  sql: `
ALTER TABLE metrics_watermarks ADD COLUMN addresses_block bigint;
`,
};
