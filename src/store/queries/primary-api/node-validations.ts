import type { Queryable } from '../../database/database.js';

/** Whether a node ever validated (any subnet) on this P-chain, by the store. */
export async function nodeHasValidations(db: Queryable, chain: number, nodeId: Uint8Array): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM primary_stakers WHERE chain = $1 AND node_id = $2 AND kind IN ('validator', 'subnet-validator', 'auto-renewed-validator') LIMIT 1`,
    [chain, Buffer.from(nodeId)],
  );
  return rows.length > 0;
}
