import type { Migration } from './migration.js';

/**
 * The P-chain's supply after each block (platform.getCurrentSupply's value at that height: it grows by the potential
 * reward of each staker that starts and shrinks when a reward is not paid). Null where the indexer could not
 * observe it exactly (blocks backfilled before a supply-changing block the node was not asked about).
 */
export const blockSupply: Migration = {
  id: 6,
  name: 'block-supply',
  sql: `
ALTER TABLE primary_blocks ADD COLUMN current_supply numeric(78,0);
`,
};
