import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cors } from './cors.js';

async function server(origins?: string[]) {
  const app = Fastify();
  await app.register(cors, origins ? { origins } : {});
  app.get('/v1/chains', async () => ({ chains: [] }));
  return app;
}

describe('cors plugin', () => {
  it('allows any origin and exposes the rate-limit headers', async () => {
    const app = await server();
    const res = await app.inject({ url: '/v1/chains', headers: { origin: 'https://app.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-expose-headers'])).toContain('ratelimit-remaining');
    expect(String(res.headers['access-control-expose-headers'])).toContain('retry-after');
  });

  it('answers preflight requests for the key headers', async () => {
    const app = await server();
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/v1/chains',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-glacier-api-key' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('x-glacier-api-key');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
  });

  it('restricts to configured origins', async () => {
    const app = await server(['https://ok.example']);
    expect((await app.inject({ url: '/v1/chains', headers: { origin: 'https://ok.example' } })).headers['access-control-allow-origin']).toBe('https://ok.example');
    expect((await app.inject({ url: '/v1/chains', headers: { origin: 'https://evil.example' } })).headers['access-control-allow-origin']).toBeUndefined();
  });
});
