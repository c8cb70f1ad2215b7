import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../../lib/batch-loader.js';
import { hexOf } from '../../../../lib/hex.js';
import { getSubnets } from '../../../../store/queries/primary-api/subnet-by-id.js';
import { NotFoundError } from '../../../http/errors/http-errors.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { sendAsBuilt } from '../paging.js';
import { parseId } from '../params/ids.js';
import { networkParams } from '../schemas/params.js';
import { subnetWire } from '../wire/subnet.js';

/** GET /v1/networks/{network}/subnets/{subnetId} (getSubnetById). */
export function getSubnetRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different subnets, none of them kept yet) share statements.
  const loaderOf = batchLoadersByScope((chain: number, ids: Uint8Array[]) => getSubnets(ctx.db, chain, ids), { keyOf: hexOf });
  app.get<{ Params: { network: string; subnetId: string } }>('/v1/networks/:network/subnets/:subnetId', {
    schema: {
      operationId: 'getSubnetById',
      summary: 'Get Subnet details by ID',
      description: 'Get details of the Subnet registered on the network.',
      tags: ['Primary Network'],
      params: networkParams({ subnetId: { type: 'string', minLength: 1, maxLength: 100, description: 'Subnet ID to fetch details for', examples: ['11111111111111111111111111111111LpoYY'] } }),
      response: { 200: { $ref: 'Subnet#' } },
    },
    config: { weight: 'medium', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request) => {
    const net = await resolveNetwork(ctx, request.params.network);
    const P = await requirePChain(ctx, net);
    const subnet = await loaderOf(P.id).load(parseId('subnetId', request.params.subnetId));
    if (!subnet) throw new NotFoundError(`Subnet ${request.params.subnetId} not found`);
    return subnetWire(subnet, net.network.hrp);
  });
}
