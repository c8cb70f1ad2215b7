import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, startDevnet, type DevnetProcess } from './helpers/devnet-process.js';

describe('info and health APIs on a real node', () => {
  let node: DevnetProcess;
  beforeAll(async () => {
    node = await startDevnet(['--health-check-frequency=1s']);
  });
  afterAll(async () => {
    await node?.stop();
  });

  const info = async (method: string, params?: unknown) => (await rpc(node.url, '/ext/info', `info.${method}`, params)).result;

  it('answers the info methods tools call first', async () => {
    expect(await info('getNetworkID')).toEqual({ networkID: '12345' });
    expect(await info('getNetworkName')).toEqual({ networkName: 'local' });
    const x = (await info('getBlockchainID', { alias: 'X' })).blockchainID;
    const c = (await info('getBlockchainID', { alias: 'C' })).blockchainID;
    expect(x).not.toBe(c);
    expect((await info('getBlockchainID', { alias: 'P' })).blockchainID).toBe('11111111111111111111111111111111LpoYY');
    expect((await info('getBlockchainID', { alias: 'avm' })).blockchainID).toBe(x);
    const unknown = await rpc(node.url, '/ext/info', 'info.getBlockchainID', { alias: 'Q' });
    expect(unknown.error?.message).toBe('there is no ID with alias: Q');
    const id = await info('getNodeID');
    expect(id.nodeID).toMatch(/^NodeID-/);
    expect(id.nodePOP.publicKey).toMatch(/^0x[0-9a-f]{96}$/);
    expect(id.nodePOP.proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/);
    expect((await info('getNodeIP')).ip).toMatch(/^127\.0\.0\.1:\d+$/);
    expect((await info('getNodeVersion')).version).toMatch(/^avalanchego\//);
    expect(await info('isBootstrapped', { chain: 'C' })).toEqual({ isBootstrapped: true });
    expect((await rpc(node.url, '/ext/info', 'info.isBootstrapped', { chain: 'nope' })).error?.message).toBe("there is no chain with alias/ID 'nope'");
    expect((await rpc(node.url, '/ext/info', 'info.isBootstrapped', {})).error?.message).toBe("argument 'chain' not given");
    expect((await info('getTxFee')).txFee).toBe('1000000');
    const peers = await info('peers');
    expect(peers.numPeers).toBe('4');
    expect(peers.peers.map((p: { nodeID: string }) => p.nodeID)).not.toContain(id.nodeID);
    expect((await info('peers', { nodeIDs: [peers.peers[0].nodeID] })).numPeers).toBe('1');
    expect(await info('uptime')).toEqual({ rewardingStakePercentage: '100.0000', weightedAveragePercentage: '100.0000' });
    expect((await info('upgrades')).etnaTime).toBe('2020-12-05T05:00:00Z');
    expect(await info('acps')).toEqual({ acps: {} });
  });

  it('serves the health report over GET with every check', async () => {
    const r = await fetch(node.url + '/ext/health');
    expect(r.status).toBe(200);
    const body = (await r.json() as any) as any;
    expect(body.healthy).toBe(true);
    expect(Object.keys(body.checks)).toEqual(expect.arrayContaining(['C', 'P', 'X', 'bootstrapped', 'database', 'diskspace', 'network', 'router']));
    expect(Object.keys(body.checks)).toEqual([...Object.keys(body.checks)].sort());
    const c = body.checks.C;
    expect(c.message.engine.consensus).toMatchObject({ lastAcceptedHeight: 0, processingBlocks: 0, longestProcessingBlock: '0s' });
    expect(c.message.networking).toEqual({ disconnectedValidators: [], percentConnected: 1 });
    expect(typeof c.timestamp).toBe('string');
    expect(Number.isInteger(c.duration)).toBe(true);
    expect(body.checks.diskspace.message.availableDiskBytes).toBeGreaterThan(0);
    expect(body.checks.bootstrapped.message).toEqual([]);
    expect((await (await fetch(node.url + '/ext/health/health')).json() as any).healthy).toBe(true);
  });

  it('filters by tag and keeps application checks', async () => {
    const subnet = await (await fetch(node.url + '/ext/health?tag=11111111111111111111111111111111LpoYY')).json() as any;
    expect(Object.keys(subnet.checks)).toEqual(expect.arrayContaining(['C', 'P', 'X', 'network']));
    const other = await (await fetch(node.url + '/ext/health?tag=someOtherSubnet')).json() as any;
    expect(Object.keys(other.checks)).not.toContain('C');
    expect(Object.keys(other.checks)).toContain('database');
  });

  it('serves readiness and liveness, over GET and JSON-RPC', async () => {
    const ready = await (await fetch(node.url + '/ext/health/readiness')).json() as any;
    expect(Object.keys(ready.checks)).toEqual(['bootstrapped']);
    expect(await (await fetch(node.url + '/ext/health/liveness', { method: 'POST' })).json() as any).toEqual({ checks: {}, healthy: true });
    expect((await rpc(node.url, '/ext/health', 'health.liveness')).result).toEqual({ checks: {}, healthy: true });
    expect((await rpc(node.url, '/ext/health', 'health.readiness')).result.healthy).toBe(true);
    const h = (await rpc(node.url, '/ext/health', 'health.health', { tags: ['11111111111111111111111111111111LpoYY'] })).result;
    expect(Object.keys(h.checks)).toContain('P');
  });
});
