import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Profiler } from '../../../profiling/profiler.js';
import { createAvalancheRpcHandler } from '../../../server/avalanche-rpc.js';
import type { LevelName } from '../../../logging/levels.js';
import type { NodeLogger } from '../../../logging/logger-registry.js';
import { createCChainAdminService } from './admin-service.js';
import { parseCorethLogLevel } from './log-level.js';
import { acceptUnderscoreMethods } from './method-alias.js';
import { corethVmConfig } from './vm-config.js';

const quiet = { info() {} } as unknown as NodeLogger;

describe('C-chain admin service', () => {
  let server: Server;
  let url: string;
  const root = mkdtempSync(join(tmpdir(), 'firn-c-admin-'));
  const dir = join(root, 'C');
  const profiler = new Profiler(dir, { sampleHeap: false });
  const levels: LevelName[] = [];
  beforeAll(async () => {
    const service = createCChainAdminService({
      profiler, setLogLevel: (l) => levels.push(l), log: quiet,
      vmConfig: () => corethVmConfig({ logLevel: 'info', adminApiDir: dir, batchRequestLimit: 40, batchResponseMaxSize: 1, rpcGasCap: 5n, txPoolPriceLimit: 1n }),
    });
    const handler = acceptUnderscoreMethods('admin', createAvalancheRpcHandler([service]));
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void handler(req, res, Buffer.concat(chunks), new URL('http://x/')));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(async () => {
    await profiler.close();
    await new Promise((r) => server.close(r));
    rmSync(root, { recursive: true, force: true });
  });
  const call = async (body: unknown): Promise<any> => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })).json();

  it('accepts admin_x and admin.x, keeps the dialect\'s own errors for anything else', async () => {
    expect(await call({ jsonrpc: '2.0', id: 1, method: 'admin_lockProfile' })).toEqual({ jsonrpc: '2.0', result: {}, id: 1 });
    expect(await call({ jsonrpc: '2.0', id: 2, METHOD: 'admin_memoryProfile' })).toEqual({ jsonrpc: '2.0', result: {}, id: 2 });
    expect(JSON.parse(readFileSync(join(dir, 'lock.profile'), 'utf8')).locks).toBeDefined();
    expect(JSON.parse(readFileSync(join(dir, 'mem.profile'), 'utf8')).head).toBeDefined();
    expect((await call({ jsonrpc: '2.0', id: 3, method: 'admin.getVMConfig' })).result.config['batch-request-limit']).toBe(40);
    expect((await call({ jsonrpc: '2.0', id: 4, method: 'admin_' })).error.message).toBe('rpc: service/method request ill-formed: "admin_"');
    expect((await call({ jsonrpc: '2.0', id: 5, method: 'info_getNodeID' })).error.message).toBe('rpc: service/method request ill-formed: "info_getNodeID"');
    expect((await call('{"jsonrpc":"2.0","id":6,"method":"admin_x"')).error.code).toBe(-32700);
  });

  it('setLogLevel maps geth level names; unknown ones get coreth\'s error', async () => {
    expect((await call({ jsonrpc: '2.0', id: 1, method: 'admin.setLogLevel', params: [{ level: 'TRCE' }] })).result).toEqual({});
    expect(levels).toEqual(['VERBO']);
    expect((await call({ jsonrpc: '2.0', id: 2, method: 'admin_setLogLevel', params: { level: 'x' } })).error.message).toBe('failed to parse log level: unknown level: x ');
    expect(['debug', 'dbug', 'info', 'warn', 'error', 'eror', 'crit'].map(parseCorethLogLevel)).toEqual(['DEBUG', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'ERROR', 'FATAL']);
  });
});
