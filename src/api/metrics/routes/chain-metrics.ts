import type { FastifyInstance } from 'fastify';
import type { ChainMetric, RollingWindowMetric } from '../../../store/queries/metrics/chain-metrics.js';
import { serializeMetricPage, type MetricPage } from '../metric-page-json.js';
import { getChainMetricSeries } from '../../../store/queries/metrics/metric-series.js';
import { getRollingWindowMetric } from '../../../store/queries/metrics/rolling-windows.js';
import type { PeriodUnit } from '../../../store/rollups/periods.js';
import { BadRequestError } from '../../http/errors/http-errors.js';
import { chainScopeOrNotFound, cursorOfPeriod, nowSeconds, openMetricsPage, periodOfCursor, type MetricsContext } from '../metrics-context.js';
import { CHAIN_ID_PARAM, CHAIN_METRIC_PARAM, ROLLING_WINDOW_METRIC_PARAM, TIME_INTERVAL_PARAM, TIMESERIES_QUERY } from '../schemas.js';

const DESCRIPTION = `EVM chain metrics, computed from the indexed blocks, transactions, token transfers and contracts. Request metrics
by EVM chain ID, or \`total\`, \`mainnet\`, \`testnet\` for the sum over those chains. See \`/v2/chains\` for the chains.

Each point has a \`value\` and a \`timestamp\` (Unix seconds): the value covers [timestamp, timestamp + timeInterval). Timestamps are
UTC hours, days at 0:00, weeks from Monday 0:00, months from the 1st. Points run from the period of the chain's first indexed block to
the period of its newest one, newest first; periods without blocks are 0 (running totals carry over). The newest point is still
open and changes as blocks arrive. \`startTimestamp\` is inclusive and \`endTimestamp\` exclusive. Running totals (cumulative*) count
from the chain's first indexed block to the end of the period.

Firn computes every metric at every interval (the reference service offers the avg*, max*, cumulative*, contracts and deployers
metrics by day only). Rates are per block second: maxTps is the largest (transactions in the blocks of one second) ÷ (seconds since the
previous block); avgTps is the period's transactions ÷ the time from the last block before the period to the period's last block.
A deployer is the account that ran a creation (the factory for contracts created inside a call).`;

/** GET /v2/chains/{chainId}/metrics/{metric} and /rollingWindowMetrics/{metric}. */
export async function chainMetricRoutes(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  app.get<{
    Params: { chainId: string; metric: ChainMetric };
    Querystring: { startTimestamp?: number; endTimestamp?: number; timeInterval?: PeriodUnit; pageToken?: string; pageSize: number };
  }>('/v2/chains/:chainId/metrics/:metric', {
    schema: {
      operationId: 'getEvmChainMetrics',
      summary: 'Get metrics for EVM chains',
      description: DESCRIPTION,
      tags: ['Chain Metrics'],
      params: { type: 'object', properties: { chainId: CHAIN_ID_PARAM, metric: CHAIN_METRIC_PARAM }, required: ['chainId', 'metric'] },
      querystring: { type: 'object', properties: { ...TIMESERIES_QUERY, timeInterval: TIME_INTERVAL_PARAM } },
      response: { 200: { $ref: 'MetricsApiResponse#' } },
    },
    config: { weight: 'small' },
    serializerCompiler: () => (body) => serializeMetricPage(body as MetricPage),
  }, async (request) => {
    const { chainId, metric } = request.params;
    const q = request.query;
    checkRange(q.startTimestamp, q.endTimestamp);
    const chains = await chainScopeOrNotFound(ctx, chainId);
    const page = openMetricsPage(request, ctx);
    const series = await getChainMetricSeries(ctx.db, chains.map((c) => c.id), metric, {
      unit: q.timeInterval ?? 'day',
      pageSize: q.pageSize,
      ...(q.startTimestamp !== undefined ? { startTimestamp: q.startTimestamp } : {}),
      ...(q.endTimestamp !== undefined ? { endTimestamp: q.endTimestamp } : {}),
      ...(page.cursor !== undefined ? { cursor: periodOfCursor(page.cursor) } : {}),
    }, ctx.series);
    return { results: series.points, ...(series.next !== undefined ? { nextPageToken: page.issue(cursorOfPeriod(series.next)) } : {}) };
  });

  app.get<{ Params: { chainId: string; metric: RollingWindowMetric } }>('/v2/chains/:chainId/rollingWindowMetrics/:metric', {
    schema: {
      operationId: 'getEvmChainRollingWindowMetrics',
      summary: 'Get rolling window metrics for EVM chains',
      description: `Gets the rolling window metrics for an EVM chain for the last hour, day, week, month (30 days), 90 days, year (365 days),
and all time. Windows are made of whole UTC hours: the current hour plus the window's length of hours before it. Active addresses/active
senders only support last hour, day, and week.`,
      tags: ['Chain Metrics'],
      params: { type: 'object', properties: { chainId: CHAIN_ID_PARAM, metric: ROLLING_WINDOW_METRIC_PARAM }, required: ['chainId', 'metric'] },
      response: { 200: { $ref: 'RollingWindowMetricsApiResponse#' } },
    },
    config: { weight: 'small' },
  }, async (request) => {
    const chains = await chainScopeOrNotFound(ctx, request.params.chainId);
    return { result: await getRollingWindowMetric(ctx.db, chains.map((c) => c.id), request.params.metric, nowSeconds(ctx)) };
  });
}

export function checkRange(start: number | undefined, end: number | undefined): void {
  if (start !== undefined && end !== undefined && start >= end) {
    throw new BadRequestError(`startTimestamp (${start}) must be before endTimestamp (${end})`);
  }
}
