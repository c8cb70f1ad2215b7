import type { FastifyInstance } from 'fastify';
import { listXChainVertices } from '../../../../store/queries/primary/blocks.js';
import type { DataApiContext } from '../../index.js';
import { resolveBlockchainId } from '../networks/blockchain-id.js';
import { resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { networkParams, PAGE_TOKEN, pageSize, X_CHAIN_ID_PARAM } from '../schemas/params.js';
import { vertexWire } from '../wire/primary-block.js';

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/vertices (listLatestXChainVertices): the X-chain's
 * pre-Cortina vertices, newest first. A network that started after Cortina has none: the list is empty.
 */
export function listVerticesRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string; blockchainId: string }; Querystring: { pageToken?: string; pageSize: number } }>('/v1/networks/:network/blockchains/:blockchainId/vertices', {
    schema: {
      operationId: 'listLatestXChainVertices',
      summary: 'List vertices',
      description: 'Lists latest vertices on the X-Chain (the DAG it ran before the Cortina upgrade; empty on networks that never had one).',
      tags: ['Primary Network Vertices'],
      params: networkParams({ blockchainId: X_CHAIN_ID_PARAM }),
      querystring: { type: 'object', properties: { pageToken: PAGE_TOKEN, pageSize: pageSize() } },
      response: { 200: { $ref: 'ListXChainVerticesResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request) => {
    const net = await resolveNetwork(ctx, request.params.network);
    const chain = await resolveBlockchainId(ctx, net, request.params.blockchainId, ['X']);
    const page = openCursor<string>(request);
    const result = await listXChainVertices(ctx.db, { chain: chain.chain.id, pageSize: page.pageSize, ...(page.cursor !== undefined ? { cursor: BigInt(page.cursor) } : {}) });
    return {
      vertices: result.items.map(vertexWire),
      chainInfo: { chainName: chain.chainName, network: net.wireName },
      ...nextPageToken(page, result.next, (index: bigint) => index.toString()),
    };
  });
}
