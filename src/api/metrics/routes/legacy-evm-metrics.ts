import type { FastifyInstance } from 'fastify';
import type { ChainMetric, RollingWindowMetric } from '../../../store/queries/metrics/chain-metrics.js';
import { serializeMetricPage, type MetricPage } from '../metric-page-json.js';
import { getChainMetricSeries } from '../../../store/queries/metrics/metric-series.js';
import { getRollingWindowMetric } from '../../../store/queries/metrics/rolling-windows.js';
import { readWatermarks } from '../../../store/rollups/watermark.js';
import type { PeriodUnit } from '../../../store/rollups/periods.js';
import { BadRequestError } from '../../http/errors/http-errors.js';
import { chainScopeOrNotFound, cursorOfPeriod, nowSeconds, openMetricsPage, periodOfCursor, type MetricsContext } from '../metrics-context.js';
import { TIME_INTERVAL_PARAM } from '../schemas.js';
import { checkRange } from './chain-metrics.js';

/** Legacy route names → metrics. Daily-only ones, ones with an `interval`, running totals, and rolling windows. */
const DAILY: Record<string, ChainMetric> = {
  avg_tps: 'avgTps', max_tps: 'maxTps', avg_gps: 'avgGps', max_gps: 'maxGps', avg_gas_price: 'avgGasPrice', max_gas_price: 'maxGasPrice',
};
const WITH_INTERVAL: Record<string, ChainMetric> = { gas_used: 'gasUsed', tx_count: 'txCount', active_addresses: 'activeAddresses', active_senders: 'activeSenders' };
const CUMULATIVE: Record<string, ChainMetric> = {
  addresses: 'cumulativeAddresses', contracts: 'cumulativeContracts', deployers: 'cumulativeDeployers', tx_count: 'cumulativeTxCount',
};
const ROLLING: Record<string, RollingWindowMetric> = {
  avg_tps: 'avgTps', max_tps: 'maxTps', avg_gps: 'avgGps', max_gps: 'maxGps', avg_gas_price: 'avgGasPrice', max_gas_price: 'maxGasPrice',
  gas_used: 'gasUsed', tx_count: 'txCount',
};

export const LEGACY_PAGING = {
  pageToken: { type: 'string', description: 'The nextPageToken of the previous page (UUID, valid 24 hours).' },
  startKey: { type: 'string', description: 'The same token, as the SDK names it (nextPageStartKey).' },
  pageSize: { type: 'integer', minimum: 1, maximum: 2160, default: 100, description: 'Points per page (Firn).' },
} as const;

const RANGE = {
  from: { type: 'string', description: 'First time to include: Unix seconds or an ISO 8601 date.' },
  to: { type: 'string', description: 'Time to stop before: Unix seconds or an ISO 8601 date.' },
} as const;

/** A legacy `from`/`to`: Unix seconds (milliseconds are recognised by their size) or a date. */
export function legacyTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^[0-9]{1,16}$/.test(value)) {
    const n = Number(value);
    return n >= 100_000_000_000 ? Math.floor(n / 1000) : n;
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new BadRequestError(`${name} must be a Unix timestamp in seconds or an ISO 8601 date, got ${JSON.stringify(value)}`);
  return Math.floor(ms / 1000);
}

type LegacyQuery = { from?: string; to?: string; interval?: PeriodUnit; pageToken?: string; startKey?: string; pageSize: number };

/**
 * The /v1 routes the avacloud SDK calls (metrics-api.md §9), seed 002's `GET /v1/avg_tps/{chainId}` among them:
 * `{results, status, lastRun, nextPageToken?}`, results newest first; the SDK's `startKey` / `nextPageStartKey`
 * are accepted and answered alongside `pageToken` / `nextPageToken`.
 */
