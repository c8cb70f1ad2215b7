import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redactUrl, RedisCounterStore } from './redis-counter-store.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('RedisCounterStore (real Redis)', async () => {
  const prefix = `firn-test:${randomUUID()}:`;
  const stores: RedisCounterStore[] = [];
  afterAll(async () => {
    for (const s of stores) await s.close();
  });
  const open = async () => {
    const s = await RedisCounterStore.connect(REDIS_URL, { prefix });
    stores.push(s);
    return s;
  };

  it('counts atomically across connections (two replicas share one budget)', async () => {
    const a = await open();
    const b = await open();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).consume('shared', 10, 100, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(Math.max(...results.map((r) => r.used))).toBe(100);
    expect(await a.consume('shared', 1, 100, 60_000)).toEqual({ allowed: false, used: 100 });
    expect(await b.consume('another', 1, 100, 60_000)).toEqual({ allowed: true, used: 1 });
  });

  it('sets the window expiry on the key', async () => {
    const a = await open();
    await a.consume('ttl', 1, 10, 30_000);
    const { Redis } = await import('ioredis');
    const raw = new Redis(REDIS_URL);
    try {
      const ttl = await raw.pttl(`${prefix}ttl`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
      await raw.script('FLUSH');
      expect((await a.consume('ttl', 1, 10, 30_000)).used).toBe(2); // reloads the script after NOSCRIPT
    } finally {
      raw.disconnect();
    }
  });

  it('fails at connect time on a wrong URL, without leaking the password', async () => {
    await expect(RedisCounterStore.connect('redis://user:hunter2@127.0.0.1:1')).rejects.toThrow(/cannot connect to Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/);
    expect(redactUrl('redis://:pw@h:1/0')).toBe('redis://:***@h:1/0');
  });
});
