import { describe, expect, it } from 'vitest';
import { createApiServer, type ApiServerOptions } from './create-api-server.js';

const BASE: ApiServerOptions = {
  openApi: { title: 'Test API' },
  pageTokens: { secret: 'create-server-test-secret' },
  rateLimits: { namespace: 'test' },
};

async function server(overrides: Partial<ApiServerOptions> = {}) {
  const app = await createApiServer({ ...BASE, ...overrides });
  app.get('/v1/things', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (request) => ({ ip: request.ip, query: request.query }));
  return app;
}

describe('createApiServer', () => {
  it('routes with or without a trailing slash and answers HEAD', async () => {
    const app = await server();
    expect((await app.inject('/v1/things/')).statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/v1/things' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers malformed URLs with the error body', async () => {
    const app = await server();
    const res = await app.inject('/v1/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(Array.isArray(res.json().message)).toBe(true);
  });

  it('coerces query types', async () => {
    const app = await server();
    expect((await app.inject('/v1/things?n=5')).json().query).toEqual({ n: 5 });
  });

  it('trusts the configured number of proxies', async () => {
    const app = await server({ trustProxy: 1 });
    const res = await app.inject({ url: '/v1/things', headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' }, remoteAddress: '10.0.0.1' });
    expect(res.json().ip).toBe('198.51.100.1');
    const untrusted = await server();
    expect((await untrusted.inject({ url: '/v1/things', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '10.0.0.1' })).json().ip).toBe('10.0.0.1');
  });

  it('can run without rate limits', async () => {
    const app = await server({ rateLimits: { namespace: 'test', enabled: false } });
    expect((await app.inject('/v1/things')).headers['ratelimit-limit']).toBeUndefined();
    expect((await (await server()).inject('/v1/things')).headers['ratelimit-limit']).toBe('6000');
  });

  it('uses another service\'s tiers and weights', async () => {
    const app = await createApiServer({ ...BASE, rateLimits: { namespace: 'metrics', table: { tiers: { anonymous: { cuPerMinute: 8000 } }, weights: { free: 1, medium: 100 } } } });
    app.get('/v2/x', async () => ({}));
    const res = await app.inject('/v2/x');
    expect(res.headers['ratelimit-limit']).toBe('8000');
    expect(res.headers['ratelimit-remaining']).toBe('7900');
  });

  it('refuses to start when keys name an unknown tier or Redis is unreachable', async () => {
    await expect(createApiServer({ ...BASE, apiKeys: { tiers: {}, keys: [{ key: 'some-key-0001', tier: 'platinum' }] } })).rejects.toThrow('unknown tier "platinum"');
    await expect(createApiServer({ ...BASE, rateLimits: { namespace: 't', redisUrl: 'redis://127.0.0.1:1' } })).rejects.toThrow('cannot connect to Redis');
  });
});
