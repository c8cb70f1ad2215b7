import { mkdtempSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadOrCreateSecret } from './token-secret.js';

describe('loadOrCreateSecret', () => {
  it('creates a private random secret once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-secret-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'nested', 'page-token-secret');
    const first = loadOrCreateSecret(file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(file)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadOrCreateSecret(join(dir, 'other'))).not.toBe(first);
  });

  it('uses a secret written by the operator and rejects a short one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-secret-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'ok'), '  operator-chosen-secret-value \n');
    expect(loadOrCreateSecret(join(dir, 'ok'))).toBe('operator-chosen-secret-value');
    writeFileSync(join(dir, 'short'), 'abc');
    expect(() => loadOrCreateSecret(join(dir, 'short'))).toThrow('too short');
  });
});
