import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { health, runHealthChecks } from './health.js';

describe('runHealthChecks', () => {
  it('reports each indicator like terminus', async () => {
    const result = await runHealthChecks({ database: async () => 1, cache: async () => { throw new Error('connection refused'); }, flag: async () => false });
    expect(result).toEqual({
      status: 'error',
      info: { database: { status: 'up' } },
      error: { cache: { status: 'down', message: 'connection refused' }, flag: { status: 'down' } },
      details: { database: { status: 'up' }, cache: { status: 'down', message: 'connection refused' }, flag: { status: 'down' } },
    });
    expect(await runHealthChecks({})).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
  });

  it('marks a check that never answers as down', async () => {
    const result = await runHealthChecks({ stuck: () => new Promise(() => {}) }, 5);
    expect(result.error.stuck).toEqual({ status: 'down', message: 'no answer within 5 ms' });
  });
});

describe('health plugin', () => {
  it('serves /v1/health-check and /v1/live-check with their own checks', async () => {
    let dbUp = true;
    const app = Fastify();
    await app.register(health, { checks: { database: async () => { if (!dbUp) throw new Error('down'); }, redis: async () => true }, liveChecks: { database: async () => dbUp } });
    const ok = await app.inject('/v1/health-check');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } }, error: {}, details: { database: { status: 'up' }, redis: { status: 'up' } } });
    dbUp = false;
    const bad = await app.inject('/v1/health-check');
    expect(bad.statusCode).toBe(503);
    expect(bad.json().status).toBe('error');
    expect(bad.json().error).toEqual({ database: { status: 'down', message: 'down' } });
    const live = await app.inject('/v1/live-check');
    expect(live.statusCode).toBe(503);
    expect(Object.keys(live.json().details)).toEqual(['database']);
  });
});
