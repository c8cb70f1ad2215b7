import type { FastifyInstance, FastifyReply } from 'fastify';
import { healthCheckResultSchema, runHealthChecks, type HealthCheck } from '../../http/health/health.js';

/** GET /v2/health-check and /v2/live-check (the current spec's paths; the shared plumbing serves the /v1 pair). */
export async function healthRoutes(app: FastifyInstance, checks: Record<string, HealthCheck>): Promise<void> {
  const route = (url: string, operationId: string, summary: string) =>
    app.get(url, {
      schema: { operationId, summary, tags: ['Health Check'], response: { 200: healthCheckResultSchema, 503: healthCheckResultSchema } },
      config: { weight: 'free' },
    }, async (_request, reply: FastifyReply) => {
      const result = await runHealthChecks(checks);
      return reply.code(result.status === 'ok' ? 200 : 503).send(result);
    });
  route('/v2/health-check', 'metrics-health-check', 'Get the health of the service');
  route('/v2/live-check', 'metrics-live-check', 'Get the liveliness of the service');
}