export async function legacyEvmMetricRoutes(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  const series = (url: string, metric: ChainMetric, withInterval: boolean, summary: string) =>
    app.get<{ Params: { chainId: string }; Querystring: LegacyQuery }>(url, {
      schema: {
        operationId: `legacy_${url.replaceAll(/[/:{}]/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '')}`,
        summary,
        description: `${summary}, newest first. Legacy route (Firn serves the /v2 equivalent at /v2/chains/{chainId}/metrics/${metric}).`,
        tags: ['Legacy'],
        params: { type: 'object', properties: { chainId: { type: 'string', description: 'An EVM chain id, or total, mainnet, testnet.' } }, required: ['chainId'] },
        querystring: { type: 'object', properties: { ...RANGE, ...LEGACY_PAGING, ...(withInterval ? { interval: TIME_INTERVAL_PARAM } : {}) } },
        response: { 200: { $ref: 'LegacyEvmMetricsResponse#' } },
      },
      config: { weight: 'small' },
      serializerCompiler: () => (body) => serializeMetricPage(body as MetricPage),
    }, async (request) => {
      const q = request.query;
      const from = legacyTime(q.from, 'from');
      const to = legacyTime(q.to, 'to');
      checkRange(from, to);
      const chains = await chainScopeOrNotFound(ctx, request.params.chainId);
      const page = openMetricsPage(request, ctx);
      const result = await getChainMetricSeries(ctx.db, chains.map((c) => c.id), metric, {
        unit: (withInterval ? q.interval : undefined) ?? 'day',
        pageSize: q.pageSize,
        ...(from !== undefined ? { startTimestamp: from } : {}),
        ...(to !== undefined ? { endTimestamp: to } : {}),
        ...(page.cursor !== undefined ? { cursor: periodOfCursor(page.cursor) } : {}),
      }, ctx.series);
      const token = result.next !== undefined ? page.issue(cursorOfPeriod(result.next)) : undefined;
      return {
        results: result.points,
        status: 200,
        lastRun: result.lastRun ?? 0,
        ...(token !== undefined ? { nextPageToken: token, nextPageStartKey: token } : {}),
      };
    });

  for (const [name, metric] of Object.entries(DAILY)) series(`/v1/${name}/:chainId`, metric, false, `Daily ${metric}`);
  for (const [name, metric] of Object.entries(WITH_INTERVAL)) series(`/v1/${name}/:chainId`, metric, true, `${metric} per interval`);
  for (const [name, metric] of Object.entries(CUMULATIVE)) series(`/v1/cumulative/${name}/:chainId`, metric, false, `Daily ${metric}`);

  for (const [name, metric] of Object.entries(ROLLING)) {
    app.get<{ Params: { chainId: string } }>(`/v1/${name}/:chainId/rollingWindow`, {
      schema: {
        operationId: `legacy_${name}_rolling_window`,
        summary: `${metric} over rolling windows`,
        description: `${metric} over the last hour, day, month, year and all time. Legacy route (see /v2/chains/{chainId}/rollingWindowMetrics/${metric}).`,
        tags: ['Legacy'],
        params: { type: 'object', properties: { chainId: { type: 'string' } }, required: ['chainId'] },
        response: { 200: { $ref: 'RollingWindowResponse#' } },
      },
      config: { weight: 'small' },
    }, async (request) => {
      const chains = await chainScopeOrNotFound(ctx, request.params.chainId);
      const ids = chains.map((c) => c.id);
      const w = await getRollingWindowMetric(ctx.db, ids, metric, nowSeconds(ctx));
      const watermarks = await readWatermarks(ctx.db, ids);
      const result = Object.fromEntries(
        ([['last_hour', w.lastHour], ['last_day', w.lastDay], ['last_month', w.lastMonth], ['last_year', w.lastYear], ['all_time', w.allTime]] as const)
          .filter(([, v]) => v !== undefined),
      );
      return { result, status: 200, lastRun: watermarks.length ? Math.max(...watermarks.map((x) => x.updatedAt)) : 0 };
    });
  }
}
