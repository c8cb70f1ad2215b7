import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors/http-errors.js';
import { createApiServer } from '../server/create-api-server.js';
import { SEND_AS_BUILT_MAX_BYTES } from './response-cache.js';

/** A server with the response cache over a version the test sets, a clock it moves, and routes that count their runs. */
async function server(options: { maxAgeMs?: number; maxBytes?: number } = {}) {
  const state = { version: 'v1', now: 1_700_000_000_000, runs: 0, delayMs: 0 };
  const app: FastifyInstance = await createApiServer({
    openApi: { title: 'Cache test' },
    pageTokens: { secret: 'response-cache-test-secret', ttlMs: 60_000 },
    rateLimits: { namespace: 'test', enabled: false },
    now: () => state.now,
    responseCache: { maxBytes: options.maxBytes ?? 1 << 20, ...(options.maxAgeMs !== undefined ? { maxAgeMs: options.maxAgeMs } : {}), version: async () => state.version },
  });
  const handler = async (request: { query: unknown }) => {
    const run = ++state.runs;
    const version = state.version; // what the store showed when the handler read it
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    return { run, version, query: request.query, filler: 'x'.repeat(2000) };
  };
  const query = { type: 'object', properties: { n: { type: 'integer' }, pageToken: { type: 'string' } } } as const;
  app.get('/v1/data', { schema: { querystring: query }, config: { responseCache: 'data', etag: true } }, handler);
  app.get('/v1/vary', { config: { responseCache: 'data' } }, async (_request, reply) => {
    void reply.header('vary', 'Origin');
    return { run: ++state.runs, filler: 'y'.repeat(2000) };
  });
  app.get('/v1/big', { config: { responseCache: 'data' } }, async () => ({ run: ++state.runs, filler: 'z'.repeat(100_000) }));
  app.get('/v1/mid', { config: { responseCache: 'data', etag: true } }, async () => ({ run: ++state.runs, version: state.version, filler: 'm'.repeat(SEND_AS_BUILT_MAX_BYTES) }));
  app.get('/v1/clock', { config: { responseCache: 'clock' } }, async () => ({ run: ++state.runs, second: Math.floor(state.now / 1000) }));
  app.get('/v1/plain', async () => ({ run: ++state.runs }));
  app.get('/v1/missing', { config: { responseCache: 'data' } }, async () => {
    state.runs++;
    throw new NotFoundError('nothing here');
  });
  app.get('/v1/token', { config: { responseCache: 'data' } }, async () => ({ run: ++state.runs, nextPageToken: app.pageTokens.issue([1], 'q') }));
  return { app, state };
}

