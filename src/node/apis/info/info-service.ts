import type { RpcService } from '../../server/avalanche-rpc.js';
import type { RpcArgs } from '../../server/rpc-args.js';

/** What the info service reads from the node. */
export interface InfoSource {
  networkId: number;
  networkName: string;
  nodeId: string;
  nodePop: { publicKey: string; proofOfPossession: string };
  nodeIp: string;
  version: { version: string; databaseVersion: string; rpcProtocolVersion: number; gitCommit: string; vmVersions: Record<string, string> };
  txFees: Record<string, bigint>;
  /** Resolves an alias or id to a chain id string; throws when unknown. */
  lookupChain(aliasOrId: string): string | undefined;
  isBootstrapped(chainId: string): boolean;
  peers(): PeerInfo[];
  upgrades: Record<string, unknown>;
  vms(): Record<string, string[]>;
}

export interface PeerInfo {
  ip: string;
  publicIP: string;
  nodeID: string;
  version: string;
  lastSent: string;
  lastReceived: string;
  observedUptime: string;
  trackedSubnets: string[];
  supportedACPs: number[];
  objectedACPs: number[];
  benched: string[];
}

/** `info.*` at /ext/info: the methods wallets and tools call first (AvalancheGo api/info). */
export function createInfoService(src: InfoSource): RpcService {
  return {
    name: 'info',
    methods: {
      getNetworkID: () => ({ networkID: String(src.networkId) }),
      getNetworkName: () => ({ networkName: src.networkName }),
      getBlockchainID: (args: RpcArgs) => {
        const alias = args.string('alias');
        const id = src.lookupChain(alias);
        if (!id) throw new Error(`there is no ID with alias: ${alias}`);
        return { blockchainID: id };
      },
      getNodeID: () => ({ nodeID: src.nodeId, nodePOP: src.nodePop }),
      getNodeIP: () => ({ ip: src.nodeIp }),
      getNodeVersion: () => ({
        version: src.version.version,
        databaseVersion: src.version.databaseVersion,
        rpcProtocolVersion: String(src.version.rpcProtocolVersion),
        gitCommit: src.version.gitCommit,
        vmVersions: src.version.vmVersions,
      }),
      isBootstrapped: (args: RpcArgs) => {
        const chain = args.string('chain');
        if (chain === '') throw new Error("argument 'chain' not given");
        const id = src.lookupChain(chain);
        if (!id) throw new Error(`there is no chain with alias/ID '${chain}'`);
        return { isBootstrapped: src.isBootstrapped(id) };
      },
      getTxFee: () => Object.fromEntries(Object.entries(src.txFees).map(([k, v]) => [k, v.toString()])),
      peers: (args: RpcArgs) => {
        const filter = args.stringArray('nodeIDs');
        const all = src.peers();
        const peers = filter && filter.length > 0 ? all.filter((p) => filter.includes(p.nodeID)) : all;
        return { numPeers: String(peers.length), peers };
      },
      // Every validator is in this process and online, so uptime is full.
      uptime: () => ({ rewardingStakePercentage: '100.0000', weightedAveragePercentage: '100.0000' }),
      upgrades: () => src.upgrades,
      acps: () => ({ acps: {} }),
      getVMs: () => ({ vms: src.vms(), fxs: { spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ: 'secp256k1fx', qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT: 'nftfx', rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy: 'propertyfx' } }),
    },
  };
}
