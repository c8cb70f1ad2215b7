import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

describe('encodeBody', () => {
  // JSON-like text with repeats near and far, so matches at every distance are on offer.
  const body = (length: number): Buffer => {
    let text = '';
    for (let i = 0; text.length < length; i++) text += `{"txHash":"0x${((i * 2654435761) >>> 0).toString(16).padStart(64, String(i % 10))}","amount":"${i * 7919}","type":"${['BaseTx', 'ExportTx', 'AddPermissionlessDelegatorTx'][i % 3]}"},`;
    return Buffer.from(text.slice(0, length));
  };

  it('gzips to the same bytes as the default 32 KiB window, the window fitted to the body', async () => {
    const { encodeBody, windowBitsFor } = await import('./compression.js');
    const sizes = [1, 250, 1024, 3000, 5218, 20_000, 40_000, 100_000];
    for (let w = 9; w <= 15; w++) sizes.push((1 << w) - 262 - 1, (1 << w) - 262, (1 << w) - 262 + 1);
    for (const size of sizes) {
      const b = body(size);
      expect(encodeBody(b, 'gzip').equals(gzipSync(b, { level: 6 })), `${size} bytes (window 2^${windowBitsFor(size)})`).toBe(true);
      expect(gunzipSync(encodeBody(b, 'gzip')).equals(b)).toBe(true);
    }
  });

  it('fits the window between 2^9 and 2^15 bytes, never shorter than the body plus deflate\'s lookahead', async () => {
    const { windowBitsFor } = await import('./compression.js');
    expect(windowBitsFor(0)).toBe(9);
    expect(windowBitsFor(250)).toBe(9);
    expect(windowBitsFor(251)).toBe(10);
    expect(windowBitsFor(4096 - 262)).toBe(12);
    expect(windowBitsFor(4096 - 261)).toBe(13);
    expect(windowBitsFor(10_000_000)).toBe(15);
  });
});
