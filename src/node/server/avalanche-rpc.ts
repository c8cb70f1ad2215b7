import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientError } from '../../lib/errors.js';
import { goEscapeJson } from '../../lib/go/go-json.js';
import { stringifyJson } from '../../lib/json.js';
import { ArgumentError, PARAMS_ERROR_MESSAGE, RpcArgs } from './rpc-args.js';

/**
 * The JSON-RPC dialect of avalanchego's own services (gorilla/rpc v2 json2 + avalanchego's codec):
 * POST only, JSON content types only, one request per body (no batches), `class.method` names with the
 * first letter of the method upper-cased for lookup, errors as -32000 with HTTP 200, notifications get
 * an empty 200. Every rule here is from reference/node-apis.md §1.
 */
export type RpcMethod = (args: RpcArgs) => unknown | Promise<unknown>;

export interface RpcService {
  /** Service name as in the method prefix, e.g. `admin`, `health`, `index`, `info`. Case-sensitive. */
  name: string;
  /** Methods by their wire name (`alias`, `getLoggerLevel`). */
  methods: Record<string, RpcMethod>;
}

export interface RpcDispatchOptions {
  /** Called after a method ran, with its name and duration, for logs and metrics. */
  onCall?: (method: string, ms: number, error?: string) => void;
}

const JSON_TYPES = new Set(['application/json']);

export function createAvalancheRpcHandler(services: RpcService[], opts: RpcDispatchOptions = {}) {
  const byName = new Map<string, Map<string, RpcMethod>>();
  for (const s of services) {
    const methods = new Map<string, RpcMethod>();
    for (const [m, fn] of Object.entries(s.methods)) methods.set(upperFirst(m), fn);
    byName.set(s.name, methods);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    if (req.method !== 'POST') {
      return sendText(res, 405, `rpc: POST method required, received ${req.method ?? ''}`);
    }
    const rawType = req.headers['content-type'];
    const type = (rawType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!JSON_TYPES.has(type)) {
      return sendText(res, 415, `rpc: unrecognized Content-Type: ${type}`);
    }
    const reply = await dispatch(body, byName, opts);
    if (reply === undefined) {
      res.writeHead(200, { 'content-length': 0 });
      res.end();
      return;
    }
    const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8' };
    if (reply.invoked) headers['x-content-type-options'] = 'nosniff';
    const text = reply.text;
    headers['content-length'] = Buffer.byteLength(text);
    res.writeHead(200, headers);
    res.end(text);
  };
}

interface Reply { text: string; invoked: boolean }

/** Decodes, routes and runs one request; undefined means "notification: write nothing". */
export async function dispatch(body: Buffer, services: Map<string, Map<string, RpcMethod>>, opts: RpcDispatchOptions = {}): Promise<Reply | undefined> {
  let parsed: unknown;
  try {
    parsed = parseFirstJsonValue(body.toString('utf8'));
  } catch (e) {
    return { text: errorBody(null, -32700, (e as Error).message, emptyRequest()), invoked: false };
  }
  const envelope = decodeEnvelope(parsed);
  if ('decodeError' in envelope) {
    return { text: errorBody(null, -32700, envelope.decodeError, emptyRequest()), invoked: false };
  }
  const { jsonrpc, method, params, id } = envelope;
  const isNotification = id === undefined || id === null;
  const idText = isNotification ? 'null' : JSON.stringify(id);
  const requestEcho = { jsonrpc: jsonrpc ?? '', method: method ?? '', params: params ?? null, id: id ?? null };

  if (jsonrpc !== '2.0') {
    return isNotification ? undefined : { text: errorRaw(idText, -32600, 'jsonrpc must be 2.0', requestEcho), invoked: false };
  }

  const found = lookup(method ?? '', services);
  if ('error' in found) {
    return isNotification ? undefined : { text: errorRaw(idText, -32000, found.error, null), invoked: false };
  }

  let args: RpcArgs;
  try {
    args = new RpcArgs(decodeParams(params));
  } catch {
    return isNotification ? undefined : { text: errorRaw(idText, -32000, PARAMS_ERROR_MESSAGE, null), invoked: false };
  }

  const started = performance.now();
  try {
    const result = await found.fn(args);
    opts.onCall?.(method!, performance.now() - started);
    if (isNotification) return undefined;
    return { text: `{"jsonrpc":"2.0","result":${goEscapeJson(stringifyJson(result === undefined ? {} : result))},"id":${idText}}\n`, invoked: true };
  } catch (e) {
    const message = e instanceof ArgumentError ? PARAMS_ERROR_MESSAGE : e instanceof Error ? e.message : String(e);
    const code = e instanceof ClientError ? e.code : -32000;
    const data = e instanceof ClientError ? e.data : null;
    opts.onCall?.(method!, performance.now() - started, message);
    if (!(e instanceof ClientError) && !(e instanceof ArgumentError) && !(e as { expose?: boolean }).expose) {
      // Unexpected failure inside a method: still a -32000 with its message, as avalanchego does.
    }
    if (isNotification) return undefined;
    return { text: errorRaw(idText, code, message, data), invoked: true };
  }
}

