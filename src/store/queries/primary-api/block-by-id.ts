import { KEY_LOOKUP, type Queryable } from '../../database/database.js';

/** The height of a P- or X-chain block by its id (the Data API's blockHash), if stored. */
export async function primaryBlockHeightOf(db: Queryable, chain: number, blockId: Uint8Array): Promise<bigint | undefined> {
  const { rows } = await db.query<{ height: string }>('SELECT height FROM primary_blocks WHERE chain = $1 AND block_id = $2', [chain, Buffer.from(blockId)], KEY_LOOKUP);
  return rows[0] ? BigInt(rows[0].height) : undefined;
}
