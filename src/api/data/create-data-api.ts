import type { FastifyInstance } from 'fastify';
import type { ApiConfig, ApiKeysConfig, TrustProxy } from '../../config/api-config.js';
import type { Log } from '../../lib/log.js';
import type { Queryable } from '../../store/database/database.js';
import type { CounterStore } from '../http/rate-limit/counter-store.js';
import { DATA_API_RATE_LIMITS } from '../http/rate-limit/tiers.js';
import { dataApiVersionSource } from './data-scope.js';
import { createApiServer } from '../http/server/create-api-server.js';
import { apiServerOptionsFromConfig } from '../http/server/options-from-config.js';
import { ChainDirectory } from './chains/chain-directory.js';
import type { DataApiPresentation } from './chains/chain-info.js';
import { dataApiRoutes, type DataApiContext } from './index.js';
import { StakingClock } from './primary/routes/staking-clock.js';
import { createSignatureAggregation } from './signature-aggregation/index.js';

/** The Data API's default port (`npm start` serves it on 8080). */
export const DATA_API_PORT = 8080;

export interface DataApiConfig {
  /** Signs the page tokens; replicas must share it (≥ 16 characters). */
  pageTokens: { secret: string; ttlMs?: number };
  /** Milliseconds since the epoch: page-token expiry, rate-limit windows (tests control it). */
  now?: () => number;
  log?: Log;
  rateLimits?: { enabled?: boolean; redisUrl?: string; store?: CounterStore };
  apiKeys?: ApiKeysConfig;
  corsOrigins?: string[];
  trustProxy?: TrustProxy;
  /** Where the service is reached, for the OpenAPI document. */
  servers?: Array<{ url: string; description?: string }>;
  logRequests?: boolean;
  /**
   * Extra names networks answer to: `{fuji: 'local'}` makes a local devnet answer as Fuji (and testnet),
   * so code written for Fuji runs against it unchanged.
   */
  networkAliases?: Record<string, string>;
  /** How chains are presented beyond what the index knows (token names, public URLs, logos, features). */
  presentation?: DataApiPresentation;
  /** Nodes the signature aggregator asks (P-chain RPC, ACP-118 signature requests); none = aggregation answers 503. */
  nodeUrls?: string[];
  /**
   * Answers kept for identical requests while the store's data version is unchanged (default 64 MiB, five
   * minutes at most); `maxBytes: 0` turns it off.
   */
  responseCache?: { maxBytes?: number; maxAgeMs?: number };
}

/** The response cache's default memory budget. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

/** A Data API config from the loaded API options (`firn serve`, `npm start`). */
export function dataApiConfigFromApiConfig(config: ApiConfig, extra: Partial<DataApiConfig> = {}): DataApiConfig {
  const base = apiServerOptionsFromConfig(config);
  return {
    pageTokens: base.pageTokens,
    apiKeys: config.apiKeys,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    rateLimits: base.rateLimits,
    ...(config.nodeUrls.length > 0 ? { nodeUrls: config.nodeUrls } : {}),
    responseCache: { maxBytes: config.responseCacheMb * 1024 * 1024 },
    ...extra,
  };
}

/**
 * The Data API (seed 000) over Firn's store: the shared plumbing (errors, validation, keys and compute-unit
 * limits, page tokens, CORS, compression, ETags), health routes, the OpenAPI document at /api-json with
 * Swagger UI at /api, and every Data API route. Call `listen` on the result.
 */
export async function createDataApi(db: Queryable, config: DataApiConfig): Promise<FastifyInstance> {
  const now = config.now ?? Date.now;
  const chains = new ChainDirectory(db, { now, ...(config.networkAliases ? { networkAliases: config.networkAliases } : {}) });
  const version = dataApiVersionSource(db, chains);
  const checks = { database: () => db.query('SELECT 1') };
  const app = await createApiServer({
    openApi: {
      title: 'Firn Data API',
      description: 'Firn\'s Data API: chains, EVM transactions and blocks, contracts and NFTs, and the primary network (P-, X- and C-chain), served from Firn\'s index. Compatible with the Avalanche Data API and its SDKs.',
      version: '1.0.0',
      ...(config.servers ? { servers: config.servers } : {}),
      tags: [
        { name: 'EVM Chains' },
        { name: 'EVM Blocks' },
        { name: 'EVM Transactions' },
        { name: 'EVM Contracts' },
        { name: 'NFTs' },
        { name: 'Primary Network' },
        { name: 'Primary Network Transactions' },
        { name: 'Primary Network Blocks' },
        { name: 'Primary Network Vertices' },
        { name: 'Signature Aggregator' },
        { name: 'Health Check' },
      ],
    },
    now,
    pageTokens: config.pageTokens,
    rateLimits: { namespace: 'data', table: DATA_API_RATE_LIMITS, defaultWeight: 'medium', ...(config.rateLimits ?? {}) },
    messageArrays: 'validation',
    health: { checks, tags: ['Health Check'], weight: 'medium' },
    ...(config.log ? { log: config.log } : {}),
    ...(config.apiKeys ? { apiKeys: config.apiKeys } : {}),
    ...(config.corsOrigins ? { corsOrigins: config.corsOrigins } : {}),
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
    ...(config.logRequests !== undefined ? { logRequests: config.logRequests } : {}),
    responseCache: {
      maxBytes: config.responseCache?.maxBytes ?? DEFAULT_RESPONSE_CACHE_BYTES,
      ...(config.responseCache?.maxAgeMs !== undefined ? { maxAgeMs: config.responseCache.maxAgeMs } : {}),
      version,
    },
  });
  const ctx: DataApiContext = {
    db,
    chains,
    presentation: config.presentation ?? {},
    now,
    stakingClock: new StakingClock(db),
    ...(config.nodeUrls && config.nodeUrls.length > 0 ? { signatureAggregation: createSignatureAggregation(config.nodeUrls) } : {}),
  };
  await dataApiRoutes(app, ctx);
  return app;
}
