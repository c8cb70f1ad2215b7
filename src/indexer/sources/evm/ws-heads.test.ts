import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { WsHeads } from './ws-heads.js';

/** A node's WebSocket endpoint reduced to `eth_subscribe` newHeads: `push()` sends a head to every subscriber. */
class HeadsServer {
  readonly wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  private readonly subscribed: WebSocket[] = [];
  private subscribers: (() => void)[] = [];

  constructor() {
    this.wss.on('connection', (socket) => {
      socket.on('message', (data) => {
        const request = JSON.parse(data.toString()) as { id: number; method: string };
        if (request.method !== 'eth_subscribe') return;
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0x1' }));
        this.subscribed.push(socket);
        for (const s of this.subscribers) s();
        this.subscribers = [];
      });
    });
  }

  static async start(): Promise<HeadsServer> {
    const server = new HeadsServer();
    await new Promise<void>((resolve) => server.wss.once('listening', resolve));
    return server;
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  /** Resolves once a client has subscribed. */
  subscription(): Promise<void> {
    return this.subscribed.length > 0 ? Promise.resolve() : new Promise((resolve) => this.subscribers.push(resolve));
  }

  push(number: number): void {
    const head = { jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0x1', result: { number: `0x${number.toString(16)}` } } };
    for (const s of this.subscribed) s.send(JSON.stringify(head));
  }

  close(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

/** 'woke' when the wait resolves within `ms`, 'waiting' otherwise (the wait is then aborted). */
async function within(wait: (signal: AbortSignal) => Promise<void>, ms: number): Promise<'woke' | 'waiting'> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'waiting'>((resolve) => (timer = setTimeout(() => resolve('waiting'), ms)));
  const result = await Promise.race([wait(abort.signal).then(() => 'woke' as const, () => 'waiting' as const), late]);
  clearTimeout(timer);
  abort.abort();
  return result;
}

/** Pushes head `number` once the client has subscribed, and resolves when the client has received it. */
async function pushedAndReceived(server: HeadsServer, heads: WsHeads, number: number): Promise<void> {
  await server.subscription();
  const received = heads.next(new AbortController().signal);
  server.push(number);
  await received;
}

describe('WsHeads', () => {
  let server: HeadsServer;
  let heads: WsHeads;
  beforeEach(async () => {
    server = await HeadsServer.start();
  });
  afterEach(async () => {
    heads.close();
    await server.close();
  });

  it('wakes a follower for a head pushed before it started to wait (between asking for the head and waiting)', async () => {
    heads = new WsHeads(server.url);
    const wait = heads.signal();
    await pushedAndReceived(server, heads, 1);
    // The follower asked for its head before block 1 and only now waits: block 1 must wake it.
    expect(await within(wait, 1_000)).toBe('woke');
    // That head is used up: the next wait is for a new one.
    expect(await within(wait, 200)).toBe('waiting');
    const next = within(wait, 2_000);
    server.push(2);
    expect(await next).toBe('woke');
  });

  it('counts heads for each follower on its own', async () => {
    heads = new WsHeads(server.url);
    const a = heads.signal();
    const b = heads.signal();
    await pushedAndReceived(server, heads, 1);
    expect(await within(a, 1_000)).toBe('woke');
    expect(await within(b, 1_000)).toBe('woke');
    expect(await within(a, 200)).toBe('waiting');
  });

  it('ends a wait when the socket fails, and rejects the next ones while it cannot be had, so the follower polls', async () => {
    const url = server.url;
    await server.close();
    heads = new WsHeads(url);
    const wait = heads.signal();
    expect(await within(wait, 2_000)).toBe('woke');
    await expect(wait(new AbortController().signal)).rejects.toThrow('WebSocket unavailable');
    server = await HeadsServer.start(); // for afterEach
  });
});
