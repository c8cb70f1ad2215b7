import type { FastifyInstance } from 'fastify';
import { listDelegators, type DelegationStatus, type DelegatorCursor } from '../../../../store/queries/primary/delegators.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { acceptedHrps, parseAddressList } from '../params/addresses.js';
import { parseNodeId, splitList } from '../params/ids.js';
import { DELEGATION_STATUS, networkParams, PAGE_TOKEN, pageSize, SORT_ORDER } from '../schemas/params.js';
import { delegatorWire } from '../wire/delegator.js';
import { nowSeconds } from './validator-page.js';

interface Query {
  pageToken?: string;
  pageSize: number;
  rewardAddresses?: string;
  sortOrder?: 'asc' | 'desc';
  delegationStatus?: DelegationStatus;
  nodeIds?: string;
}

type Cursor = [string, number];

/** GET /v1/networks/{network}/delegators (listDelegators). */
export function listDelegatorsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string }; Querystring: Query }>('/v1/networks/:network/delegators', {
    schema: {
      operationId: 'listDelegators',
      summary: 'List delegators',
      description: 'Lists details for delegators, newest first. Filterable by reward addresses, delegation status and node ids (exact NodeID-… values).',
      tags: ['Primary Network'],
      params: networkParams(),
      querystring: {
        type: 'object',
        properties: {
          pageToken: PAGE_TOKEN,
          pageSize: pageSize(),
          rewardAddresses: { type: 'string', description: 'A comma separated list of reward addresses to filter by.' },
          sortOrder: SORT_ORDER,
          delegationStatus: DELEGATION_STATUS,
          nodeIds: { type: 'string', description: 'A comma separated list of node ids to filter by.' },
        },
      },
      response: { 200: { $ref: 'ListDelegatorDetailsResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'clock' },
    ...sendAsBuilt,
  }, async (request) => {
    const q = request.query;
    const net = await resolveNetwork(ctx, request.params.network);
    const rewardAddresses = parseAddressList('rewardAddresses', q.rewardAddresses, acceptedHrps(net.network.hrp, net.requested));
    const nodeIds = splitList(q.nodeIds).map((n) => parseNodeId('nodeIds', n));
    const P = await requirePChain(ctx, net);
    const page = openCursor<Cursor>(request);
    const now = nowSeconds(ctx.now);
    const result = await listDelegators(ctx.db, {
      chain: P.id,
      now,
      pageSize: page.pageSize,
      sortOrder: q.sortOrder ?? 'desc',
      ...(rewardAddresses.length > 0 ? { rewardAddresses } : {}),
      ...(nodeIds.length > 0 ? { nodeIds } : {}),
      ...(q.delegationStatus ? { status: q.delegationStatus } : {}),
      ...(page.cursor ? { cursor: { blockHeight: BigInt(page.cursor[0]), txIndex: page.cursor[1] } } : {}),
    });
    await ctx.stakingClock.markAnswer(request, P.id, now);
    return {
      delegators: result.items.map((d) => delegatorWire(d, net.network.hrp)),
      ...nextPageToken(page, result.next, (c: DelegatorCursor): Cursor => [c.blockHeight.toString(), c.txIndex]),
    };
  });
}
