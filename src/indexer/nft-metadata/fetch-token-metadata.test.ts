import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METADATA_FETCH, fetchTokenMetadata } from './fetch-token-metadata.js';
import { isPrivateAddress } from './private-address.js';
import { resolveTokenUri } from './resolve-token-uri.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/ok/7') return res.end(JSON.stringify({ name: 'Seven', image: 'ipfs://QmImage', attributes: [{ trait_type: 'a', value: 1 }], background_color: 'ffffff' }));
    if (path === '/redirect') return res.writeHead(302, { location: '/ok/7' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/big') return res.end('x'.repeat(2000));
    if (path === '/throttled') return res.writeHead(429).end();
    if (path === '/array') return res.end('[1,2]');
    if (path === '/notjson') return res.end('<html>');
    if (path === '/slow') return setTimeout(() => res.end('{}'), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const local = { ...DEFAULT_METADATA_FETCH, allowPrivateAddresses: true, maxBytes: 1000, timeoutMs: 500 };

describe('fetchTokenMetadata', () => {
  it('fetches, follows redirects and maps fields, rewriting ipfs:// through the gateway', async () => {
    const outcome = await fetchTokenMetadata(`${base}/redirect`, 7n, local);
    expect(outcome).toEqual({
      status: 'INDEXED',
      metadata: { name: 'Seven', imageUri: 'https://ipfs.io/ipfs/QmImage', attributes: '[{"trait_type":"a","value":1}]', background: 'ffffff' },
    });
  });

  it('refuses private addresses unless allowed', async () => {
    const outcome = await fetchTokenMetadata(`${base}/ok/7`, 7n, { ...local, allowPrivateAddresses: false });
    expect(outcome.status).toBe('UNREACHABLE_TOKEN_URI');
    const byName = await fetchTokenMetadata(`http://localhost:${new URL(base).port}/ok/7`, 7n, { ...local, allowPrivateAddresses: false });
    expect(byName).toMatchObject({ status: 'UNREACHABLE_TOKEN_URI' });
  });

  it('gives each failure its status', async () => {
    expect((await fetchTokenMetadata(`${base}/big`, 1n, local)).status).toBe('METADATA_CONTENT_TOO_LARGE');
    expect((await fetchTokenMetadata(`${base}/throttled`, 1n, local)).status).toBe('THROTTLED_TOKEN_URI');
    expect((await fetchTokenMetadata(`${base}/array`, 1n, local)).status).toBe('INVALID_METADATA');
    expect((await fetchTokenMetadata(`${base}/notjson`, 1n, local)).status).toBe('INVALID_METADATA_JSON');
    expect((await fetchTokenMetadata(`${base}/missing`, 1n, local)).status).toBe('UNREACHABLE_TOKEN_URI');
    expect((await fetchTokenMetadata(`${base}/loop`, 1n, local)).status).toBe('UNREACHABLE_TOKEN_URI');
    expect((await fetchTokenMetadata(`${base}/slow`, 1n, { ...local, timeoutMs: 100 })).status).toBe('UNREACHABLE_TOKEN_URI');
    expect((await fetchTokenMetadata('', 1n, local)).status).toBe('INVALID_TOKEN_URI');
    expect((await fetchTokenMetadata('ftp://x/y', 1n, local)).status).toBe('INVALID_TOKEN_URI_SCHEME');
    expect((await fetchTokenMetadata('not a uri', 1n, local)).status).toBe('INVALID_TOKEN_URI');
  });

  it('reads data: URIs, base64 and percent-encoded', async () => {
    const json = JSON.stringify({ name: 'On-chain', decimals: 0, properties: { p: 1 } });
    const b64 = await fetchTokenMetadata(`data:application/json;base64,${Buffer.from(json).toString('base64')}`, 1n, local);
    expect(b64).toEqual({ status: 'INDEXED', metadata: { name: 'On-chain', decimals: 0, properties: '{"p":1}' } });
    const plain = await fetchTokenMetadata(`data:application/json,${encodeURIComponent(json)}`, 1n, local);
    expect(plain.status).toBe('INDEXED');
  });
});

describe('resolveTokenUri', () => {
  it('substitutes ERC-1155 {id} as 64 hex digits and maps ipfs forms', () => {
    const r = resolveTokenUri('https://x.io/{id}.json', 255n, DEFAULT_METADATA_FETCH);
    expect(r.kind === 'http' && r.url.toString()).toBe(`https://x.io/${'0'.repeat(62)}ff.json`);
    const i = resolveTokenUri('ipfs://ipfs/QmA/1', 1n, { ipfsGateway: 'http://gw.local/ipfs' });
    expect(i.kind === 'http' && i.url.toString()).toBe('http://gw.local/ipfs/QmA/1');
  });
});

describe('isPrivateAddress', () => {
  it('classifies v4 and v6 ranges', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:1.1.1.1']) expect(isPrivateAddress(a), a).toBe(false);
  });
});
