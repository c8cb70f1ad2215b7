import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import type { RouteHandler, UpgradeHandler } from '../../../server/router.js';
import { attachKeystore } from '../accounts/keystore.js';
import type { EvmChain } from '../evm-chain.js';
import { arity } from './codec.js';
import { ETH_METHODS, handleEthRpcBody, type EthRpcOptions } from './handler.js';
import { SubscriptionSet } from './subscriptions.js';
import type { EthMethods, EthRpcContext } from './types.js';

export interface EthWsOptions extends EthRpcOptions {
  /** Largest incoming message (geth's websocket read limit, 32 MiB). */
  maxPayloadBytes?: number;
  /** A client whose unsent replies and notifications exceed this is disconnected (it never slows the chain). */
  maxBufferedBytes?: number;
}

/** The per-message context: eth_subscribe records the ids it created, released once the reply is sent. */
interface WsCallContext extends EthRpcContext {
  created: string[];
}

const DEFAULT_MAX_PAYLOAD = 32 * 1024 * 1024;
const DEFAULT_MAX_BUFFERED = 16 * 1024 * 1024;

export interface EthWsEndpoint {
  /** For the Router's `upgrade` hook. */
  upgrade: UpgradeHandler;
  /** For plain HTTP requests to the same path: geth's websocket handler refuses them. */
  handler: RouteHandler;
  /** Drops every connection (node shutdown). */
  close(): void;
}

/**
 * `/ext/bc/<chain>/ws`: geth's WebSocket JSON-RPC. Every HTTP method (and batch, with the same limits)
 * plus eth_subscribe / eth_unsubscribe; requests on one connection run concurrently, as in geth.
 */
export function createEthWsEndpoint(chain: EvmChain, opts: EthWsOptions = {}): EthWsEndpoint {
  if (opts.keystore) attachKeystore(chain, opts.keystore);
  const base = opts.methods ?? ETH_METHODS;
  const maxBuffered = opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD });
  const ctx: EthRpcContext = { chain, clientVersion: opts.clientVersion ?? 'Firn/v0.1.0' };

  wss.on('connection', (ws: WebSocket) => {
    const send = boundedSender(ws, maxBuffered, () => subs.close());
    const subs = new SubscriptionSet(chain, (subscription, result) => {
      send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription, result } }));
    });
    const methods: EthMethods = {
      ...base,
      eth_subscribe: (p, c) => {
        const id = subs.subscribe(p);
        (c as WsCallContext).created.push(id);
        return id;
      },
      eth_unsubscribe: (p) => {
        arity(p, 1, 1);
        return subs.unsubscribe(p[0]);
      },
    };
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      const call: WsCallContext = { ...ctx, created: [] };
      handleEthRpcBody(text, methods, call, opts).then(
        (reply) => {
          if (reply !== undefined) send(reply);
          subs.release(call.created);
        },
        () => ws.terminate(),
      );
    });
    ws.on('close', () => subs.close());
    ws.on('error', () => {
      subs.close();
      ws.terminate();
    });
  });

  return {
    upgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    // gorilla/websocket's Upgrader without an Error hook: http.Error(w, "Bad Request", 400)
    handler(_req: IncomingMessage, res: ServerResponse) {
      const text = 'Bad Request\n';
      res.writeHead(400, {
        'sec-websocket-version': '13', 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** The socket surface boundedSender needs. */
export interface SendTarget {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(text: string): void;
  terminate(): void;
}

/**
 * Sends without ever waiting: a client that lets more than `maxBuffered` bytes pile up unsent is
 * disconnected (geth drops a subscriber whose queue overflows) instead of slowing block production.
 */
export function boundedSender(ws: SendTarget, maxBuffered: number, onOverflow: () => void): (text: string) => void {
  return (text) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount + Buffer.byteLength(text) > maxBuffered) {
      onOverflow();
      ws.terminate();
      return;
    }
    ws.send(text);
  };
}
