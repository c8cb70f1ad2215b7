import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compression } from './compression.js';

const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ txHash: `0x${i.toString(16).padStart(64, '0')}`, blockNumber: String(1000 + i) })) };

async function server() {
  const app = Fastify();
  await app.register(compression, {});
  app.get('/big', async () => BIG);
  app.get('/small', async () => ({ ok: true }));
  return app;
}

describe('compression plugin', () => {
  it('answers br or gzip as the client prefers', async () => {
    const app = await server();
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);
    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(BIG);
    expect(gz.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 2);
  });

  it('sends plain bodies to clients without Accept-Encoding and for small bodies', async () => {
    const app = await server();
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(BIG);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });
});

describe('negotiateEncoding', () => {
  it('takes the highest q among br and gzip, br on a tie', async () => {
    const { negotiateEncoding } = await import('./compression.js');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});
