import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Log, LogFields } from '../../../lib/log.js';
import { silentLog } from '../../../lib/log.js';
import { ApiKeyRegistry, apiKeys } from '../auth/api-keys.js';
import { errorHandling } from '../errors/error-handler.js';
import type { CounterStore } from './counter-store.js';
import { MemoryCounterStore } from './counter-store.js';
import { rateLimit, windowAt } from './rate-limit.js';
import { RedisCounterStore } from './redis-counter-store.js';
import { weightUnits } from './tiers.js';

const WEIGHTS = { free: 1, small: 10, medium: 20, xl: 100 };
const T0 = 28_333_333 * 60_000 + 10_000; // 10 s into a minute window
const DAY = 86_400_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The `daily` tier (100 CU a minute, 50 a day) over a store `open` gives, across minutes and days. */
async function dailyBudget(open: (now: () => number) => CounterStore | Promise<CounterStore>, namespace: string): Promise<void> {
  let t = T0;
  const now = () => t;
  const store = await open(now);
  const app = await server({ store, now, namespace });
  const key = { 'x-service-api-key': 'daily-key-001' };
  expect((await app.inject({ url: '/default', headers: key })).headers['ratelimit-policy']).toBe('100;w=60'); // 20 of 50 today
  t += 60_000;
  expect((await app.inject({ url: '/default', headers: key })).statusCode).toBe(200); // 40 of 50, a fresh minute
  const refused = await app.inject({ url: '/default', headers: key });
  const untilMidnight = Math.ceil((DAY - (t % DAY)) / 1000);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers).toMatchObject({ 'ratelimit-policy': '50;w=86400', 'ratelimit-limit': '50', 'ratelimit-remaining': '10', 'retry-after': String(untilMidnight) });
  expect(refused.json()).toEqual({
    message: `Daily rate limit exceeded: this request costs 20 compute units and 10 of 50 per day remain; retry in ${untilMidnight} s`,
    statusCode: 429,
    error: 'Too Many Requests',
  });
  // a cheaper request still fits the day; other callers have budgets of their own
  expect((await app.inject({ url: '/cheap', headers: key })).statusCode).toBe(200);
  expect((await app.inject('/default')).statusCode).toBe(200);
  t += 60_000;
  expect((await app.inject({ url: '/default', headers: key })).statusCode).toBe(429);
  t = (Math.floor(t / DAY) + 1) * DAY + 1_000;
  const tomorrow = await app.inject({ url: '/default', headers: key });
  expect(tomorrow.statusCode).toBe(200);
  expect(tomorrow.headers['ratelimit-remaining']).toBe('80');
  await app.close();
}

async function server(opts: { store?: CounterStore; now?: () => number; log?: Log; namespace?: string } = {}) {
  const app = Fastify({ trustProxy: true });
  const now = opts.now ?? (() => T0);
  await app.register(errorHandling, { log: silentLog });
  const tiers = { tiny: { cuPerMinute: 30 }, daily: { cuPerMinute: 100, cuPerDay: 50 } };
  await app.register(apiKeys, { registry: new ApiKeyRegistry({ tiers, keys: [{ key: 'tiny-key-0001', tier: 'tiny' }, { key: 'daily-key-001', tier: 'daily' }] }, { anonymous: { cuPerMinute: 100 } }) });
  await app.register(rateLimit, { store: opts.store ?? new MemoryCounterStore(now), namespace: opts.namespace ?? 'test', weights: WEIGHTS, defaultWeight: 'medium', now, log: opts.log ?? silentLog });
  app.get('/cheap', { config: { weight: 'free' } }, async () => ({ ok: true }));
  app.get('/heavy', { config: { weight: 'xl' } }, async () => ({ ok: true }));
  app.get('/default', async () => ({ ok: true }));
  app.get('/exempt', { config: { rateLimit: false } }, async () => ({ ok: true }));
  return app;
}

describe('windowAt / weightUnits', () => {
  it('places a time in its minute window', () => {
    expect(windowAt(120_000)).toEqual({ index: 2, resetMs: 60_000 });
    expect(windowAt(179_999)).toEqual({ index: 2, resetMs: 1 });
  });
  it('resolves named and numeric weights', () => {
    expect(weightUnits('xl', WEIGHTS)).toBe(100);
    expect(weightUnits(7, WEIGHTS)).toBe(7);
    expect(() => weightUnits('huge', WEIGHTS)).toThrow('unknown route weight "huge"');
  });
});

