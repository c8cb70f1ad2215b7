import type { FastifyInstance } from 'fastify';
import { idFromString, idToString } from '../../../lib/cb58.js';
import { getIcmSummary, getIcmTimeseries, teleporterEventCounts, type IcmCount, type IcmFilter, type IcmGroupBy, type IcmWindowCounts } from '../../../store/queries/metrics/icm.js';
import { ROLLING_WINDOWS, type RollingWindow } from '../../../store/queries/metrics/rolling-windows.js';
import type { PeriodUnit } from '../../../store/rollups/periods.js';
import { BadRequestError } from '../../http/errors/http-errors.js';
import { chainScopeOrNotFound, nowSeconds, openMetricsPage, type MetricsContext } from '../metrics-context.js';
import { CHAIN_ID_PARAM, NETWORK_PARAM, TIME_INTERVAL_PARAM, TIMESERIES_QUERY } from '../schemas.js';
import { checkRange } from './chain-metrics.js';

const GROUP_BY = { srcBlockchainId: 'source', destBlockchainId: 'destination', 'srcBlockchainId,destBlockchainId': 'pair' } as const;
type GroupByParam = keyof typeof GROUP_BY;

const FILTERS = {
  srcBlockchainId: { type: 'string', description: 'Query param for retrieving items for a specific source (initiating) blockchain id.' },
  destBlockchainId: { type: 'string', description: 'Query param for retrieving items for a specific destination (receiving) blockchain id.' },
  groupBy: { type: 'string', enum: Object.keys(GROUP_BY), description: 'Group results by srcBlockchainId, destBlockchainId, or both (comma-separated)' },
  network: NETWORK_PARAM,
} as const;

interface FilterQuery {
  srcBlockchainId?: string;
  destBlockchainId?: string;
  groupBy?: GroupByParam;
  network?: 'mainnet' | 'fuji' | 'testnet';
}

const COUNTING = `Each message counts once: by its send event on the source chain, or, when the source chain is not indexed, by its
receive event on the destination chain. Blockchain ids a result is not split by read "all".`;

function blockchainId(text: string | undefined, name: string): Uint8Array | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    return idFromString(text);
  } catch {
    throw new BadRequestError(`${name} must be a blockchain id (cb58), got ${JSON.stringify(text)}`);
  }
}

async function filterOf(ctx: MetricsContext, q: FilterQuery): Promise<IcmFilter & { sourceText: string; destinationText: string }> {
  const all = await ctx.chains.all();
  const scoped = q.network === undefined ? all : all.filter((c) => c.isTestnet === (q.network !== 'mainnet'));
  const source = blockchainId(q.srcBlockchainId, 'srcBlockchainId');
  const destination = blockchainId(q.destBlockchainId, 'destBlockchainId');
  const groupBy: IcmGroupBy = q.groupBy ? GROUP_BY[q.groupBy] : 'none';
  return {
    chains: scoped.map((c) => c.id),
    indexedBlockchains: all.map((c) => c.blockchainId),
    ...(source ? { source } : {}),
    ...(destination ? { destination } : {}),
    groupBy,
    sourceText: source ? idToString(source) : 'all',
    destinationText: destination ? idToString(destination) : 'all',
  };
}

function ids(count: IcmCount, filter: { sourceText: string; destinationText: string }) {
  return {
    srcBlockchainId: count.source ? idToString(count.source) : filter.sourceText,
    destBlockchainId: count.destination ? idToString(count.destination) : filter.destinationText,
  };
}

/** The ICM cursor in a page token: the period's hour, and how many of its rows were served (16 bits). */
const encodeCursor = (c: { periodStart: number; offset: number }) => (c.periodStart / 3600) * 65_536 + Math.min(c.offset, 65_535);
const decodeCursor = (n: number) => ({ periodStart: Math.floor(n / 65_536) * 3600, offset: n % 65_536 });

