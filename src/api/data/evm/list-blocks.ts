import type { FastifyInstance } from 'fastify';
import { listEvmBlocks } from '../../../store/queries/evm/blocks.js';
import { openPage } from '../../http/pagination/page.js';
import { CHAIN_ID_PARAM } from '../chains/schemas.js';
import type { DataApiContext } from '../index.js';
import { evmBlockOf } from './evm-block.js';
import { servedEvmChain } from './evm-params.js';
import { answerStorePage, blockNumberOfCursor, type BlockCursor } from './keyset-page.js';
import { PAGE_SIZE_QUERY, PAGE_TOKEN_QUERY } from './query-schemas.js';

/** GET /v1/chains/{chainId}/blocks (getLatestBlocks): the latest indexed blocks, newest first; keyset pages. */
export function listBlocksRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { chainId: string }; Querystring: { pageToken?: string; pageSize: number } }>('/v1/chains/:chainId/blocks', {
    schema: {
      operationId: 'getLatestBlocks',
      summary: 'List latest blocks',
      description: 'Lists the latest indexed blocks on the EVM-compatible chain sorted in descending order by block timestamp.',
      tags: ['EVM Blocks'],
      params: { type: 'object', properties: { chainId: CHAIN_ID_PARAM }, required: ['chainId'] },
      querystring: { type: 'object', properties: { pageToken: PAGE_TOKEN_QUERY, pageSize: PAGE_SIZE_QUERY } },
      response: { 200: { $ref: 'ListEvmBlocksResponse#' } },
    },
    config: { weight: 'small', responseCache: 'data' },
  }, async (request) => {
    const { chain, chainId } = await servedEvmChain(ctx, request.params.chainId);
    const page = openPage<BlockCursor>(request);
    const after = blockNumberOfCursor(page.cursor);
    const result = await listEvmBlocks(ctx.db, { chain: chain.id, pageSize: page.pageSize, ...(after !== undefined ? { after: { number: after } } : {}) });
    const { items, nextPageToken } = answerStorePage(page, result, (b): BlockCursor => [b.number.toString()]);
    return { ...(nextPageToken ? { nextPageToken } : {}), blocks: items.map((b) => evmBlockOf(b, chainId)) };
  });
}