describe('rateLimit plugin', () => {
  it('charges each route its weight and reports the budget in headers', async () => {
    const app = await server();
    const a = await app.inject('/default');
    expect(a.statusCode).toBe(200);
    expect(a.headers).toMatchObject({ 'ratelimit-policy': '100;w=60', 'ratelimit-limit': '100', 'ratelimit-remaining': '80', 'ratelimit-reset': '50' });
    expect((await app.inject('/cheap')).headers['ratelimit-remaining']).toBe('79');
    expect((await app.inject('/exempt')).headers['ratelimit-remaining']).toBeUndefined();
    expect((await app.inject('/nowhere')).headers['ratelimit-remaining']).toBe('78');
  });

  it('answers 429 with retry-after once the budget is spent, and still lets cheaper requests fit', async () => {
    const app = await server();
    expect((await app.inject('/default')).statusCode).toBe(200); // 20 of 100
    const heavy = await app.inject('/heavy'); // 100 would pass the limit
    expect(heavy.statusCode).toBe(429);
    expect(heavy.headers['retry-after']).toBe('50');
    expect(heavy.headers['ratelimit-remaining']).toBe('80');
    expect(heavy.json()).toEqual({
      message: 'Rate limit exceeded: this request costs 100 compute units and 80 of 100 per minute remain; retry in 50 s',
      statusCode: 429,
      error: 'Too Many Requests',
    });
    for (let i = 0; i < 4; i++) expect((await app.inject('/default')).statusCode).toBe(200);
    expect((await app.inject('/cheap')).statusCode).toBe(429);
  });

  it('gives each anonymous client IP and each key its own budget, by tier', async () => {
    const app = await server();
    for (let i = 0; i < 5; i++) await app.inject({ url: '/default', headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect((await app.inject({ url: '/default', headers: { 'x-forwarded-for': '10.0.0.1' } })).statusCode).toBe(429);
    expect((await app.inject({ url: '/default', headers: { 'x-forwarded-for': '10.0.0.2' } })).statusCode).toBe(200);
    const keyed = await app.inject({ url: '/default', headers: { 'x-forwarded-for': '10.0.0.1', 'x-service-api-key': 'tiny-key-0001' } });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers['ratelimit-limit']).toBe('30');
    expect((await app.inject({ url: '/default', headers: { 'x-service-api-key': 'tiny-key-0001' } })).statusCode).toBe(429);
  });

  it('starts a fresh budget in the next minute', async () => {
    let t = T0;
    const app = await server({ now: () => t });
    for (let i = 0; i < 5; i++) await app.inject('/default');
    expect((await app.inject('/default')).statusCode).toBe(429);
    t += 50_000;
    const next = await app.inject('/default');
    expect(next.statusCode).toBe(200);
    expect(next.headers['ratelimit-remaining']).toBe('80');
    expect(next.headers['ratelimit-reset']).toBe('60');
  });

  it('serves without limits when the store fails, warning once per minute', async () => {
    const lines: Array<{ msg: string; fields?: LogFields }> = [];
    const log: Log = { ...silentLog, warn: (msg, fields) => void lines.push({ msg, fields }) };
    const broken: CounterStore = { consume: async () => { throw new Error('connection lost'); }, close: async () => {} };
    const app = await server({ store: broken, log });
    expect((await app.inject('/default')).statusCode).toBe(200);
    expect((await app.inject('/default')).statusCode).toBe(200);
    expect(lines).toEqual([{ msg: 'rate-limit store failed; serving without limits', fields: { error: 'connection lost' } }]);
  });

  it('keeps a daily budget per key: 429 until the next UTC day once it is spent', async () => {
    await dailyBudget((now) => new MemoryCounterStore(now), 'test');
  });

  it('keeps the daily budget in Redis, shared by replicas', async () => {
    const stores: RedisCounterStore[] = [];
    try {
      await dailyBudget(async () => {
        const s = await RedisCounterStore.connect(REDIS_URL, { prefix: `firn-test:${randomUUID()}:` });
        stores.push(s);
        return s;
      }, `test-${randomUUID()}`);
    } finally {
      for (const s of stores) await s.close();
    }
  });

  it('refuses a route declaring an unknown weight at registration', async () => {
    const app = await server();
    expect(() => app.get('/bad', { config: { weight: 'huge' } }, async () => ({}))).toThrow('unknown route weight "huge"');
  });
});
