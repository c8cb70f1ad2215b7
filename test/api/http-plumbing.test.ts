// The shared HTTP plumbing end to end: a small demo route set shaped like the Data API's, served by
// createApiServer, exercised with fastify.inject and (for the Redis-shared budget) real listening servers.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Log, LogFields } from '../../src/lib/log.js';
import {
  BadRequestError,
  createApiServer,
  etagOf,
  notModified,
  NotFoundError,
  openPage,
  ServiceUnavailableError,
  type ApiServerOptions,
} from '../../src/api/http/index.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;
/** A fixed instant 5 s into a minute window, so budgets never roll over during a test. */
const T0 = 29_000_000 * MINUTE + 5_000;

interface Tx {
  txHash: string;
  blockTimestamp: number;
  txType: string;
  internalNote: string;
}

const TX_TYPES = ['AddValidatorTx', 'AddDelegatorTx', 'ConvertSubnetToL1Tx', 'IncreaseL1ValidatorBalanceTx'];
const TXS: Tx[] = Array.from({ length: 25 }, (_, i) => ({
  txHash: `tx${String(i).padStart(2, '0')}`,
  blockTimestamp: 1_700_000_000 + Math.floor(i / 2), // pairs share a timestamp: the cursor needs its tie-breaker
  txType: TX_TYPES[i % TX_TYPES.length]!,
  internalNote: 'not in the schema',
}));

const errorRef = { $ref: 'ErrorBody#' };

