import type { Queryable } from './database/database.js';

/** A network Firn indexes. */
export interface NetworkRef {
  id: number;
  name: string;
  networkId: number;
  hrp: string;
  isTestnet: boolean;
  avaxAssetId: Uint8Array;
}

export type ChainVm = 'platform' | 'avm' | 'evm';

/** A chain Firn indexes; `id` is the store's key for it (every chain-scoped table has a `chain` column). */
export interface ChainRef {
  id: number;
  network: NetworkRef;
  blockchainId: Uint8Array;
  subnetId: Uint8Array;
  vm: ChainVm;
  evmChainId?: bigint;
  name: string;
  rpcUrl?: string;
  wsUrl?: string;
}

type NetworkRow = { id: number; name: string; network_id: number; hrp: string; is_testnet: boolean; avax_asset_id: Uint8Array };
type ChainRow = {
  id: number; network: number; blockchain_id: Uint8Array; subnet_id: Uint8Array; vm: ChainVm;
  evm_chain_id: string | null; name: string; rpc_url: string | null; ws_url: string | null;
};

function networkFromRow(row: NetworkRow): NetworkRef {
  return { id: row.id, name: row.name, networkId: row.network_id, hrp: row.hrp, isTestnet: row.is_testnet, avaxAssetId: new Uint8Array(row.avax_asset_id) };
}

function chainFromRow(row: ChainRow, network: NetworkRef): ChainRef {
  return {
    id: row.id,
    network,
    blockchainId: new Uint8Array(row.blockchain_id),
    subnetId: new Uint8Array(row.subnet_id),
    vm: row.vm,
    ...(row.evm_chain_id !== null ? { evmChainId: BigInt(row.evm_chain_id) } : {}),
    name: row.name,
    ...(row.rpc_url !== null ? { rpcUrl: row.rpc_url } : {}),
    ...(row.ws_url !== null ? { wsUrl: row.ws_url } : {}),
  };
}

/** Insert the network, or check that the stored one with that name is the same network. */
export async function ensureNetwork(db: Queryable, network: Omit<NetworkRef, 'id'>): Promise<NetworkRef> {
  await db.query(
    `INSERT INTO networks (name, network_id, hrp, is_testnet, avax_asset_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) DO NOTHING`,
    [network.name, network.networkId, network.hrp, network.isTestnet, network.avaxAssetId],
  );
  const { rows } = await db.query<NetworkRow>('SELECT * FROM networks WHERE name = $1', [network.name]);
  const stored = networkFromRow(rows[0]!);
  if (stored.networkId !== network.networkId || Buffer.compare(stored.avaxAssetId, network.avaxAssetId) !== 0) {
    throw new Error(
      `the store already holds a network named ${network.name} with network id ${stored.networkId}; ` +
        `this node is on network ${network.networkId} (a devnet that was reset?). Use another database or another network name.`,
    );
  }
  return stored;
}

/** Insert the chain (or update its URLs), returning its store id. */
export async function ensureChain(db: Queryable, chain: Omit<ChainRef, 'id'>): Promise<ChainRef> {
  const { rows } = await db.query<ChainRow>(
    `INSERT INTO chains (network, blockchain_id, subnet_id, vm, evm_chain_id, name, rpc_url, ws_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (network, blockchain_id) DO UPDATE SET rpc_url = EXCLUDED.rpc_url, ws_url = EXCLUDED.ws_url, name = EXCLUDED.name
     RETURNING *`,
    [chain.network.id, chain.blockchainId, chain.subnetId, chain.vm, chain.evmChainId ?? null, chain.name, chain.rpcUrl ?? null, chain.wsUrl ?? null],
  );
  return chainFromRow(rows[0]!, chain.network);
}

/** Every network and chain in the store. */
export async function listChains(db: Queryable): Promise<ChainRef[]> {
  const networks = new Map((await db.query<NetworkRow>('SELECT * FROM networks')).rows.map((r) => [r.id, networkFromRow(r)]));
  const { rows } = await db.query<ChainRow>('SELECT * FROM chains ORDER BY id');
  return rows.map((row) => chainFromRow(row, networks.get(row.network)!));
}

export async function listNetworks(db: Queryable): Promise<NetworkRef[]> {
  return (await db.query<NetworkRow>('SELECT * FROM networks ORDER BY id')).rows.map(networkFromRow);
}
