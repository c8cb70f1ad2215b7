import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { privateKeyToAccount } from 'viem/accounts';
import { openMemoryStore } from '../../../storage/kv.js';
import { EvmChain } from '../evm-chain.js';
import { FakeAcceptor, STORAGE_INITCODE, TEST_KEYS, fakeClock, silentLog, testGenesis } from '../testing.js';
import { ETH_METHODS, handleEthRpcBody } from './handler.js';
import { SubscriptionSet, parseLogCriteria } from './subscriptions.js';
import { boundedSender, createEthWsEndpoint } from './ws.js';

const ewoq = privateKeyToAccount(TEST_KEYS[0]);
let chain: EvmChain;
let clock: ReturnType<typeof fakeClock>;
let nonce = 0;

const send = async (tx: Record<string, unknown>) => {
  const raw = await ewoq.signTransaction({ type: 'eip1559', chainId: 43112, nonce: nonce++, gas: 200_000n, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 1n, ...tx } as never);
  return chain.sendRawTransaction(new Uint8Array(Buffer.from(raw.slice(2), 'hex')));
};
const mine = async () => { clock.advance(2000); return (await chain.mine(1))[0]!; };
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

beforeAll(async () => {
  const db = openMemoryStore();
  clock = fakeClock(1_800_000_000_000);
  chain = await EvmChain.create({ db, blockchainId: new Uint8Array(32), genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now, mining: { mode: 'manual' } });
});

describe('SubscriptionSet', () => {
  it('holds notifications until released, filters logs, stops on unsubscribe and close', async () => {
    const got: [string, any][] = [];
    const subs = new SubscriptionSet(chain, (id, r) => got.push([id, r]));
    const heads = subs.subscribe(['newHeads']);
    const pending = subs.subscribe(['newPendingTransactions']);
    await send({ data: STORAGE_INITCODE });
    const deployBlock = await mine();
    expect(got).toEqual([]);
    subs.release([heads, pending]);
    expect(got.map(([id]) => id)).toEqual([heads, pending]);
    expect(got[0]![1].hash).toBe('0x' + Buffer.from(deployBlock.hash).toString('hex'));
    const receipts = (await chain.getBlockReceipts(deployBlock))!;
    const contract = '0x' + Buffer.from(receipts[0]!.contractAddress!).toString('hex');
    got.length = 0;

    const byTopic = subs.subscribe(['logs', { address: [contract], topics: [[word(2), word(3)]] }]);
    const other = subs.subscribe(['logs', { address: '0x00000000000000000000000000000000000000aa' }]);
    const anyLog = subs.subscribe(['logs']);
    subs.release([byTopic, other, anyLog]);
    await send({ to: contract, data: word(1) });
    await send({ to: contract, data: word(3) });
    const block = await mine();
    const logsOf = (id: string) => got.filter(([s]) => s === id).map(([, r]) => r);
    expect(logsOf(anyLog).map((l) => l.topics[0])).toEqual([word(1), word(3)]);
    expect(logsOf(byTopic)).toHaveLength(1);
    expect(logsOf(byTopic)[0]).toMatchObject({ address: contract, topics: [word(3)], logIndex: '0x1', transactionIndex: '0x1', blockHash: '0x' + Buffer.from(block.hash).toString('hex'), removed: false });
    expect(logsOf(other)).toEqual([]);
    expect(subs.unsubscribe(anyLog)).toBe(true);
    expect(() => subs.unsubscribe(anyLog)).toThrow('subscription not found');
    subs.close();
    got.length = 0;
    await mine();
    expect(got).toEqual([]);
    expect(subs.size).toBe(0);
  });

  it('validates kinds and filters as geth does', () => {
    const subs = new SubscriptionSet(chain, () => {});
    expect(() => subs.subscribe(['syncing'])).toThrow('no "syncing" subscription in eth namespace');
    expect(() => subs.subscribe([])).toThrow('expected subscription name as first argument');
    expect(() => parseLogCriteria({ topics: [null, null, null, null, null] }, 1)).toThrow('exceed max topics');
    const many = Array.from({ length: 1001 }, (_, i) => '0x' + i.toString(16).padStart(40, '0'));
    expect(() => parseLogCriteria({ address: many }, 1)).toThrow('exceed max addresses');
    expect(() => parseLogCriteria({ address: '0x12' }, 1)).toThrow('invalid argument 1');
    subs.close();
  });
});

describe('batch limits', () => {
  const ctx = () => ({ chain, clientVersion: 'test/1' });
  const calls = (n: number, method = 'eth_chainId') => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method })));

  it('the public-node limit of 40 and the first call id on the error', async () => {
    expect(JSON.parse((await handleEthRpcBody(calls(40), ETH_METHODS, ctx(), { batchLimit: 40 }))!)).toHaveLength(40);
    expect(JSON.parse((await handleEthRpcBody(calls(41), ETH_METHODS, ctx(), { batchLimit: 40 }))!))
      .toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'batch too large' } }]);
    const noCallFirst = JSON.stringify([1, { jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'x', method: 'eth_chainId' }]);
    expect(JSON.parse((await handleEthRpcBody(noCallFirst, ETH_METHODS, ctx(), { batchLimit: 2 }))!)[0].id).toBe('x');
    expect(JSON.parse((await handleEthRpcBody(calls(2000), ETH_METHODS, ctx(), { batchLimit: 0 }))!)).toHaveLength(2000);
  });

  it('stops at batch-response-max-size and answers the rest with -32003', async () => {
    const out = JSON.parse((await handleEthRpcBody(calls(5), ETH_METHODS, ctx(), { batchResponseMaxSize: 80 }))!);
    expect(out.slice(0, 2).map((r: any) => r.result)).toEqual(['0xa868', '0xa868']);
    expect(out.slice(2)).toEqual([3, 4, 5].map((id) => ({ jsonrpc: '2.0', id, error: { code: -32003, message: 'response too large' } })));
  });
});

describe('WebSocket endpoint', () => {
  let server: Server;
  let url: string;
  const endpoint = () => createEthWsEndpoint(chain);
  let ep: ReturnType<typeof endpoint>;
  beforeAll(async () => {
    ep = endpoint();
    server = createServer((req, res) => ep.handler(req, res, Buffer.alloc(0), new URL('http://x/')));
    server.on('upgrade', (req, socket, head) => ep.upgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    url = `ws://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(async () => {
    ep.close();
    await new Promise((r) => server.close(r));
  });

  it('answers plain HTTP with gorilla/websocket\'s 400', async () => {
    const r = await fetch(url.replace('ws', 'http'));
    expect(r.status).toBe(400);
    expect(r.headers.get('sec-websocket-version')).toBe('13');
    expect(await r.text()).toBe('Bad Request\n');
  });
});

describe('boundedSender', () => {
  it('sends while under the limit, disconnects once unsent bytes would pass it', () => {
    const sent: string[] = [];
    let overflowed = 0;
    const ws = { readyState: WebSocket.OPEN as number, bufferedAmount: 0, terminated: false, send(t: string) { sent.push(t); this.bufferedAmount += t.length; }, terminate() { this.terminated = true; this.readyState = WebSocket.CLOSED; } };
    const send = boundedSender(ws, 10, () => overflowed++);
    send('12345');
    send('67890');
    expect(sent).toEqual(['12345', '67890']);
    send('x');
    expect(ws.terminated).toBe(true);
    expect(overflowed).toBe(1);
    send('after');
    expect(sent).toHaveLength(2);
  });
});
