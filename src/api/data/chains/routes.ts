import type { FastifyInstance } from 'fastify';
import type { DataApiContext } from '../index.js';
import { getChainRoute } from './get-chain.js';
import { listChainsRoute } from './list-chains.js';
import { CHAIN_SCHEMAS } from './schemas.js';

/** The chain routes and the schemas they share with the EVM routes (NetworkToken). */
export async function chainRoutes(app: FastifyInstance, ctx: DataApiContext): Promise<void> {
  for (const schema of CHAIN_SCHEMAS) app.addSchema(schema);
  listChainsRoute(app, ctx);
  getChainRoute(app, ctx);
}
