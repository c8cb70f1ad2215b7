import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientError } from '../../../../lib/errors.js';
import { BlockPool, JsonBytes } from '../../../../lib/json-bytes.js';
import { stringifyJson } from '../../../../lib/json.js';
import { RawJson } from '../../../../lib/raw-json.js';
import type { RouteHandler } from '../../../server/router.js';
import { attachKeystore, type Keystore } from '../accounts/keystore.js';
import type { EvmChain } from '../evm-chain.js';
import { TxRejected } from '../tx-validation.js';
import { ParamError } from './codec.js';
import { blockMethods } from './methods/blocks.js';
import { chainMethods } from './methods/chain.js';
import { executionMethods } from './methods/execution.js';
import { feeMethods } from './methods/fees.js';
import { stateMethods } from './methods/state.js';
import { transactionMethods } from './methods/transactions.js';
import { web3NetMethods } from './methods/web3-net.js';
import { logMethods } from './methods/logs.js';
import { filterMethods } from './methods/filters.js';
import { proofMethods } from './methods/proofs.js';
import { avalancheMethods } from './methods/avalanche.js';
import { accountMethods } from './methods/accounts.js';
import { txpoolMethods } from './methods/txpool.js';
import { debugMethods } from './methods/debug.js';
import { devnetControlMethods } from './methods/devnet-controls.js';
import type { EthMethods, EthRpcContext } from './types.js';

/** Every method this handler serves, one group per file. */
export const ETH_METHODS: EthMethods = {
  ...web3NetMethods, ...chainMethods, ...stateMethods, ...transactionMethods, ...blockMethods, ...executionMethods, ...feeMethods,
  ...logMethods, ...filterMethods, ...proofMethods, ...avalancheMethods, ...accountMethods, ...txpoolMethods, ...debugMethods,
  ...devnetControlMethods,
};

export interface EthRpcOptions {
  clientVersion?: string;
  /** coreth's `batch-request-limit` (default 1000; 0 = no limit). */
  batchLimit?: number;
  /** coreth's `batch-response-max-size` in bytes (default 25,000,000; 0 = no limit). */
  batchResponseMaxSize?: number;
  /** The node's accounts (eth_accounts, eth_sendTransaction, personal_*); attached to the chain. */
  keystore?: Keystore;
  methods?: EthMethods;
  onCall?: (method: string, ms: number, error?: string) => void;
}

export const DEFAULT_BATCH_LIMIT = 1000;
export const DEFAULT_BATCH_RESPONSE_MAX_SIZE = 25_000_000;

/** Over HTTP there is no connection to notify on: geth's ErrNotificationsUnsupported. */
const notificationsUnsupported = () => { throw new ClientError('notifications not supported', -32601); };
const HTTP_SUBSCRIPTION_METHODS: EthMethods = { eth_subscribe: notificationsUnsupported, eth_unsubscribe: notificationsUnsupported };

type Id = string | number | null;
interface Reply { jsonrpc: '2.0'; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } }

const errorReply = (id: Id, code: number, message: string, data?: unknown): Reply => ({
  jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && data !== null ? { data } : {}) },
});

/**
 * geth's JSON-RPC server semantics (graft/evm/rpc) for `/ext/bc/C/rpc`: POST with a JSON body, single calls
 * or batches, HTTP 200 for every JSON-RPC error; -32700 parse error, -32600 invalid request / empty batch /
 * batch too large, -32601 unknown method, -32602 invalid params, -32000 for failures, 3 for reverts.
 */
export function createEthRpcHandler(chain: EvmChain, opts: EthRpcOptions = {}): RouteHandler {
  const ctx: EthRpcContext = { chain, clientVersion: opts.clientVersion ?? 'Firn/v0.1.0' };
  if (opts.keystore) attachKeystore(chain, opts.keystore);
  const methods = { ...HTTP_SUBSCRIPTION_METHODS, ...(opts.methods ?? ETH_METHODS) };
  return async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    if (req.method === 'GET' && body.length === 0) { res.writeHead(200); res.end(); return; }
    if (req.method !== 'POST') return sendText(res, 405, 'method not allowed\n');
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/json-rpc' && type !== 'application/jsonrequest') {
      return sendText(res, 415, 'invalid content type, only application/json is supported\n');
    }
    const out = new JsonBytes(0, REPLY_BLOCKS);
    const reply = await runEthRpcBody(body.toString('utf8'), methods, ctx, opts, out);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': reply?.length ?? 0 });
    res.cork();
    for (const chunk of reply?.chunks() ?? []) res.write(chunk);
    res.uncork();
    // the blocks go back to the pool once the socket has taken every byte ('finish'); if it fails first they are dropped
    res.once('finish', () => out.release());
    res.end();
  };
}

/** Decodes a request body (call or batch), runs it, and encodes the reply; undefined for notifications only. */
export async function handleEthRpcBody(body: string, methods: EthMethods, ctx: EthRpcContext, opts: EthRpcOptions = {}): Promise<string | undefined> {
  return (await runEthRpcBody(body, methods, ctx, opts, new JsonBytes(4096)))?.toBuffer().toString('utf8');
}

