import type { FastifyInstance } from 'fastify';
import type { ApiConfig, ApiKeysConfig, TrustProxy } from '../../config/api-config.js';
import type { Log } from '../../lib/log.js';
import type { Queryable } from '../../store/database/database.js';
import type { CounterStore } from '../http/rate-limit/counter-store.js';
import { METRICS_API_RATE_LIMITS } from '../http/rate-limit/tiers.js';
import { createApiServer } from '../http/server/create-api-server.js';
import { apiServerOptionsFromConfig } from '../http/server/options-from-config.js';
import type { MetricsContext } from './metrics-context.js';
import { chainMetricRoutes } from './routes/chain-metrics.js';
import { chainRoutes } from './routes/chains.js';
import { healthRoutes } from './routes/health.js';
import { icmRoutes } from './routes/icm.js';
import { legacyEvmMetricRoutes } from './routes/legacy-evm-metrics.js';
import { legacyNetworkRoutes } from './routes/legacy-network.js';
import { stakingRoutes } from './routes/staking-metrics.js';
import { SHARED_SCHEMAS } from './schemas.js';
import { SealedSeriesCache } from '../../store/queries/metrics/sealed-series-cache.js';
import { StakingCache } from './staking-cache.js';
import { ChainListCache } from './chain-list-cache.js';
import { UuidPageTokens } from './uuid-page-tokens.js';

/** The Metrics API's default port (`npm start` serves it on 8081). */
export const METRICS_API_PORT = 8081;

export interface MetricsServerConfig {
  /** Signs the UUID page tokens; replicas must share it (≥ 16 characters). */
  pageTokens: { secret: string; ttlMs?: number };
  /** Milliseconds since the epoch: page-token expiry, rate-limit windows, rolling windows (tests control it). */
  now?: () => number;
  log?: Log;
  rateLimits?: { enabled?: boolean; redisUrl?: string; store?: CounterStore };
  apiKeys?: ApiKeysConfig;
  corsOrigins?: string[];
  trustProxy?: TrustProxy;
  /** Where the service is reached, for the OpenAPI document. */
  servers?: Array<{ url: string; description?: string }>;
  /** How long staking series are cached (default one minute). */
  stakingCacheMs?: number;
  /** How long the list of EVM chains is kept (default one second; a chain id not in it is looked up at once). */
  chainListMs?: number;
  /** How many sealed metric values are kept between requests (default 250,000; 0 turns the cache off). */
  sealedSeriesPoints?: number;
  logRequests?: boolean;
}

/** A server config from the loaded API options (`firn serve`, `npm start`). */
export function metricsServerConfigFromApiConfig(config: ApiConfig, extra: Partial<MetricsServerConfig> = {}): MetricsServerConfig {
  const base = apiServerOptionsFromConfig(config);
  return {
    pageTokens: base.pageTokens,
    apiKeys: config.apiKeys,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    rateLimits: base.rateLimits,
    ...extra,
  };
}

/**
 * The Metrics API (seed 002 and the reference service's /v2 and legacy /v1 routes) over Firn's store: no
 * authentication (keys only raise limits), rate limits for everyone, errors `{message: [..], error, statusCode}`,
 * UUID page tokens valid 24 hours, OpenAPI at /api-json and Swagger UI at /api.
 */
export async function createMetricsServer(db: Queryable, config: MetricsServerConfig): Promise<FastifyInstance> {
  const now = config.now ?? Date.now;
  const checks = { database: () => db.query('SELECT 1') };
  const app = await createApiServer({
    openApi: {
      title: 'Metrics API',
      description: 'Firn\'s Metrics API: metrics and analytics of on-chain activity, computed from Firn\'s index of Avalanche chains.',
      version: '1.0.0',
      ...(config.servers ? { servers: config.servers } : {}),
      tags: [
        { name: 'EVM Chains', description: 'Find information about which routes are supported for a given EVM chainID.' },
        { name: 'Chain Metrics', description: 'Get network level staking and usage metrics.' },
        { name: 'Health Check', description: '' },
        { name: 'Legacy', description: 'The /v1 routes of the older Metrics API, as the avacloud SDK calls them.' },
      ],
    },
    now,
    pageTokens: config.pageTokens,
    rateLimits: { namespace: 'metrics', table: METRICS_API_RATE_LIMITS, defaultWeight: 'small', ...(config.rateLimits ?? {}) },
    messageArrays: 'always',
    health: { checks, operationIds: { health: 'legacy-health-check', live: 'legacy-live-check' }, weight: 'free', tags: ['Health Check'] },
    ...(config.log ? { log: config.log } : {}),
    ...(config.apiKeys ? { apiKeys: config.apiKeys } : {}),
    ...(config.corsOrigins ? { corsOrigins: config.corsOrigins } : {}),
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
    ...(config.logRequests !== undefined ? { logRequests: config.logRequests } : {}),
  });
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  const ctx: MetricsContext = {
    db,
    now,
    tokens: new UuidPageTokens({ secret: config.pageTokens.secret, now, ...(config.pageTokens.ttlMs !== undefined ? { ttlMs: config.pageTokens.ttlMs } : {}) }),
    staking: new StakingCache(db, now, config.stakingCacheMs),
    chains: new ChainListCache(db, config.chainListMs),
    ...(config.sealedSeriesPoints !== 0 ? { series: new SealedSeriesCache(config.sealedSeriesPoints) } : {}),
  };
  await healthRoutes(app, checks);
  await chainRoutes(app, ctx);
  await chainMetricRoutes(app, ctx);
  await icmRoutes(app, ctx);
  await stakingRoutes(app, ctx);
  await legacyEvmMetricRoutes(app, ctx);
  await legacyNetworkRoutes(app, ctx);
  return app;
}
