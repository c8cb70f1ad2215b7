import type { Migration } from './migration.js';

/**
 * Indexes the Data API's validator queries need on a full P-chain (found by `npm run bench:data-api`):
 * - the validations in page order, so a listValidators page walks 101 index entries instead of sorting every
 *   validation ever made (the predicate is the query's `kind IN (…)` word for word, so the planner can use it);
 * - the delegations of a node on a subnet with what the per-validator totals read (weight, end), so those
 *   totals come from index-only scans;
 * - the open stakers of a subnet with their weight, for the active-stake sums (totalActiveStake, stake percentages).
 */
export const apiIndexes: Migration = {
  id: 5,
  name: 'api-indexes',
  sql: `
CREATE INDEX primary_stakers_validations ON primary_stakers (chain, block_height, tx_index)
  WHERE kind IN ('validator', 'subnet-validator', 'auto-renewed-validator');
CREATE INDEX primary_stakers_delegations ON primary_stakers (chain, node_id, subnet_id, start_time)
  INCLUDE (end_time, weight, end_kind) WHERE kind = 'delegator';
CREATE INDEX primary_stakers_open_stake ON primary_stakers (chain, subnet_id, start_time)
  INCLUDE (kind, end_time, weight) WHERE end_kind IS NULL;
`,
};
