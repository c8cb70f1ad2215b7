import type { FastifyInstance } from 'fastify';
import type { DataApiContext } from '../index.js';
import { loadChainInfos } from './load-chain-info.js';
import { CHAIN_ID_PARAM } from './schemas.js';

/** GET /v1/chains/{chainId} (getChainInfo): one indexed EVM chain, with its status (200 even when UNAVAILABLE). */
export function getChainRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { chainId: string } }>('/v1/chains/:chainId', {
    schema: {
      operationId: 'getChainInfo',
      summary: 'Get chain information',
      description: 'Gets chain information for an EVM-compatible chain this server indexes.',
      tags: ['EVM Chains'],
      params: { type: 'object', properties: { chainId: CHAIN_ID_PARAM }, required: ['chainId'] },
      response: { 200: { $ref: 'GetChainResponse#' } },
    },
    config: { weight: 'free', responseCache: 'data' },
  }, async (request) => {
    const chain = await ctx.chains.evmChain(request.params.chainId);
    const [info] = await loadChainInfos(ctx, [chain]);
    return info!;
  });
}
