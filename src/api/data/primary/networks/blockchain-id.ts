import { cb58Decode } from '../../../../lib/cb58.js';
import type { ChainRef } from '../../../../store/registry.js';
import { BadRequestError, ServiceUnavailableError } from '../../../http/errors/http-errors.js';
import { cb58 } from '../wire/format.js';
import type { DataApiContext } from '../../index.js';
import type { ResolvedNetwork } from './resolve-network.js';

export type PrimaryRole = 'P' | 'X' | 'C';
export type PrimaryChainName = 'p-chain' | 'x-chain' | 'c-chain';

export const CHAIN_NAMES: Record<PrimaryRole, PrimaryChainName> = { P: 'p-chain', X: 'x-chain', C: 'c-chain' };

/** The real networks' primary chain ids (glacier.json BlockchainId), so code written for them runs against an aliased devnet. */
const REAL_IDS: Record<'mainnet' | 'fuji', Record<PrimaryRole, string>> = {
  mainnet: { P: '11111111111111111111111111111111LpoYY', X: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', C: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5' },
  fuji: { P: '11111111111111111111111111111111LpoYY', X: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', C: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp' },
};

export interface ResolvedChain {
  role: PrimaryRole;
  chain: ChainRef;
  chainName: PrimaryChainName;
}

/**
 * Resolves the `blockchainId` path parameter to the network's P-, X- or C-chain: an alias (`p-chain`, `x-chain`,
 * `c-chain`), the chain's cb58 id, or — when the request names mainnet or Fuji — that network's published id.
 * Another value is a 400 listing the accepted ones; a chain the store does not index (or has no block of yet)
 * is a 503 (ChainStatus UNAVAILABLE).
 */
export async function resolveBlockchainId(ctx: DataApiContext, net: ResolvedNetwork, text: string, allowed: readonly PrimaryRole[] = ['P', 'X', 'C']): Promise<ResolvedChain> {
  const role = roleOf(net, text);
  if (!role || !allowed.includes(role)) throw new BadRequestError(`blockchainId must be one of the following values: ${acceptedValues(net, allowed).join(', ')}`);
  const chain = net.primary[role];
  const chainName = CHAIN_NAMES[role];
  if (!chain) throw ServiceUnavailableError.chain(chainName, `this server does not index the ${role}-chain of network ${net.requested}`);
  await ctx.chains.requireAvailable(chain, chainName);
  return { role, chain, chainName };
}

function roleOf(net: ResolvedNetwork, text: string): PrimaryRole | undefined {
  const alias = (Object.entries(CHAIN_NAMES) as [PrimaryRole, string][]).find(([, name]) => name === text.toLowerCase());
  if (alias) return alias[0];
  let id: Uint8Array;
  try {
    id = cb58Decode(text);
  } catch {
    return undefined;
  }
  if (id.length !== 32) return undefined;
  const idText = cb58(id);
  for (const role of ['P', 'X', 'C'] as const) {
    const chain = net.primary[role];
    if (chain && Buffer.from(chain.blockchainId).equals(Buffer.from(id))) return role;
  }
  const real = realIdsFor(net.requested);
  if (real) for (const role of ['P', 'X', 'C'] as const) if (real[role] === idText) return role;
  return undefined;
}

function realIdsFor(requested: string): Record<PrimaryRole, string> | undefined {
  if (requested === 'mainnet') return REAL_IDS.mainnet;
  if (requested === 'fuji' || requested === 'testnet') return REAL_IDS.fuji;
  return undefined;
}

function acceptedValues(net: ResolvedNetwork, allowed: readonly PrimaryRole[]): string[] {
  const values: string[] = [];
  for (const role of allowed) {
    values.push(CHAIN_NAMES[role]);
    const chain = net.primary[role];
    if (chain) values.push(cb58(chain.blockchainId));
    const real = realIdsFor(net.requested)?.[role];
    if (real && !values.includes(real)) values.push(real);
  }
  return values;
}
