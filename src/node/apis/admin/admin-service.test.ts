import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idToString } from '../../../lib/cb58.js';
import { LoggerRegistry } from '../../logging/logger-registry.js';
import { Profiler } from '../../profiling/profiler.js';
import { createAvalancheRpcHandler } from '../../server/avalanche-rpc.js';
import { createNodeHttpServer } from '../../server/http-server.js';
import { Router } from '../../server/router.js';
import { openMemoryStore, type KvStore } from '../../storage/kv.js';
import { createAdminService } from './admin-service.js';
import { ChainAliasRegistry } from './chain-aliases.js';
import { VmRegistry } from './vm-registry.js';

const PARAMS_ERROR = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";
const P_ID = new Uint8Array(32);
const X_ID = new Uint8Array(32).fill(0x58);
const C_ID = new Uint8Array(32).fill(0x43);
const X = idToString(X_ID);
const PLUGIN_VM = new Uint8Array(32).fill(0x99);

let root: string;
let server: Server;
let base: string;
let loggers: LoggerRegistry;
let profiler: Profiler;
let db: KvStore;
let chainAliases: ChainAliasRegistry;
const config = { networkId: 12345, httpPort: 9650, apiAdminEnabled: true };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'firn-admin-'));
  const workDir = join(root, 'work');
  mkdirSync(workDir);
  loggers = new LoggerRegistry({ logDir: join(root, 'logs'), logLevel: 'info', displayLevel: 'off', displayJson: true, display: { write: () => true } });
  for (const name of ['main', 'vm-factory', 'P', 'X', 'C']) loggers.get(name);
  profiler = new Profiler(join(root, 'profiles'));
  db = openMemoryStore();
  chainAliases = new ChainAliasRegistry();
  chainAliases.addChain(P_ID, ['P', 'platform']);
  chainAliases.addChain(X_ID, ['X', 'avm']);
  chainAliases.addChain(C_ID, ['C', 'evm']);

  const router = new Router();
  const admin = createAdminService({
    router, chainAliases, loggers, profiler, db, workDir,
    pluginDir: join(root, 'plugins'),
    vmRegistry: new VmRegistry(),
    config: () => config,
    log: loggers.get('main'),
  });
  router.addRoute('admin', '', { handler: createAvalancheRpcHandler([admin]) });
  const text = (body: string) => ({
    handler: (_req: unknown, res: ServerResponse) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(body); },
  });
  router.addRoute('info', '', text('info api'));
  router.addRoute(`bc/${X}`, '', text('x chain'));
  router.addRoute(`bc/${X}`, '/events', text('x events'));
  router.addAliases(`bc/${X}`, 'bc/X', 'bc/avm');
  router.reserve('bc/taken');

  server = createNodeHttpServer(router, { host: '127.0.0.1', port: 0, nodeId: 'NodeID-test', allowedHosts: ['*'], allowedOrigins: ['*'], maxBodyBytes: 1 << 20 });
  if (!server.listening) await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await profiler.close();
  loggers.close();
  rmSync(root, { recursive: true, force: true });
});

