import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '../../server/router.js';
import { APPLICATION_TAG, CheckFailure } from './check.js';
import { registerHealthRoutes, type HealthRoutes } from './http.js';
import { HealthRegistry } from './registry.js';

const SUBNET = '11111111111111111111111111111111LpoYY';

describe('health HTTP + JSON-RPC', () => {
  let server: Server;
  let base: string;
  let registry: HealthRegistry;
  let routes: HealthRoutes;
  let pHealthy = true;
  let networkRuns = 0;

  beforeAll(async () => {
    registry = new HealthRegistry();
    registry.health.register('network', () => { networkRuns++; return { connectedPeers: 4, sendFailRate: 0 }; }, [APPLICATION_TAG]);
    registry.health.register('P', () => {
      if (!pHealthy) throw new CheckFailure('block processing too long: 31s > 30s', { processingBlocks: 1 });
      return { processingBlocks: 0 };
    }, [SUBNET]);
    registry.health.register('L1', () => { throw new Error('l1 down'); }, ['subnetB']);
    registry.readiness.register('bootstrapped', () => [], [APPLICATION_TAG]);
    await registry.runAll();

    const router = new Router();
    routes = registerHealthRoutes(router, registry);
    // The smallest server loop: exact-path lookup, whole body, then the handler.
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://node');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (url.pathname === '/health') return routes.handleGet('health', url, res);
        const route = router.match(url.pathname);
        if (!route) { res.writeHead(404); res.end('404 page not found\n'); return; }
        void route.handler(req, res, Buffer.concat(chunks), url);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const rpc = (method: string, params?: unknown, path = '/ext/health') =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });

  it('GET /ext/health answers 503 with the full report when a check fails', async () => {
    const res = await fetch(`${base}/ext/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(text.endsWith('}\n')).toBe(true);
    const body = JSON.parse(text);
    expect(Object.keys(body.checks)).toEqual(['L1', 'P', 'network']);
    expect(body.healthy).toBe(false);
    expect(body.checks.L1).toMatchObject({ error: 'l1 down', contiguousFailures: 1 });
    expect(Object.keys(body.checks.L1)).toEqual(['error', 'timestamp', 'duration', 'contiguousFailures', 'timeOfFirstFailure']);
    expect(Object.keys(body.checks.P)).toEqual(['message', 'timestamp', 'duration']);
  });

  it('GET with ?tag= filters: the primary subnet is healthy even though L1 is not', async () => {
    const res = await fetch(`${base}/ext/health?tag=${SUBNET}`);
    expect(res.status).toBe(200);
    const body = await res.json() as { checks: object; healthy: boolean };
    expect(Object.keys(body.checks)).toEqual(['P', 'network']);
    expect(body.healthy).toBe(true);
    const both = await (await fetch(`${base}/ext/health?tag=${SUBNET}&tag=subnetB`)).json() as { checks: object };
    expect(Object.keys(both.checks)).toEqual(['L1', 'P', 'network']);
    const unknown = await (await fetch(`${base}/ext/health?tag=nothing`)).json() as { checks: object };
    expect(Object.keys(unknown.checks)).toEqual(['network']);
  });

  it('a failing tagged check turns the filtered GET into 503 after the next run', async () => {
    pHealthy = false;
    await registry.health.runChecks();
    const res = await fetch(`${base}/ext/health?tag=${SUBNET}`);
    expect(res.status).toBe(503);
    const text = await res.text();
    // Go's json.Encoder escapes '>' in the error text.
    expect(text).toContain('"error":"block processing too long: 31s \\u003e 30s"');
    const body = JSON.parse(text) as { checks: { P: { message: unknown; error: string } } };
    expect(body.checks.P.error).toBe('block processing too long: 31s > 30s');
    pHealthy = true;
    await registry.health.runChecks();
    expect((await fetch(`${base}/ext/health?tag=${SUBNET}`)).status).toBe(200);
  });

  it('POST JSON-RPC health.health / readiness / liveness always answer 200', async () => {
    const h = await rpc('health.health', { tags: ['subnetB'] });
    expect(h.status).toBe(200);
    const hb = await h.json() as { result: { checks: object; healthy: boolean }; id: number };
    expect(Object.keys(hb.result.checks)).toEqual(['L1', 'network']);
    expect(hb.result.healthy).toBe(false);
    const all = await (await rpc('health.health')).json() as { result: { checks: object } };
    expect(Object.keys(all.result.checks)).toEqual(['L1', 'P', 'network']);

    const r = await (await rpc('health.readiness', {})).json() as { result: { checks: { bootstrapped: { message: unknown } }; healthy: boolean } };
    expect(r.result.checks.bootstrapped.message).toEqual([]);
    expect(r.result.healthy).toBe(true);

    const l = await rpc('health.liveness', { tags: ['x'] });
    expect(await l.text()).toBe('{"jsonrpc":"2.0","result":{"checks":{},"healthy":true},"id":1}\n');
  });

  it('POST JSON-RPC rejects bad tags with the fixed params error and unknown methods', async () => {
    const bad = await (await rpc('health.health', { tags: 'x' })).json() as { error: { code: number; message: string } };
    expect(bad.error.message).toMatch(/^couldn't unmarshal an argument/);
    const unknown = await (await rpc('health.nope')).json() as { error: { message: string } };
    expect(unknown.error.message).toBe('rpc: can\'t find method "health.Nope"');
  });

  it('non-GET, non-POST methods on /ext/health go to the JSON-RPC layer (405)', async () => {
    const res = await fetch(`${base}/ext/health`, { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(await res.text()).toBe('rpc: POST method required, received PUT');
    const form = await fetch(`${base}/ext/health`, { method: 'POST', body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
  });

  it('/ext/health/{health,readiness,liveness} answer any method with the GET-style report', async () => {
    const h = await fetch(`${base}/ext/health/health`, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"health.liveness"}', headers: { 'content-type': 'application/json' } });
    expect(h.status).toBe(503);
    expect(Object.keys((await h.json() as { checks: object }).checks)).toEqual(['L1', 'P', 'network']);
    const r = await fetch(`${base}/ext/health/readiness`, { method: 'DELETE' });
    expect(r.status).toBe(200);
    expect(await r.text()).toMatch(/^\{"checks":\{"bootstrapped":\{"message":\[\],"timestamp":"[^"]+","duration":\d+\}\},"healthy":true\}\n$/);
    const l = await fetch(`${base}/ext/health/liveness?tag=whatever`, { method: 'PUT' });
    expect(l.status).toBe(200);
    expect(await l.text()).toBe('{"checks":{},"healthy":true}\n');
    const tagged = await fetch(`${base}/ext/health/health?tag=${SUBNET}`);
    expect(tagged.status).toBe(200);
  });

  it('the plain GET handler serves outside /ext too', async () => {
    const res = await fetch(`${base}/health?tag=nothing`);
    expect(res.status).toBe(200);
    expect(Object.keys((await res.json() as { checks: object }).checks)).toEqual(['network']);
  });

  it('serving reports does not run checks', async () => {
    const before = networkRuns;
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/ext/health`)).text();
    await (await rpc('health.health')).text();
    expect(networkRuns).toBe(before);
  });
});
