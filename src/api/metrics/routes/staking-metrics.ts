import type { FastifyInstance } from 'fastify';
import { EMPTY_ID, idFromString } from '../../../lib/cb58.js';
import { platformChainsOf, type MetricsNetwork } from '../../../store/queries/metrics/networks.js';
import { stakingSeries, type StakingMetric, type StakingPoint } from '../../../store/queries/metrics/staking-metrics.js';
import { BadRequestError } from '../../http/errors/http-errors.js';
import { nowSeconds, openMetricsPage, type MetricsContext } from '../metrics-context.js';
import { NETWORK_PARAM, STAKING_METRIC_PARAM, TIMESERIES_QUERY } from '../schemas.js';
import { checkRange } from './chain-metrics.js';

export interface StakingRequest {
  network: MetricsNetwork;
  metric: StakingMetric;
  subnetId: Uint8Array;
  startTimestamp?: number;
  endTimestamp?: number;
  pageSize: number;
  cursor?: number;
}

/** One page of a staking series (day cursors travel in tokens as day numbers). */
export async function stakingPage(ctx: MetricsContext, r: StakingRequest): Promise<{ points: StakingPoint[]; next?: number }> {
  const pChains = await platformChainsOf(ctx.db, r.network);
  const changes = await ctx.staking.get(pChains, r.subnetId, r.metric.startsWith('validator') ? 'validator' : 'delegator');
  return stakingSeries(changes, r.metric, {
    now: nowSeconds(ctx),
    pageSize: r.pageSize,
    ...(r.startTimestamp !== undefined ? { startTimestamp: r.startTimestamp } : {}),
    ...(r.endTimestamp !== undefined ? { endTimestamp: r.endTimestamp } : {}),
    ...(r.cursor !== undefined ? { cursor: r.cursor } : {}),
  });
}

export function subnetIdParam(text: string | undefined): Uint8Array {
  if (text === undefined || text === '') return EMPTY_ID;
  try {
    return idFromString(text);
  } catch {
    throw new BadRequestError(`subnetId must be a subnet id (cb58), got ${JSON.stringify(text)}`);
  }
}

/** GET /v2/networks/{network}/metrics/{metric}: validator and delegator counts and weights by day. */
export async function stakingRoutes(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  app.get<{
    Params: { network: MetricsNetwork; metric: StakingMetric };
    Querystring: { startTimestamp?: number; endTimestamp?: number; pageToken?: string; pageSize: number; subnetId?: string };
  }>('/v2/networks/:network/metrics/:metric', {
    schema: {
      operationId: 'getStakingMetrics',
      summary: 'Get staking metrics for a given subnet',
      description: `Gets staking metrics for a given subnet, one point per UTC day, newest first: the validators (or delegators) staking at
the end of the day, or their total weight (nAVAX for the primary network). A staker counts from the day its staking starts to the day
before it ends (or was removed). Computed from the indexed P-chain; refreshed at most once a minute.`,
      tags: ['Chain Metrics'],
      params: { type: 'object', properties: { network: NETWORK_PARAM, metric: STAKING_METRIC_PARAM }, required: ['network', 'metric'] },
      querystring: {
        type: 'object',
        properties: {
          ...TIMESERIES_QUERY,
          subnetId: { type: 'string', default: '11111111111111111111111111111111LpoYY', description: 'The subnet ID to filter by (default: the primary network).' },
        },
      },
      response: { 200: { $ref: 'MetricsApiResponse#' } },
    },
    config: { weight: 'small' },
  }, async (request) => {
    const q = request.query;
    checkRange(q.startTimestamp, q.endTimestamp);
    const page = openMetricsPage(request, ctx);
    const result = await stakingPage(ctx, {
      network: request.params.network,
      metric: request.params.metric,
      subnetId: subnetIdParam(q.subnetId),
      pageSize: q.pageSize,
      ...(q.startTimestamp !== undefined ? { startTimestamp: q.startTimestamp } : {}),
      ...(q.endTimestamp !== undefined ? { endTimestamp: q.endTimestamp } : {}),
      ...(page.cursor !== undefined ? { cursor: page.cursor * 86_400 } : {}),
    });
    return { results: result.points, ...(result.next !== undefined ? { nextPageToken: page.issue(result.next / 86_400) } : {}) };
  });
}
