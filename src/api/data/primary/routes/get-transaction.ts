import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../../lib/batch-loader.js';
import { hexOf } from '../../../../lib/hex.js';
import { getPrimaryTransactions } from '../../../../store/queries/primary/transactions.js';
import { NotFoundError } from '../../../http/errors/http-errors.js';
import type { DataApiContext } from '../../index.js';
import { resolveBlockchainId } from '../networks/blockchain-id.js';
import { resolveNetwork } from '../networks/resolve-network.js';
import { sendAsBuilt } from '../paging.js';
import { parseId } from '../params/ids.js';
import { BLOCKCHAIN_ID_PARAM, networkParams } from '../schemas/params.js';
import { transactionWires } from './transaction-wires.js';

/** GET /v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash} (getTxByHash). */
export function getTransactionRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different txs, none of them kept yet) share statements: one per batch
  // instead of one per request.
  const loaderOf = batchLoadersByScope(
    async (chain: number, ids: Uint8Array[]) => new Map((await getPrimaryTransactions(ctx.db, chain, ids)).map((t) => [hexOf(t.txId), t])),
    { keyOf: hexOf },
  );
  app.get<{ Params: { network: string; blockchainId: string; txHash: string } }>('/v1/networks/:network/blockchains/:blockchainId/transactions/:txHash', {
    schema: {
      operationId: 'getTxByHash',
      summary: 'Get transaction',
      description: 'Gets the details of a single transaction on one of the Primary Network chains, in that chain\'s shape.',
      tags: ['Primary Network Transactions'],
      params: networkParams({ blockchainId: BLOCKCHAIN_ID_PARAM, txHash: { type: 'string', minLength: 1, maxLength: 100, description: 'A primary network (P, X or C-chain atomic) transaction hash.' } }),
      response: {
        200: {
          oneOf: [
            { $ref: 'PChainTransaction#' }, { $ref: 'XChainNonLinearTransaction#' }, { $ref: 'XChainLinearTransaction#' },
            { $ref: 'CChainExportTransaction#' }, { $ref: 'CChainImportTransaction#' },
          ],
        },
      },
    },
    // The view of a tx changes as its outputs are spent and its staker rewarded: an ETag of the body, no long-lived cache.
    config: { weight: 'medium', responseCache: 'data', etag: true },
    ...sendAsBuilt,
  }, async (request) => {
    const { network, blockchainId, txHash } = request.params;
    const net = await resolveNetwork(ctx, network);
    const chain = await resolveBlockchainId(ctx, net, blockchainId);
    const tx = await loaderOf(chain.chain.id).load(parseId('txHash', txHash));
    if (!tx) throw new NotFoundError(`Transaction ${txHash} not found on the ${chain.chainName}`);
    return (await transactionWires(ctx.db, net, chain, [tx]))[0];
  });
}
