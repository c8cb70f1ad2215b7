import type { Queryable } from '../../database/database.js';

/** The P-chain genesis time as the first batch stored it (the primary network's subnet row, created by the genesis). */
export async function storedGenesisTime(db: Queryable, chain: number): Promise<bigint> {
  const { rows } = await db.query<{ block_timestamp: string }>(
    'SELECT block_timestamp FROM primary_subnets WHERE chain = $1 AND subnet_id = $2 AND block_height = 0', [chain, new Uint8Array(32)]);
  if (!rows[0]) throw new Error(`the P-chain genesis of chain ${chain} is not in the store: its first batch was never written`);
  return BigInt(rows[0].block_timestamp);
}
