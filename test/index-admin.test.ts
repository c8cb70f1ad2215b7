import { readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../src/codec/container/checksum-hex.js';
import { decodeProposerBlock } from '../src/codec/proposervm/block.js';
import { blockHash, decodeBlock } from '../src/node/chains/evm/coreth-block.js';
import { cb58Encode } from '../src/lib/cb58.js';
import { sha256 } from '../src/lib/hash.js';
import { ethRpc, sendTransfer } from './helpers/c-chain-tx.js';
import { rpc, startDevnet, type DevnetProcess } from './helpers/devnet-process.js';

describe('index and admin APIs on a real node', () => {
  let node: DevnetProcess;
  const blocks = 5;
  beforeAll(async () => {
    node = await startDevnet(['--index-enabled', '--api-admin-enabled']);
    for (let i = 0; i < blocks; i++) await sendTransfer(node.url, { nonce: i });
  });
  afterAll(async () => {
    await node?.stop();
  });

  const index = (chain: string, method: string, params?: unknown) => rpc(node.url, `/ext/index/${chain}`, `index.${method}`, params);
  const admin = (method: string, params?: unknown) => rpc(node.url, '/ext/admin', `admin.${method}`, params);

  it('indexes every accepted C-chain block as a proposervm container', async () => {
    const last = (await index('C/block', 'getLastAccepted', { encoding: 'hex' })).result;
    expect(last.index).toBe(String(blocks - 1));
    const head = await ethRpc(node.url, 'eth_getBlockByNumber', ['latest', false]);
    const payload = decodeHexWithChecksum(last.bytes);
    expect(cb58Encode(sha256(payload.subarray(0, payload.length - 4 - decodeProposerBlock(payload).signature!.length)))).toBe(last.id);
    const outer = decodeProposerBlock(payload);
    expect(outer.kind === 'granite' || outer.kind === 'post-fork').toBe(true);
    // The inner block is coreth's RLP block; the keccak of its RLP header is the Ethereum block hash.
    expect(outer.inner.length).toBeGreaterThan(500);
    const inner = decodeBlock(outer.inner);
    expect(inner.header.number).toBe(BigInt(head.result.number));
    expect('0x' + Buffer.from(blockHash(inner)).toString('hex')).toBe(head.result.hash);
    expect(head.result.number).toBe('0x' + blocks.toString(16));
    expect(Date.parse(last.timestamp)).toBeGreaterThan(Date.now() - 120_000);
    const first = (await index('C/block', 'getContainerByIndex', { index: 0, encoding: 'hex' })).result;
    expect(decodeProposerBlock(decodeHexWithChecksum(first.bytes)).certificate!.length).toBe(0);
    expect((await index('C/block', 'getContainerByID', { id: last.id })).result.index).toBe(last.index);
    expect((await index('C/block', 'getIndex', { id: last.id })).result).toEqual({ index: last.index });
    expect((await index('C/block', 'isAccepted', { id: last.id })).result).toEqual({ isAccepted: true });
    const nc = (await index('C/block', 'getContainerByIndex', { index: '0', encoding: 'hexnc' })).result;
    expect(nc.bytes.length).toBe(first.bytes.length - 8);
  });

  it('applies the range rules of seed 001', async () => {
    const all = (await index('C/block', 'getContainerRange', { startIndex: 0, numToFetch: 1024, encoding: 'hex' })).result;
    expect(all.map((c: { index: string }) => c.index)).toEqual(['0', '1', '2', '3', '4']);
    expect((await index('C/block', 'getContainerRange', { startIndex: 0, numToFetch: 0 })).result).toBeNull();
    expect((await index('C/block', 'getContainerRange', { startIndex: 0, numToFetch: 1025 })).error?.message).toBe('numToFetch must be in [0,1024] but is 1025');
    expect((await index('C/block', 'getContainerRange', { startIndex: 9, numToFetch: 1 })).error?.message).toBe('start index (9) > last accepted index (4)');
    expect((await index('C/block', 'getContainerRange', { startIndex: 3, numToFetch: 10 })).result).toHaveLength(2);
    expect((await index('C/block', 'getContainerByIndex', { index: 99 })).error?.message).toBe('no container at index 99');
    expect((await index('C/block', 'getContainerByID', { id: '11111111111111111111111111111111LpoYY' })).error?.message).toBe('not found');
    expect((await index('C/block', 'getLastAccepted', { encoding: 'json' })).error?.message).toBe('unsupported encoding in method');
    expect((await index('X/vtx', 'getLastAccepted', {})).error?.message).toBe('no containers have been accepted');
    expect((await index('P/block', 'isAccepted', { id: '11111111111111111111111111111111LpoYY' })).result).toEqual({ isAccepted: false });
    expect((await index('X/tx', 'getContainerRange', { startIndex: 0, numToFetch: 1 })).error?.message).toBe('no containers have been accepted');
  });

  it('aliases endpoints and chains so the alias really routes', async () => {
    expect((await admin('alias', { endpoint: 'info', alias: 'myinfo' })).result).toEqual({});
    expect((await rpc(node.url, '/ext/myinfo', 'info.getNetworkID')).result).toEqual({ networkID: '12345' });
    expect((await rpc(node.url, '/ext/info', 'info.getNetworkID')).result).toEqual({ networkID: '12345' });
    expect((await admin('alias', { endpoint: 'info', alias: 'x'.repeat(513) })).error?.message).toBe('alias length is too long');
    expect((await admin('alias', { endpoint: 'info', alias: 'X' })).error?.message).toBe('route is either already aliased or already maps to a handle: /ext/X');
    const cId = (await rpc(node.url, '/ext/info', 'info.getBlockchainID', { alias: 'C' })).result.blockchainID;
    expect((await admin('aliasChain', { chain: cId, alias: 'mychain' })).result).toEqual({});
    const r = await fetch(node.url + '/ext/bc/mychain/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
    expect((await r.json() as any).result).toBe('0xa868');
    expect((await admin('aliasChain', { chain: cId, alias: 'mychain' })).error?.message).toBe('alias already mapped to an ID: mychain');
    expect((await admin('getChainAliases', { chain: cId })).result).toEqual({ aliases: ['C', 'evm', cId, 'mychain'] });
    expect((await admin('getChainAliases', { chain: 'X' })).error?.message).toMatch(/couldn't unmarshal|smaller than the checksum/);
  });

  it('reads and changes real logger levels', async () => {
    const all = (await admin('getLoggerLevel', {})).result.loggerLevels;
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['C', 'main']));
    expect((await admin('setLoggerLevel', { loggerName: 'C', logLevel: 'debug' })).result).toEqual({});
    expect((await admin('getLoggerLevel', { loggerName: 'C' })).result.loggerLevels.C.logLevel).toBe('DEBUG');
    expect((await admin('setLoggerLevel', { loggerName: 'C' })).error?.message).toBe('need to specify either displayLevel or logLevel');
    expect((await admin('getLoggerLevel', { loggerName: 'zzz' })).error?.message).toBe('logger with name "zzz" not found');
    expect((await admin('setLoggerLevel', { logLevel: 'loud' })).error?.message).toMatch(/couldn't unmarshal an argument/);
  });

  it('writes real profiles', async () => {
    const dir = join(node.dataDir, 'profiles');
    expect((await admin('stopCPUProfiler')).error?.message).toBe("cpu profiler doesn't exist");
    expect((await admin('startCPUProfiler')).result).toEqual({});
    expect((await admin('startCPUProfiler')).error?.message).toBe('cpu profiler already running');
    for (let i = 0; i < 20; i++) await rpc(node.url, '/ext/info', 'info.getNodeID');
    expect((await admin('stopCPUProfiler')).result).toEqual({});
    const cpu: any = JSON.parse(readFileSync(join(dir, 'cpu.profile'), 'utf8'));
    expect(Array.isArray(cpu.nodes) && cpu.nodes.length > 0).toBe(true);
    expect(cpu.endTime).toBeGreaterThan(cpu.startTime);
    expect((await admin('memoryProfile')).result).toEqual({});
    const mem = JSON.parse(readFileSync(join(dir, 'mem.profile'), 'utf8'));
    expect(mem.head).toBeDefined();
    expect((await admin('lockProfile')).result).toEqual({});
    expect(existsSync(join(dir, 'lock.profile'))).toBe(true);
  });

  it('loads VMs from the plugin directory', async () => {
    const plugins = join(node.dataDir, 'plugins');
    mkdirSync(plugins, { recursive: true });
    writeFileSync(join(plugins, 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'), '');
    const r = (await admin('loadVMs')).result;
    expect(Object.keys(r.newVMs)).toEqual(['srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy']);
    expect((await admin('loadVMs')).result).toEqual({ newVMs: {} });
  });
});
