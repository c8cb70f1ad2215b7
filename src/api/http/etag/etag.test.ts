import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compression } from '../compression/compression.js';
import { etagOf, etags, ifNoneMatch, notModified } from './etag.js';

describe('etagOf / ifNoneMatch', () => {
  it('makes strong, distinct tags', () => {
    expect(etagOf('tx', 1, 2n)).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('tx', 1, 2n)).toBe(etagOf('tx', '1', '2'));
    expect(etagOf('tx', '12')).not.toBe(etagOf('tx', '1', '2'));
  });
  it('compares like RFC 9110 If-None-Match', () => {
    expect(ifNoneMatch('"a"', '"a"')).toBe(true);
    expect(ifNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatch('"x", "a"', '"a"')).toBe(true);
    expect(ifNoneMatch('*', '"a"')).toBe(true);
    expect(ifNoneMatch('"b"', '"a"')).toBe(false);
    expect(ifNoneMatch(undefined, '"a"')).toBe(false);
  });
});

describe('etags plugin', () => {
  let reads = 0;
  async function server() {
    const app = Fastify();
    await app.register(etags);
    await app.register(compression, { threshold: 10 });
    app.get('/tx/:hash', async (request, reply) => {
      const { hash } = request.params as { hash: string };
      if (notModified(request, reply, etagOf('tx', hash))) return reply.code(304).send();
      reads++;
      return { hash, value: 'x'.repeat(100) };
    });
    let version = 1;
    app.get('/hashed', { config: { etag: true } }, async () => ({ version }));
    app.post('/bump', async () => ({ version: ++version }));
    app.get('/plain', async () => ({ ok: true }));
    return app;
  }

  it('lets a handler answer 304 for an immutable resource before doing the work', async () => {
    const app = await server();
    const first = await app.inject({ url: '/tx/0xab', headers: { 'accept-encoding': 'gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const tag = first.headers.etag as string;
    expect(tag).toBe(etagOf('tx', '0xab'));
    const before = reads;
    const again = await app.inject({ url: '/tx/0xab', headers: { 'if-none-match': tag, 'accept-encoding': 'gzip' } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(reads).toBe(before);
    expect((await app.inject({ url: '/tx/0xcd', headers: { 'if-none-match': tag } })).statusCode).toBe(200);
  });

  it('hashes the body on routes that ask for it, and the tag follows the content', async () => {
    const app = await server();
    const a = await app.inject('/hashed');
    const tag = a.headers.etag as string;
    expect(tag).toBe(`"${createHash('sha1').update(a.rawPayload).digest('base64url')}"`);
    expect((await app.inject({ url: '/hashed', headers: { 'if-none-match': tag } })).statusCode).toBe(304);
    await app.inject({ method: 'POST', url: '/bump' });
    const changed = await app.inject({ url: '/hashed', headers: { 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('leaves other routes alone', async () => {
    const app = await server();
    expect((await app.inject('/plain')).headers.etag).toBeUndefined();
  });
});
