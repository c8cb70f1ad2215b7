import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../../lib/batch-loader.js';
import { hexOf } from '../../../../lib/hex.js';
import { getPrimaryBlocksByHeight, getPrimaryBlocksById } from '../../../../store/queries/primary/blocks.js';
import { etagOf, notModified } from '../../../http/etag/etag.js';
import { BadRequestError, NotFoundError } from '../../../http/errors/http-errors.js';
import type { DataApiContext } from '../../index.js';
import { resolveBlockchainId } from '../networks/blockchain-id.js';
import { resolveNetwork } from '../networks/resolve-network.js';
import { sendAsBuilt } from '../paging.js';
import { parseId } from '../params/ids.js';
import { BLOCKCHAIN_ID_PARAM, networkParams } from '../schemas/params.js';
import { cb58 } from '../wire/format.js';
import { primaryBlockWire } from '../wire/primary-block.js';

const MAX_HEIGHT = 2n ** 63n - 1n;

/** GET /v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId} (getBlockById): by height or by hash. */
export function getBlockRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different blocks, none of them kept yet) share a statement.
  const byHeightOf = batchLoadersByScope((chain: number, heights: bigint[]) => getPrimaryBlocksByHeight(ctx.db, chain, heights), { keyOf: String });
  const byIdOf = batchLoadersByScope((chain: number, ids: Uint8Array[]) => getPrimaryBlocksById(ctx.db, chain, ids), { keyOf: hexOf });
  app.get<{ Params: { network: string; blockchainId: string; blockId: string } }>('/v1/networks/:network/blockchains/:blockchainId/blocks/:blockId', {
    schema: {
      operationId: 'getBlockById',
      summary: 'Get block',
      description: 'Gets a block by block height or block hash on the P-chain or the X-chain. A block not indexed (yet) is a 404.',
      tags: ['Primary Network Blocks'],
      params: networkParams({
        blockchainId: BLOCKCHAIN_ID_PARAM,
        blockId: { type: 'string', minLength: 1, maxLength: 100, description: 'A block identifier which is either a block number or the block hash.' },
      }),
      response: { 200: { $ref: 'GetPrimaryNetworkBlockResponse#' }, 304: { description: 'Not Modified', type: 'null' } },
    },
    config: { weight: 'xl', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request, reply) => {
    const { network, blockchainId, blockId } = request.params;
    const net = await resolveNetwork(ctx, network);
    const chain = await resolveBlockchainId(ctx, net, blockchainId, ['P', 'X']);
    let block;
    if (/^\d+$/.test(blockId)) {
      const height = BigInt(blockId);
      if (height > MAX_HEIGHT) throw new BadRequestError(`blockId ${blockId} is out of range: a block height is at most ${MAX_HEIGHT}`);
      block = await byHeightOf(chain.chain.id).load(height);
    } else {
      block = await byIdOf(chain.chain.id).load(parseId('blockId', blockId));
    }
    if (!block) throw new NotFoundError(`Block ${blockId} not found on the ${chain.chainName}`);
    // An accepted block never changes: cacheable for good, by its hash.
    if (notModified(request, reply, etagOf('primary-block', 'v1', cb58(chain.chain.blockchainId), cb58(block.blockId)))) return reply.code(304).send();
    return primaryBlockWire(block);
  });
}
