import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../lib/batch-loader.js';
import { hexOf } from '../../../lib/hex.js';
import { getEvmTransactionDetails } from '../../../store/queries/evm/transaction-detail.js';
import { NotFoundError } from '../../http/errors/http-errors.js';
import { networkTokenOf, presentationOf } from '../chains/chain-info.js';
import { CHAIN_ID_PARAM } from '../chains/schemas.js';
import type { DataApiContext } from '../index.js';
import { servedEvmChain, txHashParam } from './evm-params.js';
import { transactionDetailOf } from './transaction-detail.js';

/**
 * GET /v1/chains/{chainId}/transactions/{txHash} (getTransaction): the transaction with its token
 * transfers, internal transactions, native token and Teleporter message.
 */
export function getTransactionRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different transactions, none of them kept yet) share statements.
  const loaderOf = batchLoadersByScope((chain: number, hashes: Uint8Array[]) => getEvmTransactionDetails(ctx.db, chain, hashes), { keyOf: hexOf });
  app.get<{ Params: { chainId: string; txHash: string } }>('/v1/chains/:chainId/transactions/:txHash', {
    schema: {
      operationId: 'getTransaction',
      summary: 'Get transaction',
      description: 'Gets the details of a single transaction.',
      tags: ['EVM Transactions'],
      params: {
        type: 'object',
        properties: { chainId: CHAIN_ID_PARAM, txHash: { type: 'string', description: 'A transaction hash.', examples: ['0x8bf584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f45'] } },
        required: ['chainId', 'txHash'],
      },
      response: { 200: { $ref: 'GetTransactionResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'data', etag: true },
  }, async (request) => {
    const hash = txHashParam(request.params.txHash);
    const { chain, chainId } = await servedEvmChain(ctx, request.params.chainId);
    const detail = await loaderOf(chain.id).load(hash);
    if (!detail) throw new NotFoundError(`Transaction ${request.params.txHash} was not found on chain ${chainId}`);
    return transactionDetailOf(detail, chainId, networkTokenOf(chain, presentationOf(chain, ctx.presentation.chains)), detail.labels);
  });
}