let nextId = 1;
async function call(method: string, params?: unknown): Promise<{ status: number; body: string; json: { result?: unknown; error?: { code: number; message: string; data: unknown } } }> {
  const id = nextId++;
  const res = await fetch(`${base}/ext/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: `admin.${method}`, ...(params === undefined ? {} : { params }) }),
  });
  const body = await res.text();
  return { status: res.status, body, json: JSON.parse(body) };
}

async function expectResult(method: string, params: unknown, result: unknown): Promise<void> {
  const { status, body } = await call(method, params);
  expect(status).toBe(200);
  expect(body).toBe(`{"jsonrpc":"2.0","result":${JSON.stringify(result)},"id":${nextId - 1}}\n`);
}

async function expectError(method: string, params: unknown, message: string): Promise<void> {
  const { status, body } = await call(method, params);
  expect(status).toBe(200);
  expect(body).toBe(`{"jsonrpc":"2.0","error":{"code":-32000,"message":${JSON.stringify(message)},"data":null},"id":${nextId - 1}}\n`);
}

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.text() };
}

describe('admin.alias', () => {
  it('serves an endpoint under the alias too', async () => {
    expect((await get('/ext/myinfo')).status).toBe(404);
    await expectResult('alias', { endpoint: 'info', alias: 'myinfo' }, {});
    expect(await get('/ext/myinfo')).toEqual({ status: 200, body: 'info api' });
    expect(await get('/ext/info')).toEqual({ status: 200, body: 'info api' });
  });

  it('reports router and length errors', async () => {
    await expectError('alias', { endpoint: 'info', alias: 'myinfo' }, 'route is either already aliased or already maps to a handle: /ext/myinfo');
    await expectError('alias', { endpoint: 'info', alias: 'bc/X' }, 'route is either already aliased or already maps to a handle: /ext/bc/X');
    await expectError('alias', { endpoint: 'info', alias: 'admin' }, 'failed to create endpoint as /ext/admin already exists');
    await expectError('alias', { endpoint: 'info', alias: 'a'.repeat(513) }, 'alias length is too long');
    // 512 characters but 1024 bytes: the limit is in bytes.
    await expectError('alias', { endpoint: 'info', alias: 'é'.repeat(512) }, 'alias length is too long');
    await expectResult('alias', { endpoint: 'info', alias: 'b'.repeat(512) }, {});
    await expectError('alias', { endpoint: 5, alias: 'x' }, PARAMS_ERROR);
  });

  it('aliasing an endpoint that does not exist yet succeeds', async () => {
    await expectResult('alias', { endpoint: 'later', alias: 'soon' }, {});
    expect((await get('/ext/soon')).status).toBe(404);
  });
});

describe('admin.aliasChain / getChainAliases', () => {
  it('lists genesis aliases, then the ID, then added aliases', async () => {
    await expectResult('getChainAliases', { chain: '11111111111111111111111111111111LpoYY' }, { aliases: ['P', 'platform', '11111111111111111111111111111111LpoYY'] });
    await expectResult('getChainAliases', { chain: X }, { aliases: ['X', 'avm', X] });
  });

  it('adds a chain alias and its bc/ HTTP alias', async () => {
    await expectResult('aliasChain', { chain: 'avm', alias: 'exchange' }, {});
    await expectResult('getChainAliases', { chain: X }, { aliases: ['X', 'avm', X, 'exchange'] });
    expect(await get('/ext/bc/exchange')).toEqual({ status: 200, body: 'x chain' });
    expect(await get('/ext/bc/exchange/events')).toEqual({ status: 200, body: 'x events' });
    await expectResult('aliasChain', { chain: X, alias: 'by-id' }, {});
    expect(await get('/ext/bc/by-id')).toEqual({ status: 200, body: 'x chain' });
  });

  it('rejects taken aliases, unknown chains and long aliases', async () => {
    await expectError('aliasChain', { chain: 'X', alias: 'exchange' }, 'alias already mapped to an ID: exchange');
    await expectError('aliasChain', { chain: 'X', alias: 'P' }, 'alias already mapped to an ID: P');
    await expectError('aliasChain', { chain: 'nope', alias: 'z' }, 'there is no ID with alias: nope');
    await expectError('aliasChain', { chain: 'X', alias: 'a'.repeat(513) }, 'alias length is too long');
  });

  it('keeps the chain alias when the router step fails', async () => {
    await expectError('aliasChain', { chain: 'C', alias: 'taken' }, 'route is either already aliased or already maps to a handle: /ext/bc/taken');
    await expectResult('getChainAliases', { chain: idToString(C_ID) }, { aliases: ['C', 'evm', idToString(C_ID), 'taken'] });
  });

  it('parses chain as a cb58 ID with AvalancheGo errors', async () => {
    await expectError('getChainAliases', { chain: '' }, 'base58 decoding error: zero length string');
    await expectError('getChainAliases', {}, 'base58 decoding error: zero length string');
    await expectError('getChainAliases', { chain: 'X' }, 'input string is smaller than the checksum size');
    await expectError('getChainAliases', { chain: '0abc' }, "base58 decoding error: Invalid base58 digit ('0')");
    await expectError('getChainAliases', { chain: X.slice(0, -1) + (X.endsWith('a') ? 'b' : 'a') }, 'invalid input checksum');
    await expectResult('getChainAliases', { chain: idToString(new Uint8Array(32).fill(1)) }, { aliases: null });
  });
});

describe('admin.getLoggerLevel / setLoggerLevel', () => {
  it('reports every logger sorted, or one by name', async () => {
    const lv = { logLevel: 'INFO', displayLevel: 'OFF' };
    await expectResult('getLoggerLevel', undefined, { loggerLevels: { C: lv, P: lv, X: lv, main: lv, 'vm-factory': lv } });
    await expectResult('getLoggerLevel', { loggerName: 'X' }, { loggerLevels: { X: lv } });
    await expectError('getLoggerLevel', { loggerName: 'nope' }, 'logger with name "nope" not found');
  });

  it('sets levels, replying {} as the seed says, and really changes what is written', async () => {
    loggers.get('C').debug('before');
    await expectResult('setLoggerLevel', { loggerName: 'C', logLevel: 'debug' }, {});
    await expectResult('getLoggerLevel', { loggerName: 'C' }, { loggerLevels: { C: { logLevel: 'DEBUG', displayLevel: 'OFF' } } });
    loggers.get('C').debug('after');
    const lines = readFileSync(join(root, 'logs', 'C.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).msg);
    expect(lines).toEqual(['after']);
  });

  it('sets every logger when no name is given', async () => {
    await expectResult('setLoggerLevel', { displayLevel: 'Warn' }, {});
    const { json } = await call('getLoggerLevel', {});
    const levels = (json.result as { loggerLevels: Record<string, { displayLevel: string }> }).loggerLevels;
    expect(Object.values(levels).map((l) => l.displayLevel)).toEqual(['WARN', 'WARN', 'WARN', 'WARN', 'WARN']);
  });

  it('logs admin calls at DEBUG on the main logger', async () => {
    await expectResult('setLoggerLevel', { loggerName: 'main', logLevel: 'VERBO' }, {});
    await call('getLoggerLevel', { loggerName: 'P' });
    const last = readFileSync(join(root, 'logs', 'main.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).pop();
    expect(last).toMatchObject({ level: 'debug', msg: 'API called', service: 'admin', method: 'getLoggerLevel', loggerName: 'P' });
  });

  it('rejects missing or invalid levels and unknown loggers', async () => {
    await expectError('setLoggerLevel', { loggerName: 'C' }, 'need to specify either displayLevel or logLevel');
    await expectError('setLoggerLevel', { logLevel: null, displayLevel: null }, 'need to specify either displayLevel or logLevel');
    await expectError('setLoggerLevel', { logLevel: 'loud' }, PARAMS_ERROR);
    await expectError('setLoggerLevel', { logLevel: '' }, PARAMS_ERROR);
    await expectError('setLoggerLevel', { displayLevel: 3 }, PARAMS_ERROR);
    await expectError('setLoggerLevel', { loggerName: 'nope', logLevel: 'info' }, 'logger with name "nope" not found');
  });
});

describe('admin profilers', () => {
  it('starts and stops the CPU profiler, writing cpu.profile', async () => {
    await expectError('stopCPUProfiler', undefined, "cpu profiler doesn't exist");
    await expectResult('startCPUProfiler', {}, {});
    expect(existsSync(join(root, 'profiles', 'cpu.profile'))).toBe(true);
    await expectError('startCPUProfiler', [], 'cpu profiler already running');
    await expectResult('stopCPUProfiler', null, {});
    const profile = JSON.parse(readFileSync(join(root, 'profiles', 'cpu.profile'), 'utf8'));
    expect(profile).toHaveProperty('nodes');
    expect(profile).toHaveProperty('samples');
    expect(profile.endTime).toBeGreaterThanOrEqual(profile.startTime);
  });

  it('writes mem.profile and lock.profile', async () => {
    await expectResult('memoryProfile', undefined, {});
    expect(JSON.parse(readFileSync(join(root, 'profiles', 'mem.profile'), 'utf8')).head.callFrame.functionName).toBe('(root)');
    await expectResult('lockProfile', undefined, {});
    const report = JSON.parse(readFileSync(join(root, 'profiles', 'lock.profile'), 'utf8'));
    expect(report.locks.find((l: { name: string }) => l.name === 'admin').acquisitions).toBeGreaterThan(0);
  });
});

describe('admin.loadVMs', () => {
  it('fails like Go when the plugin dir is missing', async () => {
    await expectError('loadVMs', undefined, `open ${join(root, 'plugins')}: no such file or directory`);
  });

  it('registers new plugins by alias or ID and skips known ones and directories', async () => {
    const dir = join(root, 'plugins');
    mkdirSync(join(dir, 'some-dir'), { recursive: true });
    writeFileSync(join(dir, 'subnet-evm'), '#!/bin/sh\n');
    writeFileSync(join(dir, idToString(PLUGIN_VM)), '#!/bin/sh\n');
    writeFileSync(join(dir, 'evm'), '#!/bin/sh\n');
    const expected: Record<string, string[]> = {
      [idToString(PLUGIN_VM)]: [],
      srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy: ['subnet-evm'],
    };
    const sorted = Object.fromEntries(Object.keys(expected).sort().map((k) => [k, expected[k]]));
    await expectResult('loadVMs', undefined, { newVMs: sorted });
    await expectResult('loadVMs', {}, { newVMs: {} });
  });

  it('fails the whole call on a file that names no VM', async () => {
    writeFileSync(join(root, 'plugins', 'bogus'), '');
    await expectError('loadVMs', undefined, 'invalid vmID: "bogus"');
    rmSync(join(root, 'plugins', 'bogus'));
  });
});

describe('admin.stacktrace / getConfig / dbGet', () => {
  it('writes stacktrace.txt into the working directory', async () => {
    await expectResult('stacktrace', undefined, {});
    expect(readFileSync(join(root, 'work', 'stacktrace.txt'), 'utf8')).toContain('== JavaScript stack ==');
  });

  it('returns the node config', async () => {
    await expectResult('getConfig', undefined, config);
  });

  it('reads raw keys from the node database', async () => {
    await db.put(new Uint8Array([1, 2]), new Uint8Array([0xab, 0xcd]));
    await db.put(new Uint8Array([]), new Uint8Array([]));
    await expectResult('dbGet', { key: '0x0102' }, { value: '0xabcd', errorCode: 0 });
    await expectResult('dbGet', { key: '' }, { value: '0x', errorCode: 0 });
    await expectResult('dbGet', { key: '0x0103' }, { value: '', errorCode: 2 });
    await expectError('dbGet', { key: '0102' }, 'missing 0x prefix to hex encoding');
    await expectError('dbGet', { key: '0xzz' }, "encoding/hex: invalid byte: U+007A 'z'");
    await expectError('dbGet', { key: '0xabc' }, 'encoding/hex: odd length hex string');
    await expectError('dbGet', { key: '0xab\n' }, 'encoding/hex: invalid byte: U+000A');
    await db.close();
    await expectResult('dbGet', { key: '0x0102' }, { value: '', errorCode: 1 });
  });

  it('exposes exactly the admin methods of avalanchego', async () => {
    await expectError('fooBar', undefined, 'rpc: can\'t find method "admin.FooBar"');
  });
});
