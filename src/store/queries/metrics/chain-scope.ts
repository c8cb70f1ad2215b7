import type { Queryable } from '../../database/database.js';

/** An EVM chain the Metrics API measures. */
export interface MetricsChain {
  id: number;
  evmChainId: bigint;
  name: string;
  blockchainId: Uint8Array;
  subnetId: Uint8Array;
  networkName: string;
  isTestnet: boolean;
}

/** `total` (every EVM chain), `mainnet`, `testnet`, or one EVM chain id. */
export type ChainScopeName = 'total' | 'mainnet' | 'testnet';

type ChainRow = {
  id: number; evm_chain_id: string; name: string; blockchain_id: Uint8Array; subnet_id: Uint8Array; network_name: string; is_testnet: boolean;
};

function fromRow(r: ChainRow): MetricsChain {
  return {
    id: r.id,
    evmChainId: BigInt(r.evm_chain_id),
    name: r.name,
    blockchainId: new Uint8Array(r.blockchain_id),
    subnetId: new Uint8Array(r.subnet_id),
    networkName: r.network_name,
    isTestnet: r.is_testnet,
  };
}

/** EVM chains, optionally only those of mainnet (`false`) or of test networks (`true`), by EVM chain id. */
export async function listMetricsChains(db: Queryable, testnet?: boolean): Promise<MetricsChain[]> {
  const { rows } = await db.query<ChainRow>(
    `SELECT c.id, c.evm_chain_id, c.name, c.blockchain_id, c.subnet_id, n.name AS network_name, n.is_testnet
     FROM chains c JOIN networks n ON n.id = c.network
     WHERE c.vm = 'evm' AND c.evm_chain_id IS NOT NULL AND ($1::boolean IS NULL OR n.is_testnet = $1)
     ORDER BY c.evm_chain_id, c.id`,
    [testnet ?? null],
  );
  return rows.map(fromRow);
}

/**
 * The chains a `chainId` path parameter names, out of every EVM chain (`listMetricsChains(db)`): an EVM chain id
 * (every indexed chain with that id), or `total`, `mainnet`, `testnet`. Undefined when it names no indexed chain,
 * or is not a chain id at all.
 */
export function selectChainScope(all: readonly MetricsChain[], chainId: string): MetricsChain[] | undefined {
  if (chainId === 'total') return [...all];
  if (chainId === 'mainnet') return all.filter((c) => !c.isTestnet);
  if (chainId === 'testnet') return all.filter((c) => c.isTestnet);
  if (!/^[0-9]{1,19}$/.test(chainId)) return undefined;
  const wanted = BigInt(chainId);
  const chains = all.filter((c) => c.evmChainId === wanted);
  return chains.length > 0 ? chains : undefined;
}
