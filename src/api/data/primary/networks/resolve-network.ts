import type { ChainRef, NetworkRef } from '../../../../store/registry.js';
import { NotFoundError, ServiceUnavailableError } from '../../../http/errors/http-errors.js';
import { isCChain, PUBLIC_NETWORK_NAMES } from '../../chains/chain-directory.js';
import type { DataApiContext } from '../../index.js';

/** The `Network` values of the real service (glacier.json): what `chainInfo.network` may say. */
export type WireNetwork = (typeof PUBLIC_NETWORK_NAMES)[number];

/** The primary network's chains of one indexed network (absent: not indexed). */
export interface PrimaryChains {
  P?: ChainRef;
  X?: ChainRef;
  C?: ChainRef;
}

export interface ResolvedNetwork {
  /** The name the request used. */
  requested: string;
  network: NetworkRef;
  primary: PrimaryChains;
  /** The request's name when it is one of the real service's, else mainnet or testnet by the network's kind (the enum is closed). */
  wireName: WireNetwork;
}

/**
 * The network a `network` path parameter names (ChainDirectory: mainnet, fuji, testnet, every indexed
 * network's own name and configured aliases) with its primary chains. A name that is no network is a 400
 * (from the directory); a real network this server does not index is a 404 saying what it does index.
 */
export async function resolveNetwork(ctx: DataApiContext, requested: string): Promise<ResolvedNetwork> {
  const network = await ctx.chains.networkParam(requested);
  if (!network) {
    const indexed = [...new Set((await ctx.chains.allChains()).map((c) => c.network.name))];
    const where = indexed.length > 0 ? `it indexes ${indexed.join(', ')}` : 'it indexes no network yet';
    throw new NotFoundError(`Network ${requested} is not indexed by this server (${where}); an indexed network can answer to ${requested} when configured as its alias (networkAliases)`);
  }
  const chains = (await ctx.chains.allChains()).filter((c) => c.network.id === network.id);
  const primary: PrimaryChains = {};
  const P = chains.find((c) => c.vm === 'platform');
  const X = chains.find((c) => c.vm === 'avm');
  const C = chains.find(isCChain);
  if (P) primary.P = P;
  if (X) primary.X = X;
  if (C) primary.C = C;
  const wireName = (PUBLIC_NETWORK_NAMES as readonly string[]).includes(requested) ? (requested as WireNetwork) : network.isTestnet ? 'testnet' : 'mainnet';
  return { requested, network, primary, wireName };
}

/** The network's P-chain, once indexed (validators, delegators, subnets, L1 validators); a 503 before. */
export async function requirePChain(ctx: DataApiContext, net: ResolvedNetwork): Promise<ChainRef> {
  const P = net.primary.P;
  if (!P) throw ServiceUnavailableError.chain('p-chain', `this server does not index the P-chain of network ${net.requested}`);
  await ctx.chains.requireAvailable(P, 'p-chain');
  return P;
}
