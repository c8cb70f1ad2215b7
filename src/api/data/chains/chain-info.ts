import { idToString } from '../../../lib/cb58.js';
import { EVM_ID_STRING } from '../../../lib/networks.js';
import type { ChainRef } from '../../../store/registry.js';
import { isCChain, type ChainStatus } from './chain-directory.js';

/** The Data API's ApiFeature values. */
export const API_FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const;
export type ApiFeature = (typeof API_FEATURES)[number];

/**
 * What Firn indexes for every EVM chain: NFTs with their metadata, and Teleporter (ICM) messages.
 * Webhooks are not offered.
 */
export const DEFAULT_FEATURES: readonly ApiFeature[] = ['nftIndexing', 'teleporter'];

export interface NetworkTokenWire {
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  description?: string;
}

/**
 * How an operator presents a chain, beyond what the index knows (its token's name, public URLs, logos).
 * Configured per chain, keyed by EVM chain id or blockchain id.
 */
export interface ChainPresentation {
  chainName?: string;
  description?: string;
  explorerUrl?: string;
  /** Public RPC URLs; default: the URLs the indexer reached the node at. */
  rpcUrl?: string;
  wsUrl?: string;
  chainLogoUri?: string;
  networkToken?: NetworkTokenWire;
  utilityAddresses?: { multicall?: string };
  private?: boolean;
  enabledFeatures?: ApiFeature[];
}

/** ChainInfo / GetChainResponse (glacier.json). */
export interface ChainInfoWire {
  chainId: string;
  status: ChainStatus;
  chainName: string;
  description: string;
  platformChainId: string;
  subnetId: string;
  vmId?: string;
  vmName: 'EVM';
  explorerUrl?: string;
  rpcUrl: string;
  wsUrl?: string;
  isTestnet: boolean;
  utilityAddresses?: { multicall?: string };
  networkToken: NetworkTokenWire;
  chainLogoUri?: string;
  private: boolean;
  enabledFeatures: ApiFeature[];
}

export const AVAX_TOKEN: NetworkTokenWire = {
  name: 'Avalanche',
  symbol: 'AVAX',
  decimals: 18,
  description: 'AVAX is the native token of the Avalanche primary network: it pays the C-Chain\'s gas and secures the network by staking.',
};

/**
 * The native token of an EVM chain: AVAX on the C-chain; on an L1 the configured token, else a token named
 * after the chain (its symbol is not on chain). The EVM's native token always has 18 decimals.
 */
export function networkTokenOf(chain: ChainRef, presentation?: ChainPresentation): NetworkTokenWire {
  if (presentation?.networkToken) return presentation.networkToken;
  if (isCChain(chain)) return AVAX_TOKEN;
  return { name: `${chain.name} native token`, symbol: 'NATIVE', decimals: 18 };
}

function titleCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The C-chain as the real service names it on mainnet, with the network's name elsewhere. */
export function defaultChainName(chain: ChainRef): string {
  if (!isCChain(chain)) return chain.name;
  return chain.network.name === 'mainnet' ? 'Avalanche (C-Chain)' : `Avalanche ${titleCase(chain.network.name)} (C-Chain)`;
}

function defaultDescription(chain: ChainRef): string {
  if (isCChain(chain)) return `The Contract Chain (C-Chain) of the Avalanche primary network on ${chain.network.name}, indexed by Firn.`;
  return `${chain.name}, an EVM chain of subnet ${idToString(chain.subnetId)} on ${chain.network.name}, indexed by Firn.`;
}

/**
 * ChainInfo of an indexed EVM chain. `vmId` comes from the P-chain index when it has the chain's
 * CreateChainTx; the C-chain's is always coreth's.
 */
export function chainInfoOf(chain: ChainRef, status: ChainStatus, options: { presentation?: ChainPresentation; vmId?: Uint8Array; features?: readonly ApiFeature[] } = {}): ChainInfoWire {
  const p = options.presentation ?? {};
  const vmId = options.vmId ? idToString(options.vmId) : isCChain(chain) ? EVM_ID_STRING : undefined;
  const wsUrl = p.wsUrl ?? chain.wsUrl;
  return {
    chainId: (chain.evmChainId ?? 0n).toString(),
    status,
    chainName: p.chainName ?? defaultChainName(chain),
    description: p.description ?? defaultDescription(chain),
    platformChainId: idToString(chain.blockchainId),
    subnetId: idToString(chain.subnetId),
    ...(vmId ? { vmId } : {}),
    vmName: 'EVM',
    ...(p.explorerUrl ? { explorerUrl: p.explorerUrl } : {}),
    rpcUrl: p.rpcUrl ?? chain.rpcUrl ?? '',
    ...(wsUrl ? { wsUrl } : {}),
    isTestnet: chain.network.isTestnet,
    ...(p.utilityAddresses ? { utilityAddresses: p.utilityAddresses } : {}),
    networkToken: networkTokenOf(chain, p),
    ...(p.chainLogoUri ? { chainLogoUri: p.chainLogoUri } : {}),
    private: p.private ?? false,
    enabledFeatures: [...(p.enabledFeatures ?? options.features ?? DEFAULT_FEATURES)],
  };
}

/** The presentation configured for a chain: by its EVM chain id or its blockchain id. */
export function presentationOf(chain: ChainRef, presentations: Record<string, ChainPresentation> | undefined): ChainPresentation | undefined {
  if (!presentations) return undefined;
  return (chain.evmChainId !== undefined ? presentations[chain.evmChainId.toString()] : undefined) ?? presentations[idToString(chain.blockchainId)];
}

/** The operator's presentation of the chains (configuration of the Data API). */
export interface DataApiPresentation {
  /** Per chain, keyed by EVM chain id or blockchain id. */
  chains?: Record<string, ChainPresentation>;
  /** Features every chain reports unless its presentation says otherwise (default DEFAULT_FEATURES). */
  enabledFeatures?: ApiFeature[];
}
