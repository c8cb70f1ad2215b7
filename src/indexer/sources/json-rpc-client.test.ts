import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonRpcClient, RpcError, TransportError } from './json-rpc-client.js';

/**
 * Echoes each call's first param; `fail` gets an error; a method named `raw:<text>` is answered with that text as the
 * body; in a batch, every call after the first `big` one gets geth's -32003 (the reply passed its size cap).
 */
let server: Server;
let url: string;
const requestSizes: number[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
      const one = Array.isArray(parsed) ? parsed[0]! : parsed;
      if (one.method.startsWith('raw:')) {
        res.writeHead(502);
        res.end(one.method.slice(4));
        return;
      }
      requestSizes.push(Array.isArray(parsed) ? parsed.length : 1);
      let capped = false;
      const answer = (c: { id: number; method: string; params: unknown[] }) => {
        if (capped) return { jsonrpc: '2.0', id: c.id, error: { code: -32003, message: 'response too large' } };
        if (c.method === 'big' && Array.isArray(parsed)) capped = true;
        return c.method === 'fail' ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'nope' } } : { jsonrpc: '2.0', id: c.id, result: c.params[0] };
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer).reverse() : answer(parsed)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('JsonRpcClient', () => {
  it('decodes ASCII and UTF-8 answers alike', async () => {
    const client = new JsonRpcClient(url, { retries: 0 });
    expect(await client.call('echo', ['0xabcdef'])).toBe('0xabcdef');
    expect(await client.call('echo', ['héllo → 🌲 Firn'])).toBe('héllo → 🌲 Firn');
  });

  it('matches batched answers to calls by id, with each error in its place', async () => {
    const client = new JsonRpcClient(url, { retries: 0, maxBatchSize: 2 });
    const out = await client.callManySettled([
      { method: 'echo', params: ['a'] }, { method: 'fail', params: [] }, { method: 'echo', params: ['ü'] },
    ]);
    expect(out[0]).toBe('a');
    expect(out[1]).toBeInstanceOf(RpcError);
    expect(out[2]).toBe('ü');
  });

  it('asks again, one per request, for the calls a node refused because the batch reply grew past its cap', async () => {
    const client = new JsonRpcClient(url, { retries: 0 });
    requestSizes.length = 0;
    const out = await client.callManySettled([
      { method: 'echo', params: ['a'] }, { method: 'big', params: ['b'] }, { method: 'echo', params: ['c'] }, { method: 'fail', params: [] },
    ]);
    expect(out.slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect((out[3] as RpcError).code).toBe(-32000);
    expect(requestSizes).toEqual([4, 1, 1]);
  });

  it('reports a body that is not JSON-RPC as a transport error', async () => {
    const client = new JsonRpcClient(url, { retries: 0 });
    await expect(client.call('raw:<html>bad gateway</html>')).rejects.toThrow(TransportError);
    await expect(client.call('raw:<html>bad gateway</html>')).rejects.toThrow(/HTTP 502: <html>bad gateway/);
  });
});
