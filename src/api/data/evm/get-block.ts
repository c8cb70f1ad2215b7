import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../lib/batch-loader.js';
import { hexOf } from '../../../lib/hex.js';
import { getEvmBlocksByHash, getEvmBlocksByNumber } from '../../../store/queries/evm/blocks.js';
import { NotFoundError } from '../../http/errors/http-errors.js';
import { CHAIN_ID_PARAM } from '../chains/schemas.js';
import type { DataApiContext } from '../index.js';
import { evmBlockOf } from './evm-block.js';
import { blockIdParam, servedEvmChain } from './evm-params.js';

/** GET /v1/chains/{chainId}/blocks/{blockId} (getBlock): one block by number or hash. */
export function getBlockRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different blocks, none of them kept yet) share a statement.
  const byNumberOf = batchLoadersByScope((chain: number, numbers: bigint[]) => getEvmBlocksByNumber(ctx.db, chain, numbers), { keyOf: String });
  const byHashOf = batchLoadersByScope((chain: number, hashes: Uint8Array[]) => getEvmBlocksByHash(ctx.db, chain, hashes), { keyOf: hexOf });
  app.get<{ Params: { chainId: string; blockId: string } }>('/v1/chains/:chainId/blocks/:blockId', {
    schema: {
      operationId: 'getBlock',
      summary: 'Get block',
      description: 'Gets the details of an individual block on the EVM-compatible chain.',
      tags: ['EVM Blocks'],
      params: {
        type: 'object',
        properties: {
          chainId: CHAIN_ID_PARAM,
          blockId: { type: 'string', description: 'A block identifier which is either a block number or the block hash.', examples: ['0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c'] },
        },
        required: ['chainId', 'blockId'],
      },
      response: { 200: { $ref: 'GetEvmBlockResponse#' } },
    },
    config: { weight: 'small', responseCache: 'data', etag: true },
  }, async (request) => {
    const ref = blockIdParam(request.params.blockId);
    const { chain, chainId } = await servedEvmChain(ctx, request.params.chainId);
    const block = await ('number' in ref ? byNumberOf(chain.id).load(ref.number) : byHashOf(chain.id).load(ref.hash));
    if (!block) throw new NotFoundError(`Block ${request.params.blockId} was not found on chain ${chainId}`);
    return evmBlockOf(block, chainId);
  });
}
