import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoggerRegistry } from './logger-registry.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'firn-log-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function captured() {
  const lines: string[] = [];
  return { lines, sink: { write: (s: string) => lines.push(s) } };
}

function fileLines(dir: string, name: string): Record<string, unknown>[] {
  return readFileSync(join(dir, `${name}.log`), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

describe('LoggerRegistry', () => {
  it('writes JSON lines to <logDir>/<name>.log at the log level', () => {
    const dir = tempDir();
    const out = captured();
    const reg = new LoggerRegistry({ logDir: dir, logLevel: 'info', displayLevel: 'off', displayJson: true, display: out.sink });
    const log = reg.get('P');
    log.debug('hidden');
    log.info('built block', { height: 3 });
    log.child({ chain: 'P' }).warn('slow');
    const lines = fileLines(dir, 'P');
    expect(lines.map((l) => l.msg)).toEqual(['built block', 'slow']);
    expect(lines[0]).toMatchObject({ level: 'info', logger: 'P', height: 3 });
    expect(typeof lines[0]!.timestamp).toBe('string');
    expect(lines[1]).toMatchObject({ level: 'warn', chain: 'P' });
    expect(out.lines).toEqual([]);
    reg.close();
  });

  it('changes levels of existing loggers and their children immediately', () => {
    const dir = tempDir();
    const out = captured();
    const reg = new LoggerRegistry({ logDir: dir, logLevel: 'INFO', displayLevel: 'WARN', displayJson: true, display: out.sink });
    const log = reg.get('C');
    const child = log.child({ sub: 1 });
    child.debug('before');
    expect(reg.setLevels('C', { logLevel: 'debug' })).toEqual({ C: { logLevel: 'DEBUG', displayLevel: 'WARN' } });
    child.debug('after');
    log.trace('trace is above debug');
    log.verbo('verbo is below debug');
    reg.setLevels(undefined, { logLevel: 'off', displayLevel: 'verbo' });
    log.error('display only');
    expect(fileLines(dir, 'C').map((l) => l.msg)).toEqual(['after', 'trace is above debug']);
    expect(out.lines.map((l) => JSON.parse(l).msg)).toEqual(['display only']);
    reg.close();
  });

  it('reports and sets levels by name with AvalancheGo errors', () => {
    const reg = new LoggerRegistry({ logLevel: 'info', display: captured().sink });
    reg.get('main');
    reg.get('X');
    reg.get('C');
    expect(Object.keys(reg.getLevels())).toEqual(['C', 'X', 'main']);
    expect(reg.getLevels('X')).toEqual({ X: { logLevel: 'INFO', displayLevel: 'INFO' } });
    expect(() => reg.getLevels('nope')).toThrow('logger with name "nope" not found');
    expect(() => reg.setLevels('nope', { logLevel: 'info' })).toThrow('logger with name "nope" not found');
    expect(() => reg.setLevels('X', { logLevel: 'loud' })).toThrow('unknown log level: "loud"');
    const all = reg.setLevels('', { displayLevel: 'Fatal' });
    expect(all).toEqual({
      C: { logLevel: 'INFO', displayLevel: 'FATAL' },
      X: { logLevel: 'INFO', displayLevel: 'FATAL' },
      main: { logLevel: 'INFO', displayLevel: 'FATAL' },
    });
    expect(reg.get('X').enabled('ERROR')).toBe(false);
    expect(reg.get('X').enabled('FATAL')).toBe(true);
  });

  it('display level defaults to the log level; human-readable lines when not JSON', () => {
    const out = captured();
    const reg = new LoggerRegistry({ logLevel: 'debug', display: out.sink, colorize: false });
    expect(reg.getLevels()).toEqual({});
    const log = reg.get('vm-factory');
    expect(reg.getLevels('vm-factory')).toEqual({ 'vm-factory': { logLevel: 'DEBUG', displayLevel: 'DEBUG' } });
    log.verbo('not shown');
    log.debug('loading plugin', { vmID: 'abc' });
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(/^\[\d\d-\d\d\|\d\d:\d\d:\d\d\.\d{3}\] DEBUG: <vm-factory> loading plugin\n\s+vmID: "abc"\n$/);
  });

  it('a disabled level writes nothing anywhere', () => {
    const out = captured();
    const reg = new LoggerRegistry({ logLevel: 'off', display: out.sink, displayJson: true });
    const log = reg.get('main');
    for (let i = 0; i < 1000; i++) log.fatal('x');
    expect(out.lines).toEqual([]);
  });
});
