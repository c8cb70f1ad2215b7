import type { FastifyInstance } from 'fastify';
import { listPrimaryTransactions, type TxCursor } from '../../../../store/queries/primary/transactions.js';
import { BadRequestError } from '../../../http/errors/http-errors.js';
import type { DataApiContext } from '../../index.js';
import { resolveBlockchainId } from '../networks/blockchain-id.js';
import { resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { acceptedHrps, parseAddressList } from '../params/addresses.js';
import { parseIdOrHex } from '../params/ids.js';
import { BLOCKCHAIN_ID_PARAM, networkParams, PAGE_TOKEN, pageSize, SORT_ORDER, TIMESTAMP, TX_TYPES } from '../schemas/params.js';
import { storeTxTypes } from '../wire/enums.js';
import { transactionWires } from './transaction-wires.js';

interface Query {
  addresses?: string;
  l1ValidationId?: string;
  txTypes?: string[];
  startTimestamp?: number;
  endTimestamp?: number;
  pageToken?: string;
  pageSize: number;
  sortOrder?: 'asc' | 'desc';
}

/** Page tokens carry (block height, position in block). */
type Cursor = [string, number];

export function checkTimeRange(start: number | undefined, end: number | undefined): void {
  if (start !== undefined && end !== undefined && start > end) throw new BadRequestError('startTimestamp must not be greater than endTimestamp');
}

/** GET /v1/networks/{network}/blockchains/{blockchainId}/transactions (listLatestPrimaryNetworkTransactions). */
export function listTransactionsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string; blockchainId: string }; Querystring: Query }>('/v1/networks/:network/blockchains/:blockchainId/transactions', {
    schema: {
      operationId: 'listLatestPrimaryNetworkTransactions',
      summary: 'List latest transactions',
      description: `Lists the latest transactions on one of the Primary Network chains, newest first unless sortOrder=asc. The response shape follows the chain:
P-chain transactions, X-chain transactions (all in the linear, block form) or C-chain atomic imports and exports.

Filters combine: addresses (the txs that emitted or consumed their UTXOs or name them as reward or subnet owners), txTypes,
startTimestamp/endTimestamp and, on the P-chain, l1ValidationId (the txs that created or changed that L1 validator). Unlike the hosted
service, txTypes and timestamps also work without addresses: they then filter the chain's latest transactions.`,
      tags: ['Primary Network Transactions'],
      params: networkParams({ blockchainId: BLOCKCHAIN_ID_PARAM }),
      querystring: {
        type: 'object',
        properties: {
          addresses: {
            type: 'string',
            description: 'A comma separated list of X-Chain or P-Chain wallet addresses, starting with the network\'s prefix (avax, fuji, local, …), optionally "P-" or "X-" in front. Also accepts EVM formatted addresses starting with "0x" for C-Chain-related atomic transaction lookups.',
          },
          l1ValidationId: { type: 'string', description: 'P-chain: the transactions of this L1 validation (cb58 or 0x-hex validation id).' },
          txTypes: TX_TYPES,
          startTimestamp: TIMESTAMP('after'),
          endTimestamp: TIMESTAMP('before'),
          pageToken: PAGE_TOKEN,
          pageSize: pageSize(),
          sortOrder: SORT_ORDER,
        },
      },
      response: {
        200: { oneOf: [{ $ref: 'ListPChainTransactionsResponse#' }, { $ref: 'ListXChainTransactionsResponse#' }, { $ref: 'ListCChainAtomicTransactionsResponse#' }] },
      },
    },
    config: { weight: 'xl', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request) => {
    const q = request.query;
    const net = await resolveNetwork(ctx, request.params.network);
    const chain = await resolveBlockchainId(ctx, net, request.params.blockchainId);
    checkTimeRange(q.startTimestamp, q.endTimestamp);
    const addresses = parseAddressList('addresses', q.addresses, acceptedHrps(net.network.hrp, net.requested), { evm: true });
    let l1ValidationId: Uint8Array | undefined;
    if (q.l1ValidationId !== undefined) {
      if (chain.role !== 'P') throw new BadRequestError('l1ValidationId filters P-chain transactions: use blockchainId p-chain');
      l1ValidationId = parseIdOrHex('l1ValidationId', q.l1ValidationId);
    }
    const page = openCursor<Cursor>(request);
    const result = await listPrimaryTransactions(ctx.db, {
      chain: chain.chain.id,
      pageSize: page.pageSize,
      sortOrder: q.sortOrder ?? 'desc',
      ...(addresses.length > 0 ? { addresses } : {}),
      ...(q.txTypes && q.txTypes.length > 0 ? { txTypes: storeTxTypes(q.txTypes) } : {}),
      ...(q.startTimestamp !== undefined ? { startTimestamp: BigInt(q.startTimestamp) } : {}),
      ...(q.endTimestamp !== undefined ? { endTimestamp: BigInt(q.endTimestamp) } : {}),
      ...(l1ValidationId ? { l1ValidationId } : {}),
      ...(page.cursor ? { cursor: { blockHeight: BigInt(page.cursor[0]), txIndex: page.cursor[1] } } : {}),
    });
    return {
      transactions: await transactionWires(ctx.db, net, chain, result.items),
      chainInfo: { chainName: chain.chainName, network: net.wireName },
      ...nextPageToken(page, result.next, (c: TxCursor): Cursor => [c.blockHeight.toString(), c.txIndex]),
    };
  });
}
