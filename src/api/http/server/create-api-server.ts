import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ApiKeysConfig, TrustProxy } from '../../../config/api-config.js';
import { silentLog, type Log } from '../../../lib/log.js';
import { ApiKeyRegistry, apiKeys } from '../auth/api-keys.js';
import { compression } from '../compression/compression.js';
import { cors } from '../cors/cors.js';
import { errorHandling, errorResponse } from '../errors/error-handler.js';
import { etags } from '../etag/etag.js';
import { health, type HealthCheck, type HealthOptions } from '../health/health.js';
import { openApi, type OpenApiOptions } from '../openapi/openapi.js';
import { pagination } from '../pagination/page.js';
import { MemoryCounterStore, type CounterStore } from '../rate-limit/counter-store.js';
import { rateLimit } from '../rate-limit/rate-limit.js';
import { RedisCounterStore } from '../rate-limit/redis-counter-store.js';
import { DATA_API_RATE_LIMITS, type RateLimitTable, type RouteWeight } from '../rate-limit/tiers.js';
import { requestIdOf, requestLog } from '../request-log/request-log.js';
import type { DataVersionSource } from '../response-cache/data-version.js';
import { responseCache } from '../response-cache/response-cache.js';
import { AJV_OPTIONS } from '../validation/ajv-options.js';
import { queryArrays } from '../validation/query-arrays.js';

export interface ApiServerOptions {
  /** How the service names itself in its OpenAPI document (title, description, version, servers). */
  openApi: OpenApiOptions;
  log?: Log;
  /** Milliseconds since the epoch, for page-token expiry and rate-limit windows (tests control it). */
  now?: () => number;
  pageTokens: { secret: string; ttlMs?: number };
  apiKeys?: ApiKeysConfig;
  /** See apiKeys plugin: default rejects unknown keys only when keys are configured. */
  unknownKeys?: 'reject' | 'anonymous';
  rateLimits: {
    enabled?: boolean;
    /** Separates this service's budgets from another's in a shared store. */
    namespace: string;
    /** Tiers and named weights; default: the Data API's. */
    table?: RateLimitTable;
    /** Weight of routes that declare none; default `medium`. */
    defaultWeight?: RouteWeight;
    /** Shared counters in Redis; default in memory. */
    redisUrl?: string;
    /** A store of one's own (takes precedence over redisUrl). */
    store?: CounterStore;
  };
  corsOrigins?: string[];
  trustProxy?: TrustProxy;
  /** Health routes' checks; a Redis counter store adds a `redis` check. */
  health?: HealthOptions;
  /** 'validation' (Data API) or 'always' (Metrics API: every message an array). */
  messageArrays?: 'validation' | 'always';
  logRequests?: boolean;
  bodyLimit?: number;
  /** Reuse the answers of routes with `config.responseCache` while the data version is unchanged; absent: off. */
  responseCache?: { maxBytes: number; maxAgeMs?: number; version: DataVersionSource };
}

/** Schema keywords route schemas may carry besides JSON Schema's own. */
/** A hop count becomes the function Fastify's types ask for (the client is `n` proxies back). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * A Fastify instance with the plumbing both REST services share: validation (query types coerced,
 * arrays repeated or comma-separated), the error body for every failure, request ids and logging,
 * CORS, API keys and rate limits, page tokens, ETags, compression, health routes and the OpenAPI
 * document. Add the service's routes, then `listen`.
 */
export async function createApiServer(options: ApiServerOptions): Promise<FastifyInstance> {
  const log = options.log ?? silentLog;
  const now = options.now ?? Date.now;
  const messageArrays = options.messageArrays ?? 'validation';
  const app = Fastify({
    logger: false,
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: AJV_OPTIONS,
    // Malformed URLs and the like are answered before routing, outside the error handler.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const { body } = errorResponse(error, messageArrays);
      void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
    },
  });

  const table = options.rateLimits.table ?? DATA_API_RATE_LIMITS;
  const registry = new ApiKeyRegistry(options.apiKeys ?? { tiers: {}, keys: [] }, table.tiers);
  const healthChecks: Record<string, HealthCheck> = { ...(options.health?.checks ?? {}) };
  let store: CounterStore | undefined;
  if (options.rateLimits.enabled !== false) {
    if (options.rateLimits.store) store = options.rateLimits.store;
    else if (options.rateLimits.redisUrl) {
      const redis = await RedisCounterStore.connect(options.rateLimits.redisUrl, { onError: (e) => log.warn('redis connection error', { error: e.message }) });
      store = redis;
      healthChecks.redis = () => redis.ping();
      app.addHook('onClose', async () => redis.close());
    } else store = new MemoryCounterStore(now);
  }

  await app.register(errorHandling, { log, messageArrays });
  await app.register(queryArrays);
  await app.register(requestLog, { log, ...(options.logRequests === undefined ? {} : { logRequests: options.logRequests }) });
  await app.register(cors, options.corsOrigins ? { origins: options.corsOrigins } : {});
  await app.register(apiKeys, { registry, ...(options.unknownKeys ? { unknownKeys: options.unknownKeys } : {}) });
  if (store) {
    await app.register(rateLimit, { store, namespace: options.rateLimits.namespace, weights: table.weights, defaultWeight: options.rateLimits.defaultWeight ?? 'medium', now, log });
  }
  await app.register(pagination, { secret: options.pageTokens.secret, now, ...(options.pageTokens.ttlMs === undefined ? {} : { ttlMs: options.pageTokens.ttlMs }) });
  await app.register(etags);
  if (options.responseCache && options.responseCache.maxBytes > 0) {
    const tokens = app.pageTokens;
    await app.register(responseCache, {
      ...options.responseCache,
      now,
      tokenExpiry: (request) => {
        const token = (request.query as { pageToken?: unknown } | undefined)?.pageToken;
        return typeof token === 'string' && token !== '' ? tokens.expiresAt(token) : undefined;
      },
    });
  }
  await app.register(compression, {});
  await app.register(openApi, options.openApi);
  await app.register(health, { ...(options.health ?? {}), checks: healthChecks, ...(options.health?.liveChecks ? {} : { liveChecks: options.health?.checks ?? {} }) });
  return app;
}