function recordingLog(): Log & { lines: Array<{ level: string; msg: string; fields?: LogFields }> } {
  const lines: Array<{ level: string; msg: string; fields?: LogFields }> = [];
  const at = (level: string) => (msg: string, fields?: LogFields) => void lines.push({ level, msg, fields });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Demo routes: what a Data API route does with the plumbing. */
function addDemoRoutes(app: FastifyInstance): void {
  app.get('/v1/chains', {
    schema: { operationId: 'supportedChains', response: { 200: { type: 'object', properties: { chains: { type: 'array', items: { type: 'object', properties: { chainId: { type: 'string' } }, required: ['chainId'] } } }, required: ['chains'] } } },
    config: { weight: 'free' },
  }, async () => ({ chains: [{ chainId: '43114', secret: 'stripped by the serializer' }] }));

  app.get('/v1/networks/:network/blockchains/:blockchainId/transactions', {
    schema: {
      operationId: 'listLatestPrimaryNetworkTransactions',
      params: {
        type: 'object',
        properties: { network: { type: 'string', enum: ['mainnet', 'fuji', 'testnet'] }, blockchainId: { type: 'string' } },
        required: ['network', 'blockchainId'],
      },
      querystring: {
        type: 'object',
        properties: {
          addresses: { type: 'string', pattern: '^([PX]-)?(avax|fuji)1[a-z0-9]{6,}(,([PX]-)?(avax|fuji)1[a-z0-9]{6,})*$', errorMessage: 'Invalid address format' },
          txTypes: { type: 'array', items: { type: 'string', enum: TX_TYPES } },
          startTimestamp: { type: 'integer', minimum: 0 },
          pageToken: { type: 'string' },
          pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
          sortOrder: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
        },
      },
      response: {
        200: {
          type: 'object',
          properties: {
            nextPageToken: { type: 'string' },
            transactions: { type: 'array', items: { type: 'object', properties: { txHash: { type: 'string' }, blockTimestamp: { type: 'integer' }, txType: { type: 'string' } }, required: ['txHash', 'blockTimestamp', 'txType'] } },
          },
          required: ['transactions'],
        },
      },
    },
    config: { weight: 'xl' },
  }, async (request) => {
    const q = request.query as { txTypes?: string[]; sortOrder: 'asc' | 'desc'; startTimestamp?: number; addresses?: string };
    if ((q.txTypes || q.startTimestamp !== undefined) && !q.addresses) throw new BadRequestError('txTypes and timestamp filters require addresses');
    const page = openPage<[number, string]>(request);
    const dir = q.sortOrder === 'asc' ? 1 : -1;
    const key = (t: Tx): [number, string] => [t.blockTimestamp, t.txHash];
    const after = (t: Tx) => {
      if (!page.cursor) return true;
      const [ts, hash] = page.cursor;
      return dir * (t.blockTimestamp - ts) > 0 || (t.blockTimestamp === ts && dir * t.txHash.localeCompare(hash) > 0);
    };
    const rows = TXS.filter((t) => (!q.txTypes || q.txTypes.includes(t.txType)) && after(t))
      .sort((a, b) => dir * (a.blockTimestamp - b.blockTimestamp || a.txHash.localeCompare(b.txHash)))
      .slice(0, page.limit);
    const { items, nextPageToken } = page.pageResponse(rows, key);
    return { transactions: items, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  app.get('/v1/chains/:chainId/transactions/:txHash', {
    schema: {
      operationId: 'getTransaction',
      response: { 200: { type: 'object', properties: { txHash: { type: 'string' }, blockTimestamp: { type: 'integer' } }, required: ['txHash'] }, 304: { description: 'Not Modified', type: 'null' } },
    },
  }, async (request, reply) => {
    const { chainId, txHash } = request.params as { chainId: string; txHash: string };
    if (chainId === 'unavailable') throw ServiceUnavailableError.chain(chainId, 'its node is not reachable');
    if (notModified(request, reply, etagOf('evm-tx', 'v1', chainId, txHash))) return reply.code(304).send();
    const tx = TXS.find((t) => t.txHash === txHash);
    if (!tx) throw new NotFoundError(`Transaction ${txHash} not found`);
    return tx;
  });

  app.post('/v1/signatureAggregator/:network/aggregateSignatures', {
    schema: {
      operationId: 'aggregateSignatures',
      body: { type: 'object', properties: { message: { type: 'string' }, quorumPercentage: { type: 'integer', minimum: 0, maximum: 100, default: 67 } } },
      response: { 201: { type: 'object', properties: { signedMessage: { type: 'string' } }, required: ['signedMessage'] }, 400: errorRef },
    },
  }, async (request, reply) => {
    const body = request.body as { message?: string; quorumPercentage: number };
    if (!body.message) throw new BadRequestError('Must provide either message or justification');
    return reply.code(201).send({ signedMessage: `${body.message}${body.quorumPercentage}` });
  });

  app.get('/v1/crash', async () => {
    throw new Error('connection to postgres://firn:password@db/firn lost');
  });
}

interface Harness {
  app: FastifyInstance;
  clock: { t: number };
  log: ReturnType<typeof recordingLog>;
}

async function harness(overrides: Partial<ApiServerOptions> = {}): Promise<Harness> {
  const clock = { t: T0 };
  const log = recordingLog();
  const app = await createApiServer({
    openApi: { title: 'Firn Data API (demo)', description: 'plumbing test', servers: [{ url: 'http://localhost:8080' }] },
    log,
    now: () => clock.t,
    pageTokens: { secret: 'plumbing-test-secret-0123' },
    apiKeys: { tiers: { tiny: { cuPerMinute: 250 } }, keys: [{ key: 'pro-key-0000001', tier: 'pro', name: 'pro-user' }, { key: 'tiny-key-000001', tier: 'tiny' }] },
    rateLimits: { namespace: 'demo' },
    health: { checks: { database: async () => true } },
    ...overrides,
  });
  addDemoRoutes(app);
  await app.ready();
  return { app, clock, log };
}

const LIST = '/v1/networks/fuji/blockchains/p-chain/transactions';

describe('validation and serialization', () => {
  it('coerces query strings and answers a 400 with every message in an array', async () => {
    const { app } = await harness();
    expect((await app.inject(`${LIST}?pageSize=3`)).json().transactions).toHaveLength(3);
    const res = await app.inject(`${LIST}?pageSize=101&sortOrder=up`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ['pageSize must not be greater than 100', 'sortOrder must be one of the following values: asc, desc'],
      statusCode: 400,
      error: 'Bad Request',
    });
    expect((await app.inject('/v1/networks/devnet/blockchains/p-chain/transactions')).json().message).toEqual(['network must be one of the following values: mainnet, fuji, testnet']);
    expect((await app.inject(`${LIST}?pageSize=abc`)).json().message).toEqual(['pageSize must be an integer number']);
    expect((await app.inject(`${LIST}?addresses=0xnothing`)).json()).toEqual({ message: ['Invalid address format'], statusCode: 400, error: 'Bad Request' });
  });

  it('accepts array parameters repeated or comma-separated', async () => {
    const { app } = await harness();
    const a = '&addresses=P-fuji1abcdefgh';
    const repeated = (await app.inject(`${LIST}?txTypes=AddValidatorTx&txTypes=AddDelegatorTx${a}&pageSize=100`)).json();
    const comma = (await app.inject(`${LIST}?txTypes=AddValidatorTx,AddDelegatorTx${a}&pageSize=100`)).json();
    expect(repeated).toEqual(comma);
    expect(new Set(repeated.transactions.map((t: Tx) => t.txType))).toEqual(new Set(['AddValidatorTx', 'AddDelegatorTx']));
    expect(repeated.transactions).toHaveLength(13);
    const bad = await app.inject(`${LIST}?txTypes=AddValidatorTx,Bogus${a}`);
    expect(bad.json().message).toEqual([`each value in txTypes must be one of the following values: ${TX_TYPES.join(', ')}`]);
    expect((await app.inject(`${LIST}?txTypes=AddValidatorTx`)).json().message).toEqual(['txTypes and timestamp filters require addresses']);
  });

  it('serializes responses from their schemas: fields outside the schema never leak', async () => {
    const { app } = await harness();
    expect((await app.inject('/v1/chains')).json()).toEqual({ chains: [{ chainId: '43114' }] });
    expect((await app.inject(`${LIST}?pageSize=1`)).json().transactions[0]).toEqual({ txHash: 'tx24', blockTimestamp: 1_700_000_012, txType: 'AddValidatorTx' });
  });

  it('validates bodies and answers 201 where the route says so', async () => {
    const { app } = await harness();
    const ok = await app.inject({ method: 'POST', url: '/v1/signatureAggregator/fuji/aggregateSignatures', payload: { message: '0xab' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ signedMessage: '0xab67' });
    const missing = await app.inject({ method: 'POST', url: '/v1/signatureAggregator/fuji/aggregateSignatures', payload: {} });
    expect(missing.json()).toEqual({ message: ['Must provide either message or justification'], statusCode: 400, error: 'Bad Request' });
    const range = await app.inject({ method: 'POST', url: '/v1/signatureAggregator/fuji/aggregateSignatures', payload: { message: '0x', quorumPercentage: 101 } });
    expect(range.json().message).toEqual(['quorumPercentage must not be greater than 100']);
  });
});

describe('errors', () => {
  it('404s unknown resources and unknown routes with the same body', async () => {
    const { app } = await harness();
    expect((await app.inject('/v1/chains/43114/transactions/0xnope')).json()).toEqual({ message: 'Transaction 0xnope not found', statusCode: 404, error: 'Not Found' });
    const route = await app.inject('/v1/unknown/route');
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({ message: 'Cannot GET /v1/unknown/route', statusCode: 404, error: 'Not Found' });
    expect((await app.inject({ method: 'PUT', url: '/v1/chains' })).json()).toEqual({ message: 'Cannot PUT /v1/chains', statusCode: 404, error: 'Not Found' });
  });

  it('answers 503 for a chain whose data is unavailable', async () => {
    const { app } = await harness();
    const res = await app.inject('/v1/chains/unavailable/transactions/0xab');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Chain unavailable is unavailable: its node is not reachable', statusCode: 503, error: 'Service Unavailable' });
  });

  it('never sends internals of a crash, and logs them', async () => {
    const { app, log } = await harness();
    const res = await app.inject('/v1/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', statusCode: 500, error: 'Internal Server Error' });
    expect(res.body).not.toContain('postgres');
    expect(log.lines.find((l) => l.level === 'error')?.fields).toMatchObject({ path: '/v1/crash', reqId: res.headers['x-request-id'] });
  });
});

describe('pagination', () => {
  async function walk(app: FastifyInstance, query: string): Promise<{ hashes: string[]; pages: number }> {
    const hashes: string[] = [];
    let pages = 0;
    let token: string | undefined;
    do {
      const res = await app.inject(`${LIST}?${query}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      hashes.push(...body.transactions.map((t: Tx) => t.txHash));
      token = body.nextPageToken;
      pages++;
    } while (token);
    return { hashes, pages };
  }

  it('walks a keyset in both orders, each row once, the last page without nextPageToken', async () => {
    const { app } = await harness();
    const desc = await walk(app, 'pageSize=4');
    expect(desc.pages).toBe(7);
    expect(desc.hashes).toEqual(TXS.map((t) => t.txHash).reverse());
    const asc = await walk(app, 'pageSize=5&sortOrder=asc');
    expect(asc.pages).toBe(5);
    expect(asc.hashes).toEqual(TXS.map((t) => t.txHash));
    const exact = (await app.inject(`${LIST}?pageSize=25`)).json();
    expect(exact.transactions).toHaveLength(25);
    expect('nextPageToken' in exact).toBe(false);
  });

  it('rejects tampered, foreign-query and expired tokens with a 400', async () => {
    const { app, clock } = await harness();
    const token: string = (await app.inject(`${LIST}?pageSize=4`)).json().nextPageToken;
    const [body] = token.split('.') as [string];
    const forged = `${Buffer.from(JSON.stringify({ v: 1, c: [0, 'tx00'], q: 'x', t: T0 })).toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [`${body}x.${token.split('.')[1]}`, forged, 'not-a-token']) {
      const res = await app.inject(`${LIST}?pageSize=4&pageToken=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(['pageToken is invalid: pass the nextPageToken of a previous response unchanged']);
    }
    const other = await app.inject(`${LIST}?pageSize=4&sortOrder=asc&pageToken=${token}`);
    expect(other.json().message).toEqual(['pageToken belongs to a different query: repeat the parameters of the request that returned it']);
    expect((await app.inject(`/v1/networks/mainnet/blockchains/p-chain/transactions?pageToken=${token}`)).statusCode).toBe(400);
    clock.t += 24 * 60 * MINUTE + 1;
    const expired = await app.inject(`${LIST}?pageSize=4&pageToken=${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toEqual(['pageToken has expired (page tokens are valid for 24 hours): start again from the first page']);
  });
});

describe('keys and rate limits', () => {
  it('applies the anonymous tier without a key and a key\'s tier with one, in any of the three places', async () => {
    const { app } = await harness();
    const anon = await app.inject('/v1/chains');
    expect(anon.headers).toMatchObject({ 'ratelimit-limit': '6000', 'ratelimit-remaining': '5999', 'ratelimit-policy': '6000;w=60', 'ratelimit-reset': '55' });
    for (const req of [{ url: '/v1/chains', headers: { 'x-service-api-key': 'pro-key-0000001' } }, { url: '/v1/chains', headers: { 'x-glacier-api-key': 'pro-key-0000001' } }, { url: '/v1/chains?rltoken=pro-key-0000001' }]) {
      expect((await app.inject(req)).headers['ratelimit-limit']).toBe('20000');
    }
    const unknown = await app.inject({ url: '/v1/chains', headers: { 'x-glacier-api-key': 'who-knows-this' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid API key', statusCode: 401, error: 'Unauthorized' });
  });

  it('charges route weights and answers 429 with retry-after and CORS headers', async () => {
    const { app } = await harness();
    const tiny = { 'x-service-api-key': 'tiny-key-000001', origin: 'https://wallet.example' };
    expect((await app.inject({ url: `${LIST}?pageSize=1`, headers: tiny })).headers['ratelimit-remaining']).toBe('150'); // xl = 100
    expect((await app.inject({ url: '/v1/chains/43114/transactions/tx01', headers: tiny })).headers['ratelimit-remaining']).toBe('130'); // default medium = 20
    expect((await app.inject({ url: `${LIST}?pageSize=1`, headers: tiny })).headers['ratelimit-remaining']).toBe('30');
    const limited = await app.inject({ url: `${LIST}?pageSize=1`, headers: tiny });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('55');
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((await app.inject({ url: '/v1/chains', headers: tiny })).statusCode).toBe(200); // 1 CU still fits
    expect((await app.inject('/api-json')).headers['ratelimit-limit']).toBeUndefined(); // docs are free
  });
});

describe('CORS, compression, ETags, request ids', () => {
  it('allows any origin and exposes the rate-limit headers; preflight needs no key', async () => {
    const { app } = await harness();
    const res = await app.inject({ url: '/v1/chains', headers: { origin: 'https://app.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('ratelimit-remaining');
    const pre = await app.inject({ method: 'OPTIONS', url: '/v1/chains', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-glacier-api-key' } });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['ratelimit-limit']).toBeUndefined();
  });

  it('compresses large bodies with br', async () => {
    const { app } = await harness();
    const res = await app.inject({ url: `${LIST}?pageSize=100`, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).transactions).toHaveLength(25);
  });

  it('answers 304 for an immutable resource the client already has', async () => {
    const { app } = await harness();
    const first = await app.inject('/v1/chains/43114/transactions/tx03');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toContain('immutable');
    const again = await app.inject({ url: '/v1/chains/43114/transactions/tx03', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives every response a request id and logs one line per request', async () => {
    const { app, log } = await harness();
    const res = await app.inject({ url: '/v1/chains?rltoken=pro-key-0000001', headers: { 'x-request-id': 'req-42' } });
    expect(res.headers['x-request-id']).toBe('req-42');
    expect(log.lines.find((l) => l.msg === 'request')?.fields).toMatchObject({ reqId: 'req-42', method: 'GET', path: '/v1/chains', status: 200 });
    expect(JSON.stringify(log.lines)).not.toContain('pro-key-0000001');
    const generated = (await app.inject('/v1/chains')).headers['x-request-id'];
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and documentation', () => {
  it('serves the terminus-shaped health and live checks', async () => {
    const { app } = await harness();
    for (const url of ['/v1/health-check', '/v1/live-check']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } });
    }
  });

  it('documents the routes in OpenAPI 3.1 at /api-json and serves Swagger UI at /api', async () => {
    const { app } = await harness();
    const doc = (await app.inject('/api-json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Firn Data API (demo)');
    expect(doc.servers).toEqual([{ url: 'http://localhost:8080' }]);
    const list = doc.paths['/v1/networks/{network}/blockchains/{blockchainId}/transactions'].get;
    expect(list.operationId).toBe('listLatestPrimaryNetworkTransactions');
    expect(list['x-execution-weight']).toBe('xl');
    expect(list.parameters.find((p: { name: string }) => p.name === 'txTypes').schema.type).toBe('array');
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '429', '503']));
    expect(doc.paths['/v1/health-check'].get.operationId).toBe('data-health-check');
    expect(doc.paths['/v1/signatureAggregator/{network}/aggregateSignatures'].post.responses['201']).toBeDefined();
    const ui = await app.inject('/api');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('rate limits shared through Redis by two listening servers', async () => {
  const namespace = `plumbing-${randomUUID()}`;
  const clock = { t: T0 };
  const servers: FastifyInstance[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  async function replica(): Promise<string> {
    const app = await createApiServer({
      openApi: { title: 'replica' },
      now: () => clock.t,
      pageTokens: { secret: 'shared-replica-secret-01' },
      apiKeys: { tiers: { shared: { cuPerMinute: 100 } }, keys: [{ key: 'shared-key-00001', tier: 'shared' }] },
      rateLimits: { namespace, redisUrl: REDIS_URL },
    });
    addDemoRoutes(app);
    servers.push(app);
    return app.listen({ host: '127.0.0.1', port: 0 });
  }

  it('spends one budget across replicas and reports Redis in the health check', async () => {
    const [a, b] = [await replica(), await replica()];
    const get = (base: string) => fetch(`${base}/v1/chains/43114/transactions/tx01`, { headers: { 'x-glacier-api-key': 'shared-key-00001' } });
    const remaining: string[] = [];
    for (const base of [a, b, a, b, a]) {
      const res = await get(base);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['80', '60', '40', '20', '0']);
    for (const base of [a, b]) {
      const res = await get(base);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('55');
      expect(await res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    }
    clock.t += MINUTE;
    expect((await get(b)).headers.get('ratelimit-remaining')).toBe('80');
    const healthRes = await fetch(`${a}/v1/health-check`);
    expect(((await healthRes.json()) as any).details.redis).toEqual({ status: 'up' });
  });

  it('pages started on one replica continue on the other (shared secret)', async () => {
    const [a, b] = [await replica(), await replica()];
    const first = (await (await fetch(`${a}${LIST}?pageSize=10`)).json()) as any;
    const second = (await (await fetch(`${b}${LIST}?pageSize=10&pageToken=${first.nextPageToken}`)).json()) as any;
    expect(second.transactions[0].txHash).toBe('tx14');
  });
});
