import type { FastifyInstance } from 'fastify';
import type { DataApiContext } from '../index.js';
import { aggregateSignaturesRoute } from './routes/aggregate-signatures.js';
import { getAggregatedSignaturesRoute } from './routes/get-aggregated-signatures.js';
import { getBlockRoute } from './routes/get-block.js';
import { getSubnetRoute } from './routes/get-subnet.js';
import { getTransactionRoute } from './routes/get-transaction.js';
import { getValidatorRoute } from './routes/get-validator.js';
import { listBlocksRoute } from './routes/list-blocks.js';
import { listDelegatorsRoute } from './routes/list-delegators.js';
import { listL1ValidatorsRoute } from './routes/list-l1-validators.js';
import { listSubnetsRoute } from './routes/list-subnets.js';
import { listTransactionsRoute } from './routes/list-transactions.js';
import { listValidatorsRoute } from './routes/list-validators.js';
import { listVerticesRoute } from './routes/list-vertices.js';
import { PRIMARY_SCHEMAS } from './schemas/index.js';

/**
 * The primary-network routes of the Data API (seed 000): /v1/networks/{network}/… (P-, X- and C-chain atomic
 * transactions, blocks, vertices, subnets, validators, delegators, L1 validators) and the signature
 * aggregator's /v1/signatureAggregator/{network}/…. Adds its shared schemas and routes to `app` itself (call
 * it on the root instance, or register it as a plugin with the context as options).
 */
export async function primaryNetworkRoutes(app: FastifyInstance, ctx: DataApiContext): Promise<void> {
  for (const schema of PRIMARY_SCHEMAS) app.addSchema(schema);
  listTransactionsRoute(app, ctx);
  getTransactionRoute(app, ctx);
  listBlocksRoute(app, ctx);
  getBlockRoute(app, ctx);
  listVerticesRoute(app, ctx);
  listSubnetsRoute(app, ctx);
  getSubnetRoute(app, ctx);
  listValidatorsRoute(app, ctx);
  getValidatorRoute(app, ctx);
  listDelegatorsRoute(app, ctx);
  listL1ValidatorsRoute(app, ctx);
  aggregateSignaturesRoute(app, ctx);
  getAggregatedSignaturesRoute(app, ctx);
}
