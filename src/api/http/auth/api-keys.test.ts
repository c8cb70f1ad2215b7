import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../lib/log.js';
import { errorHandling } from '../errors/error-handler.js';
import { ApiKeyRegistry, apiKeys } from './api-keys.js';

const TIERS = { anonymous: { cuPerMinute: 6000 }, free: { cuPerMinute: 8000 }, pro: { cuPerMinute: 20000 } };

async function server(keys: Array<{ key: string; tier: string; name?: string }>, unknownKeys?: 'reject' | 'anonymous') {
  const app = Fastify();
  await app.register(errorHandling, { log: silentLog });
  await app.register(apiKeys, { registry: new ApiKeyRegistry({ tiers: { gold: { cuPerMinute: 99 } }, keys }, TIERS), ...(unknownKeys ? { unknownKeys } : {}) });
  app.get('/who', async (request) => ({ client: request.apiClient, query: request.query }));
  return app;
}

describe('ApiKeyRegistry', () => {
  it('resolves keys to their tier and refuses unknown tiers', () => {
    const r = new ApiKeyRegistry({ tiers: {}, keys: [{ key: 'pro-key-00001', tier: 'pro', name: 'alice' }] }, TIERS);
    expect(r.lookup('pro-key-00001')).toMatchObject({ anonymous: false, tier: 'pro', cuPerMinute: 20000, name: 'alice' });
    expect(r.lookup('pro-key-00001')?.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(r.lookup('pro-key-00002')).toBeUndefined();
    expect(r.anonymous).toEqual({ anonymous: true, tier: 'anonymous', cuPerMinute: 6000 });
    expect(() => new ApiKeyRegistry({ tiers: {}, keys: [{ key: 'k-000000001', tier: 'platinum' }] }, TIERS)).toThrow('unknown tier "platinum"');
  });

  it('gives keys their tier\'s daily budget; a configured tier overrides only the budgets it names', () => {
    const service = { anonymous: { cuPerMinute: 6000, cuPerDay: 1_200_000 }, pro: { cuPerMinute: 20000, cuPerDay: 25_000_000 } };
    const r = new ApiKeyRegistry({
      tiers: { pro: { cuPerMinute: 30000 }, tiny: { cuPerMinute: 10, cuPerDay: 100 }, open: { cuPerMinute: 10 } },
      keys: [{ key: 'pro-key-00001', tier: 'pro' }, { key: 'tiny-key-0001', tier: 'tiny' }, { key: 'open-key-0001', tier: 'open' }],
    }, service);
    expect(r.anonymous).toEqual({ anonymous: true, tier: 'anonymous', cuPerMinute: 6000, cuPerDay: 1_200_000 });
    expect(r.lookup('pro-key-00001')).toMatchObject({ cuPerMinute: 30000, cuPerDay: 25_000_000 });
    expect(r.lookup('tiny-key-0001')).toMatchObject({ cuPerMinute: 10, cuPerDay: 100 });
    expect(r.lookup('open-key-0001')?.cuPerDay).toBeUndefined();
  });
});

describe('apiKeys plugin', () => {
  it('reads the key from either header or ?rltoken= and hides it from handlers', async () => {
    const app = await server([{ key: 'pro-key-00001', tier: 'pro' }, { key: 'gold-key-0001', tier: 'gold' }]);
    for (const req of [
      { url: '/who', headers: { 'x-service-api-key': 'pro-key-00001' } },
      { url: '/who', headers: { 'x-glacier-api-key': 'pro-key-00001' } },
      { url: '/who?rltoken=pro-key-00001&a=1' },
    ]) {
      const body = (await app.inject(req)).json();
      expect(body.client).toMatchObject({ anonymous: false, tier: 'pro', cuPerMinute: 20000 });
      expect(JSON.stringify(body)).not.toContain('pro-key-00001');
    }
    expect((await app.inject({ url: '/who', headers: { 'x-glacier-api-key': 'gold-key-0001' } })).json().client.cuPerMinute).toBe(99);
  });

  it('serves requests without a key on the anonymous tier', async () => {
    const app = await server([{ key: 'pro-key-00001', tier: 'pro' }]);
    expect((await app.inject('/who')).json().client).toEqual({ anonymous: true, tier: 'anonymous', cuPerMinute: 6000 });
  });

  it('answers 401 to an unknown key when keys are configured', async () => {
    const app = await server([{ key: 'pro-key-00001', tier: 'pro' }]);
    for (const req of [{ url: '/who', headers: { 'x-glacier-api-key': 'wrong-key-0001' } }, { url: '/who?rltoken=wrong-key-0001' }]) {
      const res = await app.inject(req);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid API key', statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('treats any key as anonymous when no keys are configured, or when told to', async () => {
    const open = await server([]);
    expect((await open.inject({ url: '/who', headers: { 'x-glacier-api-key': 'hosted-service-key' } })).json().client.anonymous).toBe(true);
    const lenient = await server([{ key: 'pro-key-00001', tier: 'pro' }], 'anonymous');
    expect((await lenient.inject({ url: '/who', headers: { 'x-glacier-api-key': 'other-key-0001' } })).statusCode).toBe(200);
  });
});
