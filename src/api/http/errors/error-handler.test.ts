import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Log, LogFields } from '../../../lib/log.js';
import { errorHandling, errorResponse, pathOf } from './error-handler.js';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from './http-errors.js';

function recordingLog(): Log & { errors: Array<{ msg: string; fields?: LogFields }> } {
  const errors: Array<{ msg: string; fields?: LogFields }> = [];
  return { errors, debug() {}, info() {}, warn() {}, error: (msg, fields) => void errors.push({ msg, fields }) };
}

async function server(messageArrays?: 'validation' | 'always') {
  const log = recordingLog();
  const app = Fastify();
  await app.register(errorHandling, { log, ...(messageArrays ? { messageArrays } : {}) });
  app.get('/missing', async () => { throw new NotFoundError('Transaction 0xab not found'); });
  app.get('/bad', async () => { throw new BadRequestError('Invalid address format'); });
  app.get('/chain', async () => { throw ServiceUnavailableError.chain('c-chain'); });
  app.get('/crash', async () => { throw new Error('relation "evm_txs" does not exist at /srv/firn/store.ts:12'); });
  app.get('/crash-obj', async () => { throw Object.assign(new Error('pg failed'), { statusCode: 400, code: '42P01' }); });
  app.post('/echo', { schema: { body: { type: 'object', properties: { n: { type: 'integer', maximum: 5 } } } } }, async (r) => r.body);
  return { app, log };
}

describe('errorResponse', () => {
  it('maps thrown values to the error body', () => {
    expect(errorResponse(new NotFoundError('x')).body).toEqual({ message: 'x', statusCode: 404, error: 'Not Found' });
    expect(errorResponse('a string').body).toEqual({ message: 'Internal server error', statusCode: 500, error: 'Internal Server Error' });
    expect(errorResponse('a string').internal).toBe(true);
    expect(errorResponse(new NotFoundError('x'), 'always').body.message).toEqual(['x']);
  });
  it('strips query strings from paths', () => {
    expect(pathOf('/v1/chains?rltoken=abc')).toBe('/v1/chains');
    expect(pathOf('/v1/chains')).toBe('/v1/chains');
  });
});

describe('errorHandling plugin', () => {
  it('sends thrown HTTP errors as the seed body', async () => {
    const { app } = await server();
    const nf = await app.inject('/missing');
    expect(nf.statusCode).toBe(404);
    expect(nf.headers['content-type']).toContain('application/json');
    expect(nf.json()).toEqual({ message: 'Transaction 0xab not found', statusCode: 404, error: 'Not Found' });
    expect((await app.inject('/bad')).json()).toEqual({ message: ['Invalid address format'], statusCode: 400, error: 'Bad Request' });
    expect((await app.inject('/chain')).statusCode).toBe(503);
  });

  it('answers unknown routes and methods 404 "Cannot METHOD /path" without the query', async () => {
    const { app } = await server();
    const res = await app.inject('/v1/nothing?rltoken=secret');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cannot GET /v1/nothing', statusCode: 404, error: 'Not Found' });
    expect((await app.inject({ method: 'DELETE', url: '/missing' })).json()).toEqual({ message: 'Cannot DELETE /missing', statusCode: 404, error: 'Not Found' });
  });

  it('hides internals of unexpected errors and logs them instead', async () => {
    const { app, log } = await server();
    for (const url of ['/crash', '/crash-obj']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', statusCode: 500, error: 'Internal Server Error' });
      expect(res.body).not.toMatch(/evm_txs|pg failed|\.ts:|at /);
    }
    expect(log.errors).toHaveLength(2);
    expect(log.errors[0]!.fields).toMatchObject({ path: '/crash', error: expect.stringContaining('evm_txs') });
    expect(String(log.errors[0]!.fields?.stack)).toContain('Error:');
  });

  it('reports validation failures and Fastify client errors as 400 arrays', async () => {
    const { app } = await server();
    const invalid = await app.inject({ method: 'POST', url: '/echo', payload: { n: 9 } });
    expect(invalid.json()).toEqual({ message: ['n must not be greater than 5'], statusCode: 400, error: 'Bad Request' });
    const badJson = await app.inject({ method: 'POST', url: '/echo', payload: '{"n":', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    expect(Array.isArray(badJson.json().message)).toBe(true);
    expect(badJson.json().error).toBe('Bad Request');
    const media = await app.inject({ method: 'POST', url: '/echo', payload: 'x', headers: { 'content-type': 'application/x-thing' } });
    expect(media.statusCode).toBe(415);
    expect(media.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    expect(typeof media.json().message).toBe('string');
  });

  it('can make every message an array (Metrics API)', async () => {
    const { app } = await server('always');
    expect((await app.inject('/missing')).json().message).toEqual(['Transaction 0xab not found']);
    expect((await app.inject('/nowhere')).json().message).toEqual(['Cannot GET /nowhere']);
    expect((await app.inject('/crash')).json().message).toEqual(['Internal server error']);
  });
});