function lookup(method: string, services: Map<string, Map<string, RpcMethod>>): { fn: RpcMethod } | { error: string } {
  // Codec step: split on the first '.', reject an upper-case function name, upper-case its first rune.
  let name = method;
  const dot = method.indexOf('.');
  if (dot >= 0) {
    const fn = method.slice(dot + 1);
    if (fn.length > 0) {
      const first = fn.codePointAt(0)!;
      const ch = String.fromCodePoint(first);
      if (ch !== ch.toLowerCase() && ch === ch.toUpperCase()) return { error: 'method must start with a non-uppercase letter' };
      name = method.slice(0, dot + 1) + upperFirst(fn);
    }
  }
  // Lookup step: exactly two parts.
  const parts = name.split('.');
  if (parts.length !== 2) return { error: `rpc: service/method request ill-formed: ${JSON.stringify(name)}` };
  const service = services.get(parts[0]!);
  if (!service) return { error: `rpc: can't find service ${JSON.stringify(name)}` };
  const fn = service.get(parts[1]!);
  if (!fn) return { error: `rpc: can't find method ${JSON.stringify(name)}` };
  return { fn };
}

function upperFirst(s: string): string {
  if (s.length === 0) return s;
  const first = String.fromCodePoint(s.codePointAt(0)!);
  return first.toUpperCase() + s.slice(first.length);
}

type Envelope = { jsonrpc?: string; method?: string; params?: unknown; id?: unknown } | { decodeError: string };

/** gorilla decodes into a struct: keys case-insensitive, jsonrpc/method must be strings, batches fail. */
function decodeEnvelope(v: unknown): Envelope {
  if (Array.isArray(v)) return { decodeError: 'json: cannot unmarshal array into Go value of type json2.serverRequest' };
  if (v === null) return {};
  if (typeof v !== 'object') return { decodeError: `json: cannot unmarshal ${goType(v)} into Go value of type json2.serverRequest` };
  const out: { jsonrpc?: string; method?: string; params?: unknown; id?: unknown } = {};
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    const lower = k.toLowerCase();
    if (lower === 'jsonrpc' || lower === 'method') {
      if (val === null) continue;
      if (typeof val !== 'string') return { decodeError: `json: cannot unmarshal ${goType(val)} into Go struct field serverRequest.${lower === 'jsonrpc' ? 'jsonrpc' : 'method'} of type string` };
      out[lower] = val;
    } else if (lower === 'params') out.params = val;
    else if (lower === 'id') out.id = val;
  }
  return out;
}

/** Params: object → args; `[obj]` → args; `[]`/missing/null → zero args; anything else fails. */
function decodeParams(params: unknown): Record<string, unknown> {
  if (params === undefined || params === null) return {};
  if (Array.isArray(params)) {
    if (params.length === 0) return {};
    const first = params[0];
    if (params.length === 1 && first !== null && typeof first === 'object' && !Array.isArray(first)) return first as Record<string, unknown>;
    if (params.length === 1 && first === null) return {};
    throw new ArgumentError('params');
  }
  if (typeof params === 'object') return params as Record<string, unknown>;
  throw new ArgumentError('params');
}

function goType(v: unknown): string {
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

/** JSON.parse of the first JSON value in the text; trailing bytes are ignored, like Go's json.Decoder. */
export function parseFirstJsonValue(text: string): unknown {
  const trimmed = text.replace(/^[\s]+/, '');
  if (trimmed.length === 0) throw new Error('EOF');
  const end = firstValueEnd(trimmed);
  try {
    return JSON.parse(trimmed.slice(0, end));
  } catch {
    if (end >= trimmed.length) throw new Error(goSyntaxError(trimmed));
    throw new Error(goSyntaxError(trimmed.slice(0, end)));
  }
}

/** Finds where the first JSON value ends (bracket matching outside strings); text length if unterminated. */
function firstValueEnd(s: string): number {
  const c = s[0];
  if (c !== '{' && c !== '[' && c !== '"') {
    const m = /^[^\s,\]}{[]+/.exec(s);
    return m ? m[0].length : 1;
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') { inString = false; if (depth === 0) return i + 1; }
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') { depth--; if (depth === 0) return i + 1; }
  }
  return s.length;
}

function goSyntaxError(s: string): string {
  // Report Go's wording for the two common cases: bad first character, or truncated input.
  const first = s[0]!;
  if (!'{["-0123456789tfn'.includes(first)) return `invalid character '${first}' looking for beginning of value`;
  try {
    JSON.parse(s);
  } catch (e) {
    const msg = (e as Error).message;
    if (/Unexpected end of JSON input|Unterminated/.test(msg)) return 'unexpected EOF';
    const m = /Unexpected token '?(.)'?/.exec(msg);
    if (m) return `invalid character '${m[1]}' looking for beginning of value`;
    return msg;
  }
  return 'unexpected EOF';
}

function emptyRequest() {
  return { jsonrpc: '', method: '', params: null, id: null };
}

function errorBody(id: unknown, code: number, message: string, data: unknown): string {
  return errorRaw(JSON.stringify(id), code, message, data);
}

function errorRaw(idText: string, code: number, message: string, data: unknown): string {
  return `{"jsonrpc":"2.0","error":${goEscapeJson(JSON.stringify({ code, message, data: data ?? null }))},"id":${idText}}\n`;
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