describe('response cache', () => {
  it('answers the same URL from the kept answer while the version holds, and builds it again when it changes', async () => {
    const { app, state } = await server();
    const first = await app.inject('/v1/data?n=1');
    const again = await app.inject('/v1/data?n=1');
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(state.runs).toBe(1);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await app.inject('/v1/data?n=2')).json().run).toBe(2); // another URL
    state.version = 'v2';
    expect((await app.inject('/v1/data?n=1')).json()).toMatchObject({ run: 3, version: 'v2' });
    expect(app.responseStore).toMatchObject({ hits: 1, misses: 3 });
  });

  it('keeps nothing for routes without the option, for errors and for HEAD', async () => {
    const { app, state } = await server();
    await app.inject('/v1/plain');
    await app.inject('/v1/plain');
    expect(state.runs).toBe(2);
    expect((await app.inject('/v1/missing')).statusCode).toBe(404);
    expect((await app.inject('/v1/missing')).json()).toMatchObject({ statusCode: 404, message: 'nothing here' });
    expect(state.runs).toBe(4);
    expect((await app.inject({ method: 'HEAD', url: '/v1/data' })).statusCode).toBe(200);
    expect((await app.inject('/v1/data')).json().run).toBe(6);
  });

  it('a clock-dependent answer serves its second only', async () => {
    const { app, state } = await server();
    state.now = 1_700_000_000_100;
    expect((await app.inject('/v1/clock')).json().run).toBe(1);
    state.now = 1_700_000_000_900;
    expect((await app.inject('/v1/clock')).json().run).toBe(1);
    state.now = 1_700_000_001_000;
    expect((await app.inject('/v1/clock')).json().run).toBe(2);
  });

  it('answers expire after maxAgeMs', async () => {
    const { app, state } = await server({ maxAgeMs: 1000 });
    await app.inject('/v1/data');
    state.now += 999;
    expect((await app.inject('/v1/data')).json().run).toBe(1);
    state.now += 1;
    expect((await app.inject('/v1/data')).json().run).toBe(2);
  });

  it('an answer to a request with a page token is not reused past the token’s expiry', async () => {
    const { app, state } = await server();
    const token = app.pageTokens.issue([1], 'anything'); // expires 60 s after now
    const url = `/v1/data?pageToken=${token}`;
    await app.inject(url);
    state.now += 59_999;
    expect((await app.inject(url)).json().run).toBe(1);
    state.now += 1;
    expect((await app.inject(url)).json().run).toBe(2);
  });

  it('revalidation and compression still apply to kept answers', async () => {
    const { app } = await server();
    const first = await app.inject('/v1/data');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await app.inject({ url: '/v1/data', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const zipped = await app.inject({ url: '/v1/data', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    const bytes = app.responseStore!.bytes;
    const br = await app.inject({ url: '/v1/data', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    expect(app.responseStore!.bytes).toBeGreaterThan(bytes); // the compressed copy is kept and counted
    const again = await app.inject({ url: '/v1/data', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(app.responseStore!.hits).toBe(4);
  });

  it('a small first-time answer goes out as built, naming accept-encoding in Vary; its first reuse compresses and keeps it', async () => {
    const { app, state } = await server();
    const miss = await app.inject({ url: '/v1/data?n=3', headers: { 'accept-encoding': 'gzip' } });
    expect(miss.headers['content-encoding']).toBeUndefined();
    expect(miss.headers.vary).toBe('accept-encoding');
    expect(miss.rawPayload.length).toBeGreaterThan(2000);
    const kept = app.responseStore!.get('/v1/data?n=3')!;
    expect(kept.body.toString('utf8')).toBe(miss.body);
    expect(kept.encoded).toBeUndefined();
    const hit = await app.inject({ url: '/v1/data?n=3', headers: { 'accept-encoding': 'gzip' } });
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(gunzipSync(hit.rawPayload).toString('utf8')).toBe(miss.body);
    expect(kept.encoded?.gzip?.equals(hit.rawPayload)).toBe(true);
    expect(state.runs).toBe(1);
  });

  it('a larger first-time answer is compressed on its first request and kept compressed, so the first hit does not compress it again', async () => {
    const { app, state } = await server();
    const plain = await app.inject('/v1/mid');
    state.version = 'v2';
    const miss = await app.inject({ url: '/v1/mid', headers: { 'accept-encoding': 'gzip' } });
    expect(miss.headers['content-encoding']).toBe('gzip');
    expect(miss.headers.vary).toBe('accept-encoding');
    const body = gunzipSync(miss.rawPayload).toString('utf8');
    expect(body.length).toBeGreaterThan(SEND_AS_BUILT_MAX_BYTES);
    expect(JSON.parse(body)).toMatchObject({ run: 2, version: 'v2' });
    expect(miss.headers.etag).not.toBe(plain.headers.etag);
    const kept = app.responseStore!.get('/v1/mid')!;
    expect(kept.body.toString('utf8')).toBe(body);
    expect(kept.encoded?.gzip?.equals(miss.rawPayload)).toBe(true);
    const hit = await app.inject({ url: '/v1/mid', headers: { 'accept-encoding': 'gzip' } });
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(state.runs).toBe(2);
    // a client that takes no encoding gets the kept body as it is
    expect((await app.inject('/v1/mid')).body).toBe(body);
  });

  it('an answer too large to keep is left to the compression plugin, which streams a large body', async () => {
    const { app, state } = await server({ maxBytes: 200_000 });
    const zipped = await app.inject({ url: '/v1/big', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')).run).toBe(1);
    // streamed through zlib (no length known up front), not compressed in one piece on the event loop
    expect(zipped.headers['content-length']).toBeUndefined();
    expect(app.responseStore!.size).toBe(0);
    await app.inject({ url: '/v1/big', headers: { 'accept-encoding': 'gzip' } });
    expect(state.runs).toBe(2);
  });

  it('adds accept-encoding to a Vary header the route set, on the miss and on hits', async () => {
    const { app } = await server();
    const miss = await app.inject({ url: '/v1/vary', headers: { 'accept-encoding': 'br' } });
    expect(miss.headers['content-encoding']).toBeUndefined(); // small: sent as built the first time
    expect(miss.headers.vary).toBe('Origin, accept-encoding');
    expect(miss.json().run).toBe(1);
    const hit = await app.inject({ url: '/v1/vary', headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(hit.rawPayload).toString('utf8')).run).toBe(1);
    expect(hit.headers.vary).toContain('accept-encoding');
  });

  it('requests for an answer being built wait for it instead of building it again', async () => {
    const { app, state } = await server();
    state.delayMs = 50;
    const answers = await Promise.all([1, 2, 3, 4].map(() => app.inject('/v1/data?n=7')));
    expect(state.runs).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // under another version they do not wait for the old build
    const old = app.inject('/v1/data?n=8');
    await new Promise((r) => setTimeout(r, 10));
    state.version = 'v2';
    const fresh = await app.inject('/v1/data?n=8');
    expect((await old).json().version).toBe('v1');
    expect(fresh.json().version).toBe('v2');
    expect(state.runs).toBe(3);
  });

  it('a failed build lets the waiting requests build their own answer', async () => {
    const { app, state } = await server();
    let fail = true;
    app.get('/v1/flaky', { config: { responseCache: 'data' } }, async () => {
      state.runs++;
      await new Promise((r) => setTimeout(r, 30));
      if (fail) {
        fail = false;
        throw new NotFoundError('not yet');
      }
      return { run: state.runs };
    });
    const [a, b] = await Promise.all([app.inject('/v1/flaky'), app.inject('/v1/flaky')]);
    expect(a.statusCode).toBe(404);
    expect(b.statusCode).toBe(200);
  });

  it('maxBytes bounds what is kept', async () => {
    const { app, state } = await server({ maxBytes: 4 * 2600 });
    for (let n = 0; n < 10; n++) await app.inject(`/v1/data?n=${n}`);
    expect(app.responseStore!.bytes).toBeLessThanOrEqual(4 * 2600);
    await app.inject('/v1/data?n=0');
    expect(state.runs).toBe(11);
  });

  it('keeps each body and compressed copy in memory of its own size, so what it counts is what it holds', async () => {
    const { app } = await server();
    // Bodies under 4 KiB are built in Node's shared 8 KiB pool, and gzip's output is a view into its 16 KiB chunk:
    // a kept view would hold the whole block.
    const alone = (b: Buffer | undefined) => b !== undefined && b.byteOffset === 0 && b.buffer.byteLength === b.length;
    for (const url of ['/v1/data?n=1', '/v1/vary', '/v1/clock']) {
      await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      const kept = app.responseStore!.get(url)!;
      expect(kept.body.length).toBeLessThan(4096);
      expect(alone(kept.body)).toBe(true);
      if (kept.body.length >= 1024) expect(alone(kept.encoded?.gzip)).toBe(true);
    }
    await app.inject({ url: '/v1/mid', headers: { 'accept-encoding': 'br' } });
    const mid = app.responseStore!.get('/v1/mid')!;
    expect(alone(mid.body)).toBe(true);
    expect(alone(mid.encoded?.br)).toBe(true);
  });
});
