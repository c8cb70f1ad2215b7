import type { FastifyInstance, FastifyReply } from 'fastify';
import { globalPlugin } from '../server/global-plugin.js';
import type { RouteWeight } from '../rate-limit/tiers.js';

/** A dependency probe: resolves when healthy, throws (or resolves false) when not. */
export type HealthCheck = () => Promise<unknown>;

export interface HealthIndicator {
  status: 'up' | 'down';
  message?: string;
}

/** The real service's HealthCheckResultDto (@nestjs/terminus): glacier.json components.schemas. */
export interface HealthCheckResult {
  status: 'ok' | 'error' | 'shutting_down';
  info: Record<string, HealthIndicator>;
  error: Record<string, HealthIndicator>;
  details: Record<string, HealthIndicator>;
}

const indicatorSchema = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['up', 'down'], description: 'Status of the health indicator.' }, message: { type: 'string' } },
  additionalProperties: true,
} as const;

export const healthCheckResultSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['error', 'ok', 'shutting_down'] },
    info: { type: ['object', 'null'], additionalProperties: indicatorSchema },
    error: { type: ['object', 'null'], additionalProperties: indicatorSchema },
    details: { type: 'object', additionalProperties: indicatorSchema },
  },
} as const;

export interface HealthOptions {
  /** Checked by /v1/health-check (e.g. database reads and writes, Redis). */
  checks?: Record<string, HealthCheck>;
  /** Checked by /v1/live-check ("reads only"); default: the same checks. */
  liveChecks?: Record<string, HealthCheck>;
  /** Longest wait for one check. */
  timeoutMs?: number;
  /** operationIds in the OpenAPI document (the real Data API's by default). */
  operationIds?: { health: string; live: string };
  /** Rate-limit weight of the two routes (the Data API lists health-check as medium). */
  weight?: RouteWeight;
  tags?: string[];
}

async function probe(check: HealthCheck, timeoutMs: number): Promise<HealthIndicator> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return outcome === false ? { status: 'down' } : { status: 'up' };
  } catch (e) {
    return { status: 'down', message: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the checks concurrently; `ok` only when every indicator is up. */
export async function runHealthChecks(checks: Record<string, HealthCheck>, timeoutMs = 3000): Promise<HealthCheckResult> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((n) => probe(checks[n]!, timeoutMs)));
  const result: HealthCheckResult = { status: 'ok', info: {}, error: {}, details: {} };
  names.forEach((name, i) => {
    const r = results[i]!;
    result.details[name] = r;
    if (r.status === 'up') result.info[name] = r;
    else {
      result.error[name] = r;
      result.status = 'error';
    }
  });
  return result;
}

/** `GET /v1/health-check` and `GET /v1/live-check`: 200 when every check is up, else 503 with the same body (terminus). */
export const health = globalPlugin('firn-health', async (app: FastifyInstance, options: HealthOptions) => {
  const checks = options.checks ?? {};
  const liveChecks = options.liveChecks ?? checks;
  const ids = options.operationIds ?? { health: 'data-health-check', live: 'live-check' };
  const timeoutMs = options.timeoutMs ?? 3000;
  const route = (url: string, operationId: string, summary: string, set: Record<string, HealthCheck>) =>
    app.get(url, {
      schema: { operationId, summary, ...(options.tags ? { tags: options.tags } : {}), response: { 200: healthCheckResultSchema, 503: healthCheckResultSchema } },
      config: options.weight === undefined ? {} : { weight: options.weight },
    }, async (_request, reply: FastifyReply) => {
      const result = await runHealthChecks(set, timeoutMs);
      return reply.code(result.status === 'ok' ? 200 : 503).send(result);
    });
  route('/v1/health-check', ids.health, 'Get the health of the service', checks);
  route('/v1/live-check', ids.live, 'Get the liveliness of the service (reads only)', liveChecks);
});
