import { idFromString } from '../../lib/cb58.js';
import { EVM_ID_STRING, networkHrp, networkName, SUBNET_EVM_ID_STRING, ZERO_ID_STRING } from '../../lib/networks.js';
import type { ChainRef, ChainVm, NetworkRef } from '../../store/registry.js';
import { JsonRpcClient, RpcError } from './json-rpc-client.js';

/** A chain a node serves that Firn can index. */
export type DiscoveredChain = Omit<ChainRef, 'id' | 'network'>;

export interface DiscoveredNode {
  network: Omit<NetworkRef, 'id'>;
  chains: DiscoveredChain[];
  /** Whether the node serves the index API (seed 001) for P and X blocks. */
  indexApi: { P: boolean; X: boolean };
}

const MAINNET_FUJI: Record<number, boolean> = { 1: false, 5: true };

/**
 * Ask an AvalancheGo-compatible node (Firn's devnet or a real AvalancheGo) what it is: network id and name,
 * AVAX asset, the P and X chains, and every EVM chain it runs (the C-chain and subnet-EVM L1s it tracks),
 * with their EVM chain ids. Everything over the node's public APIs.
 */
export async function discoverNode(nodeUrl: string, options: { networkName?: string } = {}): Promise<DiscoveredNode> {
  const base = nodeUrl.replace(/\/+$/, '');
  const info = new JsonRpcClient(`${base}/ext/info`);
  const platform = new JsonRpcClient(`${base}/ext/bc/P`);
  const { networkID } = await info.call<{ networkID: string }>('info.getNetworkID');
  const networkId = Number(networkID);
  const [{ blockchainID: xChainId }, { blockchainID: cChainId }, staking] = await Promise.all([
    info.call<{ blockchainID: string }>('info.getBlockchainID', { alias: 'X' }),
    info.call<{ blockchainID: string }>('info.getBlockchainID', { alias: 'C' }),
    platform.call<{ assetID: string }>('platform.getStakingAssetID', {}),
  ]);
  const { blockchains } = await platform.call<{ blockchains: PlatformBlockchain[] }>('platform.getBlockchains', {});
  const primary = idFromString(ZERO_ID_STRING);
  const chains: DiscoveredChain[] = [
    { blockchainId: primary, subnetId: primary, vm: 'platform', name: 'P' },
    { blockchainId: idFromString(xChainId), subnetId: primary, vm: 'avm', name: 'X' },
  ];
  const evmChains = blockchains.filter(isEvmChain);
  if (!evmChains.some((c) => c.id === cChainId)) evmChains.unshift({ id: cChainId, name: 'C-Chain', subnetID: ZERO_ID_STRING, vmID: EVM_ID_STRING });
  for (const chain of evmChains) {
    const evm = await probeEvmChain(base, chain, chain.id === cChainId);
    if (evm) chains.push(evm);
  }
  const indexApi = { P: await hasIndex(base, 'P'), X: await hasIndex(base, 'X') };
  return {
    network: {
      name: options.networkName ?? networkName(networkId),
      networkId,
      hrp: networkHrp(networkId),
      isTestnet: MAINNET_FUJI[networkId] ?? true,
      avaxAssetId: idFromString(staking.assetID),
    },
    chains,
    indexApi,
  };
}

/** A blockchain as platform.getBlockchains lists it. */
export interface PlatformBlockchain {
  id: string;
  name: string;
  subnetID: string;
  vmID: string;
}

/** Whether a P-chain blockchain runs an EVM Firn indexes (coreth or subnet-EVM). */
export function isEvmChain(chain: PlatformBlockchain): boolean {
  return chain.vmID === EVM_ID_STRING || chain.vmID === SUBNET_EVM_ID_STRING;
}

/**
 * The EVM chain a blockchain is, if the node serves it: its RPC answers eth_chainId. Undefined for a chain the
 * node knows of but does not run (not tracked, or not started yet: AvalancheGo starts a chain asynchronously).
 */
export async function probeEvmChain(base: string, chain: PlatformBlockchain, isC: boolean): Promise<DiscoveredChain | undefined> {
  const rpcUrl = `${base.replace(/\/+$/, '')}/ext/bc/${chain.id}/rpc`;
  let evmChainId: bigint;
  try {
    evmChainId = BigInt(await new JsonRpcClient(rpcUrl, { retries: 1 }).call<string>('eth_chainId'));
  } catch (error) {
    if (error instanceof RpcError || (error as Error).name === 'TransportError') return undefined;
    throw error;
  }
  return {
    blockchainId: idFromString(chain.id),
    subnetId: idFromString(chain.subnetID),
    vm: 'evm' satisfies ChainVm,
    evmChainId,
    name: isC ? 'C' : chain.name,
    rpcUrl,
    wsUrl: rpcUrl.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws'),
  };
}

async function hasIndex(base: string, chain: 'P' | 'X'): Promise<boolean> {
  try {
    await new JsonRpcClient(`${base}/ext/index/${chain}/block`, { retries: 0 }).call('index.getLastAccepted', { encoding: 'hex' });
    return true;
  } catch (error) {
    // An empty index answers an error too ("no containers"): the API is there.
    return error instanceof RpcError;
  }
}
