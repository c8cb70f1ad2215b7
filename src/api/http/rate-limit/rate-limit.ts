import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Log } from '../../../lib/log.js';
import { TooManyRequestsError } from '../errors/http-errors.js';
import { globalPlugin } from '../server/global-plugin.js';
import type { CounterStore } from './counter-store.js';
import { weightUnits, type RouteWeight } from './tiers.js';
import '../auth/api-keys.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Compute units a request costs: a named weight (`free`, `small`, `medium`, ...) or a number. */
    weight?: RouteWeight;
    /** false: not counted (documentation, preflight). */
    rateLimit?: boolean;
  }
}

export interface RateLimitOptions {
  store: CounterStore;
  /** Separates the budgets of services sharing a store ("data", "metrics"). */
  namespace: string;
  weights: Record<string, number>;
  /** Weight of routes that declare none. */
  defaultWeight: RouteWeight;
  now?: () => number;
  log: Log;
}

const WINDOW_MS = 60_000;
/** The daily budget's window: a UTC day. */
const DAY_MS = 86_400_000;

/** Where a request's window stands: which window, and how long until it resets. */
export function windowAt(now: number, windowMs = WINDOW_MS): { index: number; resetMs: number } {
  const index = Math.floor(now / windowMs);
  return { index, resetMs: (index + 1) * windowMs - now };
}

/**
 * Per-minute (and, for tiers that have one, per-UTC-day) compute-unit budgets per caller (a key's tier, or
 * the anonymous tier per client IP), each route costing its declared weight. Every counted response carries `ratelimit-policy`,
 * `ratelimit-limit`, `ratelimit-remaining` and `ratelimit-reset`; over budget answers 429 with
 * `retry-after`. When the store fails (Redis down) requests pass, with a warning in the log.
 */
export const rateLimit = globalPlugin('firn-rate-limit', async (app: FastifyInstance, options: RateLimitOptions) => {
  const now = options.now ?? Date.now;
  const freeUnits = options.weights.free ?? 1;
  const defaultUnits = weightUnits(options.defaultWeight, options.weights);
  // Check every route's weight when it is declared, not on its first request.
  app.addHook('onRoute', (route: RouteOptions) => {
    const w = route.config?.weight;
    if (w !== undefined) weightUnits(w, options.weights);
  });
  let lastWarning = -Infinity;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    if (request.method === 'OPTIONS' || config?.rateLimit === false) return;
    const cost = request.is404 ? freeUnits : config?.weight === undefined ? defaultUnits : weightUnits(config.weight, options.weights);
    const client = request.apiClient;
    const limit = client.cuPerMinute;
    const t = now();
    const { index, resetMs } = windowAt(t);
    const who = client.keyId ? `k:${client.keyId}` : `ip:${request.ip}`;
    let minute;
    let day;
    try {
      minute = await options.store.consume(`${options.namespace}:${who}:${index}`, cost, limit, resetMs + 5_000);
      // The day is charged only for requests the minute lets through; its counter is keyed by UTC day.
      if (minute.allowed && client.cuPerDay !== undefined) {
        const d = windowAt(t, DAY_MS);
        const used = await options.store.consume(`${options.namespace}:${who}:d${d.index}`, cost, client.cuPerDay, d.resetMs + 5_000);
        day = { ...used, resetMs: d.resetMs, limit: client.cuPerDay };
      }
    } catch (e) {
      if (t - lastWarning > WINDOW_MS) {
        lastWarning = t;
        options.log.warn('rate-limit store failed; serving without limits', { error: (e as Error).message });
      }
      return;
    }
    if (day && !day.allowed) {
      // The day's budget is the one that binds: the headers and the 429 describe it.
      const resetSeconds = Math.max(1, Math.ceil(day.resetMs / 1000));
      const remaining = Math.max(0, day.limit - day.used);
      void reply.headers({
        'ratelimit-policy': `${day.limit};w=${DAY_MS / 1000}`,
        'ratelimit-limit': String(day.limit),
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': String(resetSeconds),
      });
      throw new TooManyRequestsError(`Daily rate limit exceeded: this request costs ${cost} compute units and ${remaining} of ${day.limit} per day remain; retry in ${resetSeconds} s`, resetSeconds);
    }
    const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
    const remaining = Math.max(0, limit - minute.used);
    void reply.headers({
      'ratelimit-policy': `${limit};w=${WINDOW_MS / 1000}`,
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(resetSeconds),
    });
    if (!minute.allowed) {
      throw new TooManyRequestsError(`Rate limit exceeded: this request costs ${cost} compute units and ${remaining} of ${limit} per minute remain; retry in ${resetSeconds} s`, resetSeconds);
    }
  });
});
