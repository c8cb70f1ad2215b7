import type { Queryable } from '../../database/database.js';

/** The Metrics API's `Network` parameter: mainnet, or the test networks (`fuji` and `testnet` alike). */
export type MetricsNetwork = 'mainnet' | 'fuji' | 'testnet';

/** The indexed P-chains of a network: mainnet's, or every test network's (Fuji, a local devnet, ...). */
export async function platformChainsOf(db: Queryable, network: MetricsNetwork): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT c.id FROM chains c JOIN networks n ON n.id = c.network WHERE c.vm = 'platform' AND n.is_testnet = $1 ORDER BY c.id`,
    [network !== 'mainnet'],
  );
  return rows.map((r) => r.id);
}

/** A blockchain created on a P-chain (or in its genesis). */
export interface PlatformBlockchain {
  blockchainId: Uint8Array;
  subnetId: Uint8Array;
  vmId: Uint8Array;
  name: string;
  evmChainId?: bigint;
  /** When the CreateChainTx was accepted (the genesis time for genesis chains). */
  timestamp: number;
}

/** Blockchains the given P-chains created, optionally of one subnet, oldest first. */
export async function blockchainsOf(db: Queryable, pChains: readonly number[], subnetId?: Uint8Array): Promise<PlatformBlockchain[]> {
  const { rows } = await db.query<{ blockchain_id: Uint8Array; subnet_id: Uint8Array; vm_id: Uint8Array; name: string; evm_chain_id: string | null; block_timestamp: string }>(
    `SELECT blockchain_id, subnet_id, vm_id, name, evm_chain_id, block_timestamp FROM primary_blockchains
     WHERE chain = ANY($1::integer[]) AND ($2::bytea IS NULL OR subnet_id = $2)
     ORDER BY block_height, blockchain_id`,
    [pChains, subnetId ? Buffer.from(subnetId) : null],
  );
  return rows.map((r) => ({
    blockchainId: new Uint8Array(r.blockchain_id),
    subnetId: new Uint8Array(r.subnet_id),
    vmId: new Uint8Array(r.vm_id),
    name: r.name,
    ...(r.evm_chain_id !== null ? { evmChainId: BigInt(r.evm_chain_id) } : {}),
    timestamp: Number(r.block_timestamp),
  }));
}
