import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Log, LogFields } from '../../../lib/log.js';
import { requestIdOf, requestLog } from './request-log.js';

function recordingLog(): Log & { lines: Array<{ level: string; msg: string; fields?: LogFields }> } {
  const lines: Array<{ level: string; msg: string; fields?: LogFields }> = [];
  const at = (level: string) => (msg: string, fields?: LogFields) => void lines.push({ level, msg, fields });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('requestIdOf', () => {
  it('keeps a sane incoming id and replaces anything else', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'abc-123' } } as never)).toBe('abc-123');
    const replaced = requestIdOf({ headers: { 'x-request-id': 'bad id\n' } } as never);
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf({ headers: {} } as never)).not.toBe(requestIdOf({ headers: {} } as never));
  });
});

describe('requestLog plugin', () => {
  it('echoes the request id and logs one line per request without the query string', async () => {
    const log = recordingLog();
    const app = Fastify({ genReqId: requestIdOf });
    await app.register(requestLog, { log });
    app.get('/x', async () => ({ ok: true }));
    const res = await app.inject({ url: '/x?rltoken=secret-key', headers: { 'x-request-id': 'trace-1' } });
    expect(res.headers['x-request-id']).toBe('trace-1');
    const line = log.lines.find((l) => l.msg === 'request');
    expect(line?.level).toBe('info');
    expect(line?.fields).toMatchObject({ reqId: 'trace-1', method: 'GET', path: '/x', status: 200 });
    expect(JSON.stringify(log.lines)).not.toContain('secret-key');
  });

  it('can be silenced', async () => {
    const log = recordingLog();
    const app = Fastify();
    await app.register(requestLog, { log, logRequests: false });
    app.get('/x', async () => ({ ok: true }));
    const res = await app.inject('/x');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(log.lines).toEqual([]);
  });
});
