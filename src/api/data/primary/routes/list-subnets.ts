import type { FastifyInstance } from 'fastify';
import { listSubnets, type SubnetCursor } from '../../../../store/queries/primary/subnets.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { networkParams, PAGE_TOKEN, pageSize, SORT_ORDER } from '../schemas/params.js';
import { subnetWire } from '../wire/subnet.js';

type Cursor = [string, number];

/** GET /v1/networks/{network}/subnets (listSubnets). */
export function listSubnetsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string }; Querystring: { pageToken?: string; pageSize: number; sortOrder?: 'asc' | 'desc' } }>('/v1/networks/:network/subnets', {
    schema: {
      operationId: 'listSubnets',
      summary: 'List subnets',
      description: 'Lists all subnets registered on the network, newest first unless sortOrder=asc, with their blockchains.',
      tags: ['Primary Network'],
      params: networkParams(),
      querystring: { type: 'object', properties: { pageToken: PAGE_TOKEN, pageSize: pageSize(10_000, 100), sortOrder: SORT_ORDER } },
      response: { 200: { $ref: 'ListSubnetsResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request) => {
    const net = await resolveNetwork(ctx, request.params.network);
    const P = await requirePChain(ctx, net);
    const page = openCursor<Cursor>(request);
    const result = await listSubnets(ctx.db, {
      chain: P.id,
      pageSize: page.pageSize,
      sortOrder: request.query.sortOrder ?? 'desc',
      ...(page.cursor ? { cursor: { blockHeight: BigInt(page.cursor[0]), txIndex: page.cursor[1] } } : {}),
    });
    return {
      subnets: result.items.map((s) => subnetWire(s, net.network.hrp)),
      ...nextPageToken(page, result.next, (c: SubnetCursor): Cursor => [c.blockHeight.toString(), c.txIndex]),
    };
  });
}