/** The memory HTTP replies are written into, reused from one reply to the next (up to 16 MiB of it kept). */
const REPLY_BLOCKS = new BlockPool(64 * 1024, 256);

/**
 * handleEthRpcBody's reply as UTF-8 bytes, written as the calls run: a batch of blocks and receipts is megabytes,
 * which as one string per reply cost an encoding each and a socket write per piece.
 */
async function runEthRpcBody(body: string, methods: EthMethods, ctx: EthRpcContext, opts: EthRpcOptions, out: JsonBytes): Promise<JsonBytes | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return out.utf8(JSON.stringify(errorReply(null, -32700, 'parse error')));
  }
  if (!Array.isArray(parsed)) {
    const r = await runOne(parsed, methods, ctx, opts);
    return r ? writeReply(out, r) : undefined;
  }
  if (parsed.length === 0) return out.utf8(JSON.stringify(errorReply(null, -32600, 'empty batch')));
  const limit = opts.batchLimit ?? DEFAULT_BATCH_LIMIT;
  if (limit > 0 && parsed.length > limit) {
    // geth puts the id of the first call (an element with a method and an id) on the error
    const first = parsed.find((c): c is { id: unknown } => typeof c === 'object' && c !== null && typeof c.method === 'string' && c.id !== undefined && c.id !== null);
    const id = typeof first?.id === 'string' || typeof first?.id === 'number' ? first.id : null;
    return out.utf8(JSON.stringify([errorReply(id, -32600, 'batch too large')]));
  }
  // geth stops running calls once the replies pass batch-response-max-size; the rest get -32003
  const maxBytes = opts.batchResponseMaxSize ?? DEFAULT_BATCH_RESPONSE_MAX_SIZE;
  let replies = 0;
  let bytes = 0;
  let i = 0;
  out.text('[');
  for (; i < parsed.length && (maxBytes === 0 || bytes <= maxBytes); i++) {
    const r = await runOne(parsed[i], methods, ctx, opts);
    if (!r) continue;
    if (replies++ > 0) out.text(',');
    const before = out.length;
    writeReply(out, r);
    if (r.result !== undefined) bytes += out.length - before;
  }
  for (; i < parsed.length; i++) {
    const c = parsed[i] as { id?: unknown; method?: unknown } | null;
    if (typeof c !== 'object' || c === null || !('id' in c)) continue;
    const id = typeof c.id === 'string' || typeof c.id === 'number' ? c.id : null;
    if (replies++ > 0) out.text(',');
    out.utf8(JSON.stringify(errorReply(id, -32003, 'response too large')));
  }
  return replies === 0 ? undefined : out.text(']');
}

/**
 * A reply as JSON; results holding bigints (Go big ints, e.g. subnet-EVM's fee config) are written as exact numbers,
 * and a RawJson result as it is.
 */
function writeReply(out: JsonBytes, r: Reply): JsonBytes {
  if (r.result instanceof RawJson) {
    const before = out.length;
    try {
      r.result.write(out.text('{"jsonrpc":"2.0","id":').utf8(JSON.stringify(r.id)).text(',"result":'));
    } catch (e) {
      return writeReply(out.truncate(before), errorReply(r.id, -32000, (e as Error).message));
    }
    return out.text('}');
  }
  let text: string;
  try {
    text = JSON.stringify(r);
  } catch (e) {
    if (!(e instanceof TypeError && /BigInt/i.test(e.message))) throw e;
    text = stringifyJson(r);
  }
  return out.utf8(text);
}

async function runOne(call: unknown, methods: EthMethods, ctx: EthRpcContext, opts: EthRpcOptions): Promise<Reply | undefined> {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return errorReply(null, -32600, 'invalid request');
  const c = call as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const id: Id = typeof c.id === 'string' || typeof c.id === 'number' ? c.id : null;
  const isNotification = !('id' in c);
  if (c.jsonrpc !== '2.0' || typeof c.method !== 'string' || (c.id !== undefined && c.id !== null && id === null)) {
    return errorReply(id, -32600, 'invalid request');
  }
  const fn = Object.prototype.hasOwnProperty.call(methods, c.method) ? methods[c.method] : undefined;
  if (!fn) return isNotification ? undefined : errorReply(id, -32601, `the method ${c.method} does not exist/is not available`);
  let params: unknown[];
  if (c.params === undefined || c.params === null) params = [];
  else if (Array.isArray(c.params)) params = c.params;
  else return errorReply(id, -32602, 'non-array args');
  const started = performance.now();
  try {
    const result = await fn(params, ctx);
    opts.onCall?.(c.method, performance.now() - started);
    return isNotification ? undefined : { jsonrpc: '2.0', id, result: result === undefined ? null : result };
  } catch (e) {
    const err = e as Error;
    opts.onCall?.(c.method, performance.now() - started, err.message);
    if (isNotification) return undefined;
    if (err instanceof ParamError) return errorReply(id, -32602, err.message);
    if (err instanceof ClientError) return errorReply(id, err.code, err.message, err.data);
    if (err instanceof TxRejected) return errorReply(id, -32000, err.message);
    return errorReply(id, -32000, err.message);
  }
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
