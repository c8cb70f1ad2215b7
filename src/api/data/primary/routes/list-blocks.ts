import type { FastifyInstance } from 'fastify';
import { listPrimaryBlocks } from '../../../../store/queries/primary/blocks.js';
import type { DataApiContext } from '../../index.js';
import { resolveBlockchainId } from '../networks/blockchain-id.js';
import { resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { BLOCKCHAIN_ID_PARAM, networkParams, PAGE_TOKEN, pageSize, TIMESTAMP } from '../schemas/params.js';
import { primaryBlockWire } from '../wire/primary-block.js';
import { checkTimeRange } from './list-transactions.js';

interface Query {
  startTimestamp?: number;
  endTimestamp?: number;
  pageToken?: string;
  pageSize: number;
}

/** GET /v1/networks/{network}/blockchains/{blockchainId}/blocks (listLatestPrimaryNetworkBlocks). */
export function listBlocksRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string; blockchainId: string }; Querystring: Query }>('/v1/networks/:network/blockchains/:blockchainId/blocks', {
    schema: {
      operationId: 'listLatestPrimaryNetworkBlocks',
      summary: 'List latest blocks',
      description: 'Lists the latest blocks of the P-chain or the X-chain, newest first, optionally within a time range. (C-chain blocks are EVM blocks: /v1/chains/{chainId}/blocks.)',
      tags: ['Primary Network Blocks'],
      params: networkParams({ blockchainId: BLOCKCHAIN_ID_PARAM }),
      querystring: {
        type: 'object',
        properties: { startTimestamp: TIMESTAMP('after'), endTimestamp: TIMESTAMP('before'), pageToken: PAGE_TOKEN, pageSize: pageSize() },
      },
      response: { 200: { $ref: 'ListPrimaryNetworkBlocksResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request) => {
    const q = request.query;
    const net = await resolveNetwork(ctx, request.params.network);
    const chain = await resolveBlockchainId(ctx, net, request.params.blockchainId, ['P', 'X']);
    checkTimeRange(q.startTimestamp, q.endTimestamp);
    const page = openCursor<string>(request);
    const result = await listPrimaryBlocks(ctx.db, {
      chain: chain.chain.id,
      pageSize: page.pageSize,
      ...(q.startTimestamp !== undefined ? { startTimestamp: BigInt(q.startTimestamp) } : {}),
      ...(q.endTimestamp !== undefined ? { endTimestamp: BigInt(q.endTimestamp) } : {}),
      ...(page.cursor !== undefined ? { cursor: BigInt(page.cursor) } : {}),
    });
    return {
      blocks: result.items.map(primaryBlockWire),
      chainInfo: { chainName: chain.chainName, network: net.wireName },
      ...nextPageToken(page, result.next, (height: bigint) => height.toString()),
    };
  });
}
