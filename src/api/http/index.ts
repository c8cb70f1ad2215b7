// The shared HTTP plumbing of Firn's REST services (Data API, Metrics API).
export { createApiServer, type ApiServerOptions } from './server/create-api-server.js';
export { apiServerOptionsFromConfig } from './server/options-from-config.js';
export {
  HttpError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  InternalServerError,
  BadGatewayError,
  ServiceUnavailableError,
  errorBodySchema,
  type ErrorBody,
} from './errors/http-errors.js';
export { openPage, pageResponse, Page, type PageResult, type OpenPageOptions } from './pagination/page.js';
export { PageTokens, queryFingerprint, DEFAULT_PAGE_TOKEN_TTL_MS, type JsonValue } from './pagination/page-token.js';
export { etagOf, notModified, ifNoneMatch, IMMUTABLE_MAX_AGE_SECONDS } from './etag/etag.js';
export { DATA_API_RATE_LIMITS, METRICS_API_RATE_LIMITS, type RateLimitTable, type RouteWeight } from './rate-limit/tiers.js';
export type { CounterStore } from './rate-limit/counter-store.js';
export type { ApiClient } from './auth/api-keys.js';
export type { HealthCheck, HealthOptions } from './health/health.js';
export type { OpenApiOptions } from './openapi/openapi.js';
