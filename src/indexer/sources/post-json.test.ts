import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, postJson, PostFailedError } from './post-json.js';

let server: Server;
let base: string;
/** Requests seen per socket, for /closing (which drops a kept-alive socket when its second request arrives). */
const seen = new WeakMap<object, number>();
beforeAll(async () => {
  server = createServer((req, res) => {
    const count = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, count);
    if (req.url === '/closing' && count > 1) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.url === '/echo') {
        res.writeHead(200, { 'content-type': 'application/json' });
        // Written in several chunks, the way a large answer arrives.
        for (let i = 0; i < body.length; i += 7) res.write(body.slice(i, i + 7));
        res.end();
      } else if (req.url === '/closing') {
        res.writeHead(200);
        res.end('answered');
      } else if (req.url === '/status') {
        res.writeHead(503);
        res.end('busy');
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"partial":');
        setTimeout(() => res.destroy(), 20);
      } else if (req.url === '/auth') {
        res.writeHead(200);
        res.end(req.headers.authorization ?? 'none');
      } else if (req.url === '/moved') {
        res.writeHead(308, { location: '/echo' });
        res.end();
      } else if (req.url === '/found') {
        res.writeHead(302, { location: `${base}/moved` });
        res.end();
      } else if (req.url === '/loop') {
        res.writeHead(307, { location: '/loop' });
        res.end();
      } else if (req.url === '/slow') {
        res.writeHead(200);
        res.write('[');
        setTimeout(() => res.end(']'), 2_000);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

describe('postJson', () => {
  it('sends the JSON and collects an answer written in many chunks, UTF-8 intact', async () => {
    const json = JSON.stringify({ method: 'echo', params: ['héllo → 🌲', 'x'.repeat(50_000)] });
    const answer = await postJson(`${base}/echo`, json, 5_000);
    expect(answer.status).toBe(200);
    expect(bodyOf(answer).toString('utf8')).toBe(json);
  });

  it('posts the same JSON again to where a redirect points, a bounded number of times', async () => {
    const json = JSON.stringify({ method: 'eth_chainId', params: [] });
    expect(bodyOf(await postJson(`${base}/moved`, json, 5_000)).toString()).toBe(json);
    expect(bodyOf(await postJson(`${base}/found`, json, 5_000)).toString()).toBe(json);
    await expect(postJson(`${base}/loop`, json, 5_000)).rejects.toThrow(/more than 5 redirects/);
  });

  it('sends the credentials of a URL as basic authorization (fetch refused such URLs)', async () => {
    const answer = await postJson(base.replace('http://', 'http://rpc:s%40cret@') + '/auth', '{}', 5_000);
    expect(bodyOf(answer).toString()).toBe(`Basic ${Buffer.from('rpc:s@cret').toString('base64')}`);
  });

  it('sends a request again on a new socket when the server closed the kept-alive one it went out on', async () => {
    for (let i = 0; i < 3; i++) expect(bodyOf(await postJson(`${base}/closing`, '{}', 5_000)).toString()).toBe('answered');
  });

  it('answers any HTTP status with its body, for the caller to judge', async () => {
    const answer = await postJson(`${base}/status`, '{}', 5_000);
    expect(answer.status).toBe(503);
    expect(bodyOf(answer).toString()).toBe('busy');
  });

  it('fails on a refused connection, an answer cut off, a deadline passed and a URL it cannot use', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(postJson(`http://127.0.0.1:${port}/`, '{}', 5_000)).rejects.toThrow(/ECONNREFUSED/);
    await expect(postJson(`${base}/cut`, '{}', 5_000)).rejects.toBeInstanceOf(PostFailedError);
    const started = Date.now();
    await expect(postJson(`${base}/slow`, '{}', 300)).rejects.toThrow(/no complete answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(postJson('ftp://example.com/', '{}', 1_000)).rejects.toThrow(/unsupported protocol ftp:/);
    await expect(postJson('not a url', '{}', 1_000)).rejects.toThrow(/invalid URL/);
  });
});
