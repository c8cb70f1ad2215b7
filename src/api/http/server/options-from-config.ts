import type { ApiConfig } from '../../../config/api-config.js';
import { loadOrCreateSecret } from '../pagination/token-secret.js';
import type { ApiServerOptions } from './create-api-server.js';

/** The serving settings of `createApiServer` taken from the loaded configuration (the secret file is created if needed). */
export function apiServerOptionsFromConfig(config: ApiConfig): Pick<ApiServerOptions, 'pageTokens' | 'apiKeys' | 'corsOrigins' | 'trustProxy'> & { rateLimits: { enabled: boolean; redisUrl?: string } } {
  return {
    pageTokens: { secret: config.pageTokenSecret ?? loadOrCreateSecret(config.pageTokenSecretFile) },
    apiKeys: config.apiKeys,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    rateLimits: { enabled: config.rateLimits, ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}) },
  };
}
