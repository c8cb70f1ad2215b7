import type { FastifyInstance } from 'fastify';
import type { DataApiContext } from '../index.js';
import { getBlockRoute } from './get-block.js';
import { getContractMetadataRoute } from './get-contract-metadata.js';
import { getNftTokenRoute } from './get-nft-token.js';
import { getTransactionRoute } from './get-transaction.js';
import { listBlocksRoute } from './list-blocks.js';
import { listTransactionsRoute } from './list-transactions.js';
import { EVM_SCHEMAS } from './schemas.js';

/** The EVM chain routes: transactions, blocks, contract metadata and NFTs (their schemas need the chain routes' NetworkToken). */
export async function evmRoutes(app: FastifyInstance, ctx: DataApiContext): Promise<void> {
  for (const schema of EVM_SCHEMAS) app.addSchema(schema);
  listTransactionsRoute(app, ctx);
  getTransactionRoute(app, ctx);
  listBlocksRoute(app, ctx);
  getBlockRoute(app, ctx);
  getContractMetadataRoute(app, ctx);
  getNftTokenRoute(app, ctx);
}
