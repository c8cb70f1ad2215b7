import type { FastifyInstance } from 'fastify';
import { contractLabels } from '../../../store/queries/evm-api/contract-labels.js';
import { listEvmTransactions, type EvmTransactionStatusFilter } from '../../../store/queries/evm/transactions.js';
import { openPage } from '../../http/pagination/page.js';
import { CHAIN_ID_PARAM } from '../chains/schemas.js';
import type { DataApiContext } from '../index.js';
import { servedEvmChain } from './evm-params.js';
import { answerStorePage, transactionOfCursor, type TransactionCursor } from './keyset-page.js';
import { nativeTransactionOf, transactionAddresses } from './native-transaction.js';
import { PAGE_SIZE_QUERY, PAGE_TOKEN_QUERY } from './query-schemas.js';

interface Query {
  pageToken?: string;
  pageSize: number;
  status?: EvmTransactionStatusFilter;
}

/**
 * GET /v1/chains/{chainId}/transactions (listLatestTransactions): newest first (block number, then
 * position in the block), optionally only failed or successful ones; keyset pages.
 */
export function listTransactionsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { chainId: string }; Querystring: Query }>('/v1/chains/:chainId/transactions', {
    schema: {
      operationId: 'listLatestTransactions',
      summary: 'List latest transactions',
      description: 'Lists the latest transactions, newest first. Filterable by status.',
      tags: ['EVM Transactions'],
      params: { type: 'object', properties: { chainId: CHAIN_ID_PARAM }, required: ['chainId'] },
      querystring: {
        type: 'object',
        properties: {
          pageToken: PAGE_TOKEN_QUERY,
          pageSize: PAGE_SIZE_QUERY,
          status: { type: 'string', enum: ['failed', 'success'], description: 'A status filter for listed transactions.' },
        },
      },
      response: { 200: { $ref: 'ListNativeTransactionsResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'data' },
  }, async (request) => {
    const { chain, chainId } = await servedEvmChain(ctx, request.params.chainId);
    const page = openPage<TransactionCursor>(request);
    const after = transactionOfCursor(page.cursor);
    const result = await listEvmTransactions(ctx.db, {
      chain: chain.id,
      pageSize: page.pageSize,
      ...(after ? { after } : {}),
      ...(request.query.status ? { status: request.query.status } : {}),
    });
    const labels = await contractLabels(ctx.db, chain.id, result.items.flatMap(transactionAddresses));
    const { items, nextPageToken } = answerStorePage(page, result, (t): TransactionCursor => [t.blockNumber.toString(), t.index]);
    return { ...(nextPageToken ? { nextPageToken } : {}), transactions: items.map((t) => nativeTransactionOf(t, chainId, labels)) };
  });
}
