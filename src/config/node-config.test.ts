import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadNodeConfig } from './node-config.js';

describe('loadNodeConfig', () => {
  it('uses AvalancheGo defaults', () => {
    const { config } = loadNodeConfig([], {});
    expect(config.httpHost).toBe('127.0.0.1');
    expect(config.httpPort).toBe(9650);
    expect(config.networkId).toBe(12345);
    expect(config.apiAdminEnabled).toBe(false);
    expect(config.indexEnabled).toBe(false);
    expect(config.healthCheckFrequencyMs).toBe(30_000);
    expect(config.httpAllowedHosts).toEqual(['localhost']);
  });

  it('layers flags over env over file over defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-cfg-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ 'http-port': 1111, 'log-level': 'debug', 'api-admin-enabled': true }));
    const env = { FIRN_HTTP_PORT: '2222', FIRN_LOG_LEVEL: 'warn' };
    const { config } = loadNodeConfig(['--config-file', file, '--http-port=3333'], env);
    expect(config.httpPort).toBe(3333);
    expect(config.logLevel).toBe('WARN');
    expect(config.apiAdminEnabled).toBe(true);
  });

  it('parses booleans, durations and lists', () => {
    const { config } = loadNodeConfig(['--index-enabled', '--health-check-frequency=2s', '--http-allowed-hosts=a.test,b.test', '--api-admin-enabled=false'], {});
    expect(config.indexEnabled).toBe(true);
    expect(config.healthCheckFrequencyMs).toBe(2000);
    expect(config.httpAllowedHosts).toEqual(['a.test', 'b.test']);
    expect(config.apiAdminEnabled).toBe(false);
  });

  it('rejects bad input with clear errors', () => {
    expect(() => loadNodeConfig(['--http-port=abc'], {})).toThrow('invalid value for --http-port (from command line): expected an integer, got "abc"');
    expect(() => loadNodeConfig(['--http-port=70000'], {})).toThrow('invalid value for --http-port: must be 0..65535');
    expect(() => loadNodeConfig(['--nope'], {})).toThrow('unknown flag --nope');
    expect(() => loadNodeConfig(['--log-level=loud'], {})).toThrow('unknown log level: "loud"');
    expect(() => loadNodeConfig([], { FIRN_HEALTH_CHECK_FREQUENCY: 'often' })).toThrow('$FIRN_HEALTH_CHECK_FREQUENCY');
    expect(() => loadNodeConfig(['--block-time=1s', '--no-mining'], {})).toThrow('cannot be used together');
    expect(() => loadNodeConfig(['--network-id=zero'], {})).toThrow('invalid value for --network-id');
  });
});
