import type { PgDatabase } from '../../src/store/database/pg-database.js';
import { declareWriteChain } from '../../src/store/data-versions.js';

/** Stops the commits and tells how many were made while the load ran. */
export interface ChainCommits {
  stop(): Promise<{ commits: number }>;
}

/**
 * Commits a transaction shaped like the indexer's commit of one EVM block every `intervalMs`: the chain declared, its
 * newest block row written and its checkpoint touched. Values are written back unchanged, so the dataset stays as it
 * is, but to the Data API it is a new block: every kept answer that reads the chain is built again.
 */
export function startChainCommits(db: PgDatabase, chain: number, intervalMs: number): ChainCommits {
  let commits = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const commit = () =>
    db.transaction(async (tx) => {
      await declareWriteChain(tx, chain);
      await tx.query('UPDATE evm_blocks SET gas_used = gas_used WHERE chain = $1 AND number = (SELECT max(number) FROM evm_blocks WHERE chain = $1)', [chain]);
      await tx.query(`UPDATE checkpoints SET updated_at = now() WHERE chain = $1 AND stream = 'blocks'`, [chain]);
    });
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(commit).then(() => void commits++);
  }, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      return { commits };
    },
  };
}
