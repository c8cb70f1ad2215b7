import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadApiConfig, parseApiKeys, parseTrustProxy } from './api-config.js';

describe('loadApiConfig', () => {
  it('has serving defaults: the Data API on 8080, open CORS, in-memory limits', () => {
    const { config } = loadApiConfig([], {});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, rateLimits: true, corsOrigins: ['*'], trustProxy: false, apiKeys: { tiers: {}, keys: [] } });
    expect(config.redisUrl).toBeUndefined();
    expect(config.pageTokenSecret).toBeUndefined();
    expect(config.pageTokenSecretFile).toMatch(/\.firn\/page-token-secret$/);
  });

  it('takes a service default and layers flags over env over file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-api-cfg-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ port: 1111, host: '0.0.0.0', 'trust-proxy': '1' }));
    const { config } = loadApiConfig(['--config-file', file, '--port=3333'], { FIRN_PORT: '2222', FIRN_HOST: '10.0.0.1' }, { port: 8081 });
    expect(config.port).toBe(3333);
    expect(config.host).toBe('10.0.0.1');
    expect(config.trustProxy).toBe(1);
    expect(loadApiConfig([], {}, { port: 8081 }).config.port).toBe(8081);
  });

  it('reads keys from the file and FIRN_API_KEYS, the environment winning for the same key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-api-cfg-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const keysFile = join(dir, 'keys.json');
    writeFileSync(keysFile, JSON.stringify({ tiers: { gold: { cuPerMinute: 50_000 } }, keys: [{ key: 'file-key-0001', tier: 'gold', name: 'alice' }, { key: 'shared-key-01', tier: 'free' }] }));
    const { config } = loadApiConfig([`--api-keys-file=${keysFile}`], { FIRN_API_KEYS: 'env-key-00001:pro,shared-key-01:base' });
    expect(config.apiKeys).toEqual({
      tiers: { gold: { cuPerMinute: 50_000 } },
      keys: [{ key: 'file-key-0001', tier: 'gold', name: 'alice' }, { key: 'shared-key-01', tier: 'base' }, { key: 'env-key-00001', tier: 'pro' }],
    });
    const json = loadApiConfig([], { FIRN_API_KEYS: '{"keys": {"json-key-0001": "growth"}}' }).config.apiKeys;
    expect(json.keys).toEqual([{ key: 'json-key-0001', tier: 'growth' }]);
  });

  it('takes REDIS_URL and a configured secret', () => {
    const { config } = loadApiConfig([], { REDIS_URL: 'redis://127.0.0.1:6379', FIRN_PAGE_TOKEN_SECRET: 'a-long-enough-secret' });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.pageTokenSecret).toBe('a-long-enough-secret');
    expect(loadApiConfig(['--redis-url=redis://r:1'], { REDIS_URL: 'redis://x:2' }).config.redisUrl).toBe('redis://r:1');
  });

  it('rejects bad input with clear errors', () => {
    expect(() => loadApiConfig(['--port=70000'], {})).toThrow('invalid value for --port: must be 0..65535');
    expect(() => loadApiConfig(['--redis-url=http://x'], {})).toThrow('invalid Redis URL');
    expect(() => loadApiConfig(['--page-token-secret=short'], {})).toThrow('at least 16 characters');
    expect(() => loadApiConfig(['--api-keys-file=/nonexistent/keys.json'], {})).toThrow('cannot read API keys file');
    expect(() => loadApiConfig([], { FIRN_API_KEYS: '{"keys": [' })).toThrow('not valid JSON');
  });
});

describe('parseApiKeys', () => {
  it('accepts a bare list and key-only text (free tier)', () => {
    expect(parseApiKeys([{ key: 'list-key-0001', tier: 'pro' }], 'x')).toEqual({ tiers: {}, keys: [{ key: 'list-key-0001', tier: 'pro' }] });
    expect(parseApiKeys('lonely-key-01', 'x').keys).toEqual([{ key: 'lonely-key-01', tier: 'free' }]);
  });

  it('rejects malformed keys and tiers', () => {
    expect(() => parseApiKeys('short:pro', 'x')).toThrow('8 to 256 printable characters');
    expect(() => parseApiKeys({ tiers: { pro: { cuPerMinute: 0 } } }, 'x')).toThrow('tier "pro" needs "cuPerMinute"');
    expect(() => parseApiKeys({ tiers: { pro: { cuPerMinute: 10, cuPerDay: 1.5 } } }, 'x')).toThrow('tier "pro": "cuPerDay" must be a positive integer');
    expect(parseApiKeys({ tiers: { pro: { cuPerMinute: 10, cuPerDay: 500 } } }, 'x').tiers).toEqual({ pro: { cuPerMinute: 10, cuPerDay: 500 } });
    expect(() => parseApiKeys({ keyz: [] }, 'x')).toThrow('unknown field "keyz"');
    expect(() => parseApiKeys([{ key: 'valid-key-001', tier: 'bad tier' }], 'x')).toThrow('invalid tier name');
    expect(() => parseApiKeys([{ key: 'valid-key-001', name: 3 }], 'x')).toThrow('"name" must be a string');
  });
});

describe('parseTrustProxy', () => {
  it('maps the flag to what Fastify takes', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
