import type { FastifyInstance } from 'fastify';
import { idToString } from '../../../lib/cb58.js';
import { listMetricsChains, type MetricsChain } from '../../../store/queries/metrics/chain-scope.js';
import { NotFoundError } from '../../http/errors/http-errors.js';
import { openMetricsPage, type MetricsContext } from '../metrics-context.js';
import { NETWORK_PARAM } from '../schemas.js';

const PAGE_SIZE = 10_000;

/** The alias the real service shows (`c_chain`, `dfk`, ...): the chain's name in snake case. */
export function chainAlias(name: string): string {
  const alias = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return alias === 'c' ? 'c_chain' : alias;
}

export function chainBody(c: MetricsChain) {
  return {
    evmChainId: Number(c.evmChainId),
    chainName: chainAlias(c.name),
    blockchainId: idToString(c.blockchainId),
    subnetId: idToString(c.subnetId),
    network: c.isTestnet ? 'testnet' : 'mainnet',
  };
}

/** GET /v2/chains and /v2/chains/{chainId}: the EVM chains this service measures. */
export async function chainRoutes(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  app.get<{ Querystring: { pageToken?: string; network?: 'mainnet' | 'fuji' | 'testnet' } }>('/v2/chains', {
    schema: {
      operationId: 'listChains',
      summary: 'Get a list of supported blockchains',
      description: 'Get a list of Metrics API supported blockchains. This endpoint is paginated and supports a maximum page size of 10000.',
      tags: ['EVM Chains'],
      querystring: { type: 'object', properties: { pageToken: { type: 'string' }, network: NETWORK_PARAM } },
      response: { 200: { $ref: 'ListChainsResponse#' } },
    },
    config: { weight: 'free' },
  }, async (request) => {
    const page = openMetricsPage(request, ctx);
    const network = request.query.network;
    const chains = await listMetricsChains(ctx.db, network === undefined ? undefined : network !== 'mainnet');
    const offset = page.cursor ?? 0;
    const slice = chains.slice(offset, offset + PAGE_SIZE);
    return {
      chains: slice.map(chainBody),
      ...(offset + PAGE_SIZE < chains.length ? { nextPageToken: page.issue(offset + PAGE_SIZE) } : {}),
    };
  });

  app.get<{ Params: { chainId: string } }>('/v2/chains/:chainId', {
    schema: {
      operationId: 'getChain',
      summary: 'Get chain information for supported blockchain',
      description: 'Get chain information for Metrics API supported blockchain.',
      tags: ['EVM Chains'],
      params: { type: 'object', properties: { chainId: { type: 'string', description: 'chainId of the blockchain' } }, required: ['chainId'] },
      response: { 200: { $ref: 'Chain#' } },
    },
    config: { weight: 'free' },
  }, async (request) => {
    const { chainId } = request.params;
    const chain = /^[0-9]{1,19}$/.test(chainId) ? (await listMetricsChains(ctx.db)).find((c) => c.evmChainId === BigInt(chainId)) : undefined;
    if (!chain) throw new NotFoundError(`Chain ${chainId} is not indexed by this Metrics API`);
    return chainBody(chain);
  });
}
