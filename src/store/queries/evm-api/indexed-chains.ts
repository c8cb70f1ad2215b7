import type { Queryable } from '../../database/database.js';

/** The stream whose checkpoint says a chain has indexed blocks (every stage's block stream is named so). */
const BLOCKS_STREAM = 'blocks';

/** Store ids of the chains with at least one indexed block: the chains whose data the APIs can serve. */
export async function chainsWithIndexedBlocks(db: Queryable): Promise<Set<number>> {
  const { rows } = await db.query<{ chain: number }>('SELECT chain FROM checkpoints WHERE stream = $1', [BLOCKS_STREAM]);
  return new Set(rows.map((r) => Number(r.chain)));
}

/** Whether the chain has at least one indexed block. */
export async function chainHasIndexedBlocks(db: Queryable, chain: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM checkpoints WHERE chain = $1 AND stream = $2', [chain, BLOCKS_STREAM]);
  return rows.length > 0;
}
