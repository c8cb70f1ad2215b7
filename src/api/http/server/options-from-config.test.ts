import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadApiConfig } from '../../../config/api-config.js';
import { apiServerOptionsFromConfig } from './options-from-config.js';

describe('apiServerOptionsFromConfig', () => {
  it('uses the configured secret, or creates the secret file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-opts-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'secret');
    const generated = apiServerOptionsFromConfig(loadApiConfig([`--page-token-secret-file=${file}`], {}).config);
    expect(generated.pageTokens.secret).toBe(readFileSync(file, 'utf8').trim());
    const given = apiServerOptionsFromConfig(loadApiConfig([`--page-token-secret-file=${file}`], { FIRN_PAGE_TOKEN_SECRET: 'configured-secret-value' }).config);
    expect(given.pageTokens.secret).toBe('configured-secret-value');
  });

  it('passes keys, CORS, proxy trust and the Redis URL through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-opts-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const { config } = loadApiConfig([`--page-token-secret-file=${join(dir, 's')}`, '--cors-origins=https://a.example', '--trust-proxy=1', '--no-rate-limits'], { FIRN_API_KEYS: 'some-api-key-1:pro', REDIS_URL: 'redis://127.0.0.1:6379' });
    const o = apiServerOptionsFromConfig(config);
    expect(o.apiKeys?.keys).toEqual([{ key: 'some-api-key-1', tier: 'pro' }]);
    expect(o.corsOrigins).toEqual(['https://a.example']);
    expect(o.trustProxy).toBe(1);
    expect(o.rateLimits).toEqual({ enabled: false, redisUrl: 'redis://127.0.0.1:6379' });
  });
});
