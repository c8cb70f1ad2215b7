import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksumOf, decodeHexNoChecksum, encodeHexNoChecksum } from '../../../codec/container/checksum-hex.js';
import { DOCUMENTED_X_TX_HEX, DOCUMENTED_X_TX_ID } from '../../../codec/container/documented-examples.fixtures.js';
import { idToString } from '../../../lib/cb58.js';
import { sha256 } from '../../../lib/hash.js';
import { createNodeHttpServer } from '../../server/http-server.js';
import { Router } from '../../server/router.js';
import { PARAMS_ERROR_MESSAGE, RpcArgs } from '../../server/rpc-args.js';
import { openMemoryStore } from '../../storage/kv.js';
import { ContainerIndex } from './container-index.js';
import { createIndexService } from './index-service.js';
import { registerIndexRoutes } from './index-routes.js';
import { CHAIN_A, CHAIN_B, fakeAccepted } from './test-helpers.js';

const CHAIN_X = new Uint8Array(32).fill(0xcc);
const ACCEPTED = 5;
const zeroId = idToString(new Uint8Array(32));
const block = (h: number) => fakeAccepted(CHAIN_A, h);

let server: Server;
let base: string;
let blocks: ContainerIndex;
const savedTz = process.env.TZ;

type RpcReply = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data: unknown } };

async function call(path: string, method: string, params?: unknown): Promise<RpcReply> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as RpcReply;
}

async function result(method: string, params?: unknown, path = '/ext/index/P/block'): Promise<unknown> {
  const reply = await call(path, method, params);
  expect(reply.error).toBeUndefined();
  return reply.result;
}

async function error(method: string, params?: unknown, path = '/ext/index/P/block'): Promise<string> {
  const reply = await call(path, method, params);
  expect(reply.result).toBeUndefined();
  expect(reply.error?.code).toBe(-32000);
  expect(reply.error?.data).toBeNull();
  return reply.error!.message;
}

function expectedContainer(h: number, encoding = 'hex') {
  const c = block(h);
  const checked = encoding === 'hexnc' ? c.bytes : new Uint8Array([...c.bytes, ...checksumOf(c.bytes)]);
  return { id: idToString(c.id), bytes: encodeHexNoChecksum(checked), encoding, index: String(h - 1) };
}

