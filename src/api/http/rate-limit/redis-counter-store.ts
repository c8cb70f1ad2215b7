import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ConsumeResult, CounterStore } from './counter-store.js';

/**
 * Check-and-add in one script, so concurrent replicas can never overspend a budget: the cost is
 * added only if it fits; the key expires with its window.
 */
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if used + cost > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], cost)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, used}
`;
const CONSUME_SHA = createHash('sha1').update(CONSUME).digest('hex');

export interface RedisCounterStoreOptions {
  /** Prefix of every key, so several services or deployments can share one Redis. */
  prefix?: string;
  /** Connection errors after start-up (ioredis reconnects by itself); default: ignored. */
  onError?: (error: Error) => void;
}

/** Counters in Redis, shared by every replica pointed at it (REDIS_URL). */
export class RedisCounterStore implements CounterStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  private constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  /** Connects first so that a wrong URL fails at start-up, not on the first request. */
  static async connect(url: string, options: RedisCounterStoreOptions = {}): Promise<RedisCounterStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      // Fail fast while disconnected: the rate limiter then lets requests through rather than queueing them.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    });
    let connected = false;
    redis.on('error', (e: Error) => {
      if (connected) options.onError?.(e);
    });
    try {
      await redis.connect();
      connected = true;
    } catch (e) {
      redis.disconnect();
      throw new Error(`cannot connect to Redis at ${redactUrl(url)}: ${(e as Error).message}`);
    }
    return new RedisCounterStore(redis, options.prefix ?? 'firn:rl:');
  }

  async consume(key: string, cost: number, limit: number, ttlMs: number): Promise<ConsumeResult> {
    const k = this.#prefix + key;
    const args = [String(cost), String(limit), String(Math.max(1, Math.ceil(ttlMs)))];
    let reply: unknown;
    try {
      reply = await this.#redis.evalsha(CONSUME_SHA, 1, k, ...args);
    } catch (e) {
      if (!String((e as Error).message).includes('NOSCRIPT')) throw e;
      reply = await this.#redis.eval(CONSUME, 1, k, ...args);
    }
    const [allowed, used] = reply as [number, number];
    return { allowed: allowed === 1, used: Number(used) };
  }

  /** Health probe: resolves when Redis answers. */
  async ping(): Promise<void> {
    await this.#redis.ping();
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured URL';
  }
}