/** GET /v2/icm/timeseries, /v2/icm/summary, and the older /v2/chains/{chainId}/teleporterMetrics/{metric}. */
export async function icmRoutes(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  app.get<{ Querystring: FilterQuery & { startTimestamp?: number; endTimestamp?: number; timeInterval?: PeriodUnit; pageToken?: string; pageSize: number } }>('/v2/icm/timeseries', {
    schema: {
      operationId: 'getICMTimeseries',
      summary: 'Get ICM timeseries metrics',
      description: `Historical ICM (Teleporter) message counts per period, newest first; periods without messages are left out.
Filter with srcBlockchainId, destBlockchainId and network; split with groupBy. ${COUNTING}`,
      tags: ['Chain Metrics'],
      querystring: { type: 'object', properties: { ...TIMESERIES_QUERY, ...FILTERS, timeInterval: TIME_INTERVAL_PARAM } },
      response: { 200: { $ref: 'ICMMetricsApiResponse#' } },
    },
    config: { weight: 'small' },
  }, async (request) => {
    const q = request.query;
    checkRange(q.startTimestamp, q.endTimestamp);
    const filter = await filterOf(ctx, q);
    const page = openMetricsPage(request, ctx);
    const result = await getIcmTimeseries(ctx.db, filter, {
      unit: q.timeInterval ?? 'day',
      pageSize: q.pageSize,
      ...(q.startTimestamp !== undefined ? { startTimestamp: q.startTimestamp } : {}),
      ...(q.endTimestamp !== undefined ? { endTimestamp: q.endTimestamp } : {}),
      ...(page.cursor !== undefined ? { cursor: decodeCursor(page.cursor) } : {}),
    });
    return {
      results: result.points.map((p) => ({ value: p.value, timestamp: p.timestamp, ...ids(p, filter) })),
      ...(result.next ? { nextPageToken: page.issue(encodeCursor(result.next)) } : {}),
    };
  });

  app.get<{ Querystring: FilterQuery }>('/v2/icm/summary', {
    schema: {
      operationId: 'getICMSummary',
      summary: 'Get ICM summary metrics',
      description: `ICM (Teleporter) message counts over the last hour, day, week, month, 90 days, year and all time. ${COUNTING}
\`result\` is the total over the filters; with groupBy, \`results\` holds one entry per group.`,
      tags: ['Chain Metrics'],
      querystring: { type: 'object', properties: FILTERS },
      response: { 200: { $ref: 'ICMRollingWindowMetricsApiResponse#' } },
    },
    config: { weight: 'small' },
  }, async (request) => {
    const filter = await filterOf(ctx, request.query);
    const now = nowSeconds(ctx);
    const [total] = await getIcmSummary(ctx.db, { ...filter, groupBy: 'none' }, now);
    const result = { ...(total ? windowsOf(total) : {}), ...ids({ value: 0 }, filter) };
    if (filter.groupBy === 'none') return { result };
    const groups = await getIcmSummary(ctx.db, filter, now);
    return { result, results: groups.map((g) => ({ ...windowsOf(g), ...ids(g, filter) })) };
  });

  app.get<{ Params: { chainId: string; metric: 'teleporterSourceTxnCount' | 'teleporterDestinationTxnCount' | 'teleporterTotalTxnCount' } }>(
    '/v2/chains/:chainId/teleporterMetrics/:metric', {
      schema: {
        operationId: 'getTeleporterMetricsByChain',
        summary: 'Get teleporter metrics for EVM chains',
        description: 'All-time counts of the Teleporter events the chain emitted: messages sent (source), received (destination), or both.',
        tags: ['Chain Metrics'],
        params: {
          type: 'object',
          properties: { chainId: CHAIN_ID_PARAM, metric: { type: 'string', enum: ['teleporterSourceTxnCount', 'teleporterDestinationTxnCount', 'teleporterTotalTxnCount'] } },
          required: ['chainId', 'metric'],
        },
        response: { 200: { $ref: 'TeleporterChainMetricsApiResponse#' } },
      },
      config: { weight: 'small' },
    }, async (request) => {
      const chains = await chainScopeOrNotFound(ctx, request.params.chainId);
      const counts = await teleporterEventCounts(ctx.db, chains.map((c) => c.id));
      const metric = request.params.metric;
      const value = metric === 'teleporterSourceTxnCount' ? counts.source : metric === 'teleporterDestinationTxnCount' ? counts.destination : counts.source + counts.destination;
      return { result: { value } };
    });
}

function windowsOf(c: IcmWindowCounts): Partial<Record<RollingWindow, number>> {
  const windows: Partial<Record<RollingWindow, number>> = {};
  for (const k of Object.keys(ROLLING_WINDOWS) as RollingWindow[]) if (c[k] !== undefined) windows[k] = c[k];
  return windows;
}
