import type { Queryable } from '../../database/database.js';
import { bytes } from '../evm/rows.js';

/**
 * VM ids of blockchains as their CreateChainTx (or the genesis) declared them, from the P-chain index of the
 * same network; keyed by the blockchain id's hex. Chains whose P-chain is not indexed are absent.
 */
export async function blockchainVmIds(db: Queryable, network: number, blockchainIds: readonly Uint8Array[]): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  if (blockchainIds.length === 0) return out;
  const { rows } = await db.query(
    `SELECT b.blockchain_id, b.vm_id FROM primary_blockchains b JOIN chains c ON c.id = b.chain
     WHERE c.network = $1 AND b.blockchain_id = ANY($2::bytea[])`,
    [network, blockchainIds.map((b) => Buffer.from(b))],
  );
  for (const r of rows) out.set(Buffer.from(bytes(r.blockchain_id)).toString('hex'), bytes(r.vm_id));
  return out;
}
