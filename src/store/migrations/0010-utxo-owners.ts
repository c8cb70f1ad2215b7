import type { Migration } from './migration.js';

/**
 * Each UTXO's owners with the UTXO: their 20-byte short ids, sorted and concatenated. A page of transactions reads
 * them with its UTXOs instead of one lookup per UTXO in primary_utxo_owners (which stays, for address filters).
 * NULL in rows written before this column, and wherever an owner is not a 20-byte id: readers then take the owners
 * from primary_utxo_owners, so no backfill is needed.
 */
export const utxoOwners: Migration = {
  id: 10,
  name: 'utxo-owners',
  sql: `
ALTER TABLE primary_utxos ADD COLUMN owners bytea;
`,
};
