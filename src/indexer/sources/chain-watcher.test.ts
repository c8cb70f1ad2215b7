import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToString } from '../../lib/cb58.js';
import { EVM_ID_STRING, SUBNET_EVM_ID_STRING } from '../../lib/networks.js';
import { ChainWatcher } from './chain-watcher.js';
import type { DiscoveredChain } from './node-discovery.js';

const id = (b: number) => idToString(new Uint8Array(32).fill(b));
const SUBNET = id(50);
const chains = [
  { id: id(1), name: 'C-Chain', subnetID: id(0), vmID: EVM_ID_STRING },
  { id: id(2), name: 'late', subnetID: SUBNET, vmID: SUBNET_EVM_ID_STRING },
  { id: id(3), name: 'other-vm', subnetID: SUBNET, vmID: id(60) },
];

/** A node whose P-chain lists `chains` (only the C-chain until `listed`); chain 2 serves eth_chainId once `serving` is set. */
function fakeNode(state: { serving: boolean; listed: boolean }): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string };
      const answer = (result: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
      if (req.url === '/ext/bc/P' && call.method === 'platform.getBlockchains') return answer({ blockchains: state.listed ? chains : chains.slice(0, 1) });
      if (req.url === `/ext/bc/${id(2)}/rpc` && call.method === 'eth_chainId' && state.serving) return answer('0x3039');
      res.writeHead(404).end('404 page not found');
    });
  });
}

describe('ChainWatcher', () => {
  const state = { serving: false, listed: true };
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = fakeNode(state);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it('reports a new EVM chain once the node serves it, once, and retries one whose start failed', async () => {
    const seen: DiscoveredChain[] = [];
    let fail = true;
    const watcher = new ChainWatcher({
      nodeUrl: url, known: [id(1)], rpc: { retries: 0 },
      onChain: async (c) => {
        if (fail) throw new Error('store unavailable');
        seen.push(c);
      },
    });
    expect(await watcher.round()).toEqual([]); // listed on the P-chain, not served yet
    state.serving = true;
    expect(await watcher.round()).toEqual([]); // served, but starting it failed: tried again next round
    fail = false;
    const [found] = await watcher.round();
    expect(found).toMatchObject({ name: 'late', vm: 'evm', evmChainId: 12345n, rpcUrl: `${url}/ext/bc/${id(2)}/rpc`, wsUrl: `${url.replace('http', 'ws')}/ext/bc/${id(2)}/ws` });
    expect(idToString(found!.subnetId)).toBe(SUBNET);
    expect(await watcher.round()).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('runs a round when poked, without waiting for its interval', async () => {
    state.listed = false;
    const seen: string[] = [];
    const watcher = new ChainWatcher({ nodeUrl: url, known: [id(1)], intervalMs: 60_000, rpc: { retries: 0 }, onChain: async (c) => void seen.push(c.name) });
    const controller = new AbortController();
    const running = watcher.run(controller.signal);
    await new Promise((r) => setTimeout(r, 100));
    // Created and started now: without the poke, the next round would be a minute away.
    state.listed = true;
    watcher.poke();
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await running;
    expect(seen).toEqual(['late']);
  });
});