beforeAll(async () => {
  process.env.TZ = 'America/Los_Angeles';
  const db = openMemoryStore();
  blocks = await ContainerIndex.open(db, CHAIN_A, 'block');
  for (let h = 1; h <= ACCEPTED; h++) {
    const p = blocks.prepare(block(h));
    await db.batch(p.ops);
    p.commit();
  }
  const empty = await ContainerIndex.open(db, CHAIN_B, 'block');
  const txs = await ContainerIndex.open(db, CHAIN_X, 'tx');
  const documented = decodeHexNoChecksum(DOCUMENTED_X_TX_HEX).subarray(0, -4);
  await txs.accept(sha256(documented), documented, 1_617_378_840_262_979_000n);

  const router = new Router();
  registerIndexRoutes(router, [
    { alias: 'P', kind: 'block', index: blocks },
    { alias: 'C', kind: 'block', index: empty },
    { alias: 'X', kind: 'tx', index: txs },
  ]);
  server = createNodeHttpServer(router, {
    host: '127.0.0.1', port: 0, nodeId: 'NodeID-test', allowedHosts: ['localhost'], allowedOrigins: ['*'], maxBodyBytes: 1 << 20,
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('index API routes', () => {
  it('serves each index at /ext/index/<alias>/<kind> only', async () => {
    const res = await fetch(base + '/ext/index/P/tx', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    const get = await fetch(base + '/ext/index/P/block');
    expect(get.status).toBe(405);
    expect(await get.text()).toBe('rpc: POST method required, received GET');
    expect(await result('index.isAccepted', { id: idToString(block(1).id) })).toEqual({ isAccepted: true });
  });

  it('serves the documented container exactly as AvalancheGo does', async () => {
    expect(await result('index.getContainerByID', { id: DOCUMENTED_X_TX_ID, encoding: 'hex' }, '/ext/index/X/tx')).toEqual({
      id: DOCUMENTED_X_TX_ID,
      bytes: DOCUMENTED_X_TX_HEX,
      timestamp: '2021-04-02T08:54:00.262979-07:00',
      encoding: 'hex',
      index: '0',
    });
  });
});

describe('index.getContainerByID', () => {
  it('returns the container with id, checked hex, local timestamp, encoding and index', async () => {
    const got = await result('index.getContainerByID', { id: idToString(block(3).id), encoding: 'hex' });
    expect(got).toEqual({ ...expectedContainer(3), timestamp: '2023-11-14T14:13:20.123456792-08:00' });
  });

  it('accepts hex, hexc and hexnc in any case; absent or null means hex', async () => {
    const id = idToString(block(2).id);
    expect(await result('index.getContainerByID', { id })).toMatchObject(expectedContainer(2, 'hex'));
    expect(await result('index.getContainerByID', { id, encoding: null })).toMatchObject(expectedContainer(2, 'hex'));
    expect(await result('index.getContainerByID', { id, encoding: 'HEXC' })).toMatchObject(expectedContainer(2, 'hexc'));
    expect(await result('index.getContainerByID', { id, Encoding: 'HexNC' })).toMatchObject(expectedContainer(2, 'hexnc'));
  });

  it('refuses json and unknown encodings', async () => {
    const id = idToString(block(2).id);
    expect(await error('index.getContainerByID', { id, encoding: 'json' })).toBe('unsupported encoding in method');
    expect(await error('index.getContainerByID', { id, encoding: 'base64' })).toBe(PARAMS_ERROR_MESSAGE);
    expect(await error('index.getContainerByID', { id, encoding: 1 })).toBe(PARAMS_ERROR_MESSAGE);
    // The lookup comes first: an unknown id with json is still "not found".
    expect(await error('index.getContainerByID', { id: zeroId, encoding: 'json' })).toBe('not found');
  });

  it('answers not found for an unknown or missing id, and the params error for a bad one', async () => {
    expect(await error('index.getContainerByID', { id: idToString(sha256(new Uint8Array([1]))) })).toBe('not found');
    expect(await error('index.getContainerByID', {})).toBe('not found');
    expect(await error('index.getContainerByID', { id: 'not-cb58' })).toBe(PARAMS_ERROR_MESSAGE);
  });
});

describe('index.getContainerByIndex', () => {
  it('takes the index as a number or a quoted decimal', async () => {
    expect(await result('index.getContainerByIndex', { index: 0 })).toMatchObject(expectedContainer(1));
    expect(await result('index.getContainerByIndex', { index: '4', encoding: 'hexnc' })).toMatchObject(expectedContainer(5, 'hexnc'));
    expect(await result('index.getContainerByIndex', [{ index: 1 }])).toMatchObject(expectedContainer(2));
  });

  it('answers no container at index N past the end and on an empty index', async () => {
    expect(await error('index.getContainerByIndex', { index: 5 })).toBe('no container at index 5');
    expect(await error('index.getContainerByIndex', { index: '18446744073709551615' })).toBe('no container at index 18446744073709551615');
    expect(await error('index.getContainerByIndex', { index: 0 }, '/ext/index/C/block')).toBe('no container at index 0');
    expect(await error('index.getContainerByIndex', { index: -1 })).toBe(PARAMS_ERROR_MESSAGE);
  });
});

describe('index.getContainerRange', () => {
  it('returns a bare array of the containers from startIndex', async () => {
    const got = (await result('index.getContainerRange', { startIndex: 1, numToFetch: 3, encoding: 'hex' })) as unknown[];
    expect(Array.isArray(got)).toBe(true);
    expect(got).toHaveLength(3);
    got.forEach((c, i) => expect(c).toMatchObject(expectedContainer(i + 2)));
  });

  it('returns what it has when the index runs out, up to 1024', async () => {
    const got = (await result('index.getContainerRange', { startIndex: '3', numToFetch: '1024' })) as { index: string }[];
    expect(got.map((c) => c.index)).toEqual(['3', '4']);
  });

  it('answers an empty response for numToFetch 0, even past the end or on an empty index', async () => {
    // The service answers null; the dialect may write an empty result as {} (see report).
    expect([null, {}]).toContainEqual(await result('index.getContainerRange', { startIndex: 0, numToFetch: 0 }));
    expect([null, {}]).toContainEqual(await result('index.getContainerRange', { startIndex: 99, numToFetch: 0 }));
    expect([null, {}]).toContainEqual(await result('index.getContainerRange', { numToFetch: 0 }, '/ext/index/C/block'));
    expect(await createIndexService(blocks).methods.getContainerRange!(new RpcArgs({ startIndex: 0, numToFetch: 0 }))).toBeNull();
  });

  it('applies the range rules in order', async () => {
    expect(await error('index.getContainerRange', { startIndex: 0, numToFetch: 1025 })).toBe('numToFetch must be in [0,1024] but is 1025');
    expect(await error('index.getContainerRange', { startIndex: 0, numToFetch: 1025 }, '/ext/index/C/block')).toBe('numToFetch must be in [0,1024] but is 1025');
    expect(await error('index.getContainerRange', { startIndex: 0, numToFetch: 1 }, '/ext/index/C/block')).toBe('no containers have been accepted');
    expect(await error('index.getContainerRange', { startIndex: 5, numToFetch: 1 })).toBe('start index (5) > last accepted index (4)');
    expect(await error('index.getContainerRange', { startIndex: 0, numToFetch: 2, encoding: 'json' })).toBe('unsupported encoding in method');
    expect(await error('index.getContainerRange', { startIndex: 0, numToFetch: 1.5 })).toBe(PARAMS_ERROR_MESSAGE);
  });
});

describe('index.getIndex, isAccepted, getLastAccepted', () => {
  it('getIndex gives the quoted index and ignores encoding', async () => {
    expect(await result('index.getIndex', { id: idToString(block(4).id) })).toEqual({ index: '3' });
    expect(await result('index.getIndex', { id: idToString(block(1).id), encoding: 'bogus' })).toEqual({ index: '0' });
    expect(await error('index.getIndex', { id: idToString(sha256(new Uint8Array([2]))) })).toBe('not found');
    expect(await error('index.getIndex', {})).toBe('not found');
  });

  it('isAccepted is false, not an error, for unknown and missing ids', async () => {
    expect(await result('index.isAccepted', { id: idToString(block(5).id) })).toEqual({ isAccepted: true });
    expect(await result('index.isAccepted', { id: idToString(sha256(new Uint8Array([3]))) })).toEqual({ isAccepted: false });
    expect(await result('index.isAccepted', {})).toEqual({ isAccepted: false });
    expect(await result('index.isAccepted', null)).toEqual({ isAccepted: false });
    expect(await error('index.isAccepted', { id: 7 })).toBe(PARAMS_ERROR_MESSAGE);
  });

  it('getLastAccepted gives the newest container, or an error on an empty index', async () => {
    expect(await result('index.getLastAccepted', { encoding: 'hexnc' })).toMatchObject(expectedContainer(ACCEPTED, 'hexnc'));
    expect(await result('index.getLastAccepted')).toMatchObject(expectedContainer(ACCEPTED));
    expect(await error('index.getLastAccepted', {}, '/ext/index/C/block')).toBe('no containers have been accepted');
    expect(await error('index.getLastAccepted', { encoding: 'json' })).toBe('unsupported encoding in method');
  });
});
