import type { FastifyInstance } from 'fastify';
import type { DataApiContext } from '../index.js';
import { API_FEATURES, type ApiFeature } from './chain-info.js';
import { loadChainInfos } from './load-chain-info.js';
import { NETWORK_QUERY } from './schemas.js';

interface Query {
  network?: string;
  feature?: ApiFeature;
}

/**
 * GET /v1/chains (supportedChains): the indexed EVM chains. `network` keeps one network's chains (a
 * network name that is not indexed here gives an empty list); `feature` keeps chains offering it.
 */
export function listChainsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Querystring: Query }>('/v1/chains', {
    schema: {
      operationId: 'supportedChains',
      summary: 'List chains',
      description: 'Lists the EVM-compatible chains this server indexes. Filterable by network and feature.',
      tags: ['EVM Chains'],
      querystring: {
        type: 'object',
        properties: {
          network: NETWORK_QUERY,
          feature: { type: 'string', enum: API_FEATURES, description: 'Filter by feature.' },
        },
      },
      response: { 200: { $ref: 'ListChainsResponse#' } },
    },
    config: { weight: 'free', responseCache: 'data' },
  }, async (request) => {
    const { network: networkName, feature } = request.query;
    let chains = (await ctx.chains.allChains()).filter((c) => c.vm === 'evm');
    if (networkName !== undefined) {
      const network = await ctx.chains.networkParam(networkName);
      chains = network ? chains.filter((c) => c.network.id === network.id) : [];
    }
    const infos = await loadChainInfos(ctx, chains);
    return { chains: feature ? infos.filter((c) => c.enabledFeatures.includes(feature)) : infos };
  });
}
