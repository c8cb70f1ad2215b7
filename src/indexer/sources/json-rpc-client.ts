import { textOf } from './parse-json-chunks.js';
import { bodyOf, postJson, type PostAnswer } from './post-json.js';
import { readRpcReply, type ResultReader } from './read-rpc-reply.js';

/** A JSON-RPC error answered by a node. */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'RpcError';
  }
}

/** The node could not be reached or answered something that is not JSON-RPC. Retried with backoff. */
export class TransportError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface RpcCall {
  method: string;
  params?: unknown;
  /** Reads the result straight from the reply's bytes (see read-rpc-reply.ts); without it, JSON.parse's value. */
  readResult?: ResultReader;
}

export interface JsonRpcClientOptions {
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Largest batch sent in one HTTP request (coreth's public default limit is 40; Firn's devnet allows more). */
  maxBatchSize?: number;
  /** Attempts on transport errors (not on JSON-RPC errors) before giving up. */
  retries?: number;
  /** Observes each HTTP round trip, for metrics. */
  onRequest?: (info: { url: string; calls: number; ms: number; ok: boolean }) => void;
}

/** geth's error for the calls of a batch past its batch-response-max-size. */
const RESPONSE_TOO_LARGE = -32003;

interface RpcResponse {
  id?: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * JSON-RPC 2.0 over HTTP POST, for both of AvalancheGo's dialects (eth-style and gorilla `service.method`).
 * `callMany` batches; transport failures retry with exponential backoff; JSON-RPC errors are thrown as RpcError.
 */
export class JsonRpcClient {
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly maxBatchSize: number;
  private readonly retries: number;

  constructor(readonly url: string, private readonly options: JsonRpcClientOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBatchSize = options.maxBatchSize ?? 40;
    this.retries = options.retries ?? 5;
  }

  /** Most calls sent in one HTTP request. */
  get batchSize(): number {
    return this.maxBatchSize;
  }

  async call<T>(method: string, params?: unknown): Promise<T> {
    const [result] = await this.callMany<T>([{ method, params }]);
    return result as T;
  }

  /** Results in call order; the first JSON-RPC error is thrown. */
  async callMany<T>(calls: readonly RpcCall[]): Promise<T[]> {
    const settled = await this.callManySettled<T>(calls);
    return settled.map((r) => {
      if (r instanceof RpcError) throw r;
      return r;
    });
  }

  /** Results in call order, with each JSON-RPC error in its place. */
  async callManySettled<T>(calls: readonly RpcCall[]): Promise<(T | RpcError)[]> {
    const out: (T | RpcError)[] = [];
    for (let i = 0; i < calls.length; i += this.maxBatchSize) {
      out.push(...(await this.batch<T>(calls.slice(i, i + this.maxBatchSize))));
    }
    return out;
  }

  /**
   * One HTTP request. The calls a node refused because the batch's reply passed its size cap (geth's
   * batch-response-max-size: every call after the cap gets -32003) are asked again, one per request.
   */
  private async batch<T>(calls: readonly RpcCall[]): Promise<(T | RpcError)[]> {
    const ids = calls.map(() => this.nextId++);
    const single = calls.length === 1;
    const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params ?? (c.method.includes('.') ? {} : []) }));
    const readers = new Map<number, ResultReader>();
    calls.forEach((c, i) => {
      if (c.readResult) readers.set(ids[i]!, c.readResult);
    });
    const responses = await this.withRetries(() => this.post(single ? body[0] : body, readers));
    const list = (Array.isArray(responses) ? responses : [responses]) as RpcResponse[];
    const byId = new Map(list.map((r) => [r.id, r]));
    const out = ids.map((id): T | RpcError => {
      const response = byId.get(id) ?? (single ? list[0] : undefined);
      if (!response) throw new TransportError(`${this.url}: no response for request ${id}`);
      if (response.error) return new RpcError(response.error.code, response.error.message, response.error.data);
      return response.result as T;
    });
    if (!single) {
      for (let i = 0; i < out.length; i++) {
        const r = out[i];
        if (r instanceof RpcError && r.code === RESPONSE_TOO_LARGE) out[i] = (await this.batch<T>([calls[i]!]))[0]!;
      }
    }
    return out;
  }

  private async post(body: unknown, readers: ReadonlyMap<number, ResultReader>): Promise<unknown> {
    const started = performance.now();
    let ok = false;
    try {
      let response: PostAnswer;
      try {
        response = await postJson(this.url, JSON.stringify(body), this.timeoutMs);
      } catch (error) {
        throw new TransportError(`${this.url}: ${(error as Error).message}`);
      }
      let parsed: unknown;
      try {
        parsed = readRpcReply(response.chunks, readers);
      } catch {
        throw new TransportError(`${this.url}: HTTP ${response.status}: ${textOf(bodyOf(response).subarray(0, 200))}`, response.status);
      }
      const httpOk = response.status >= 200 && response.status < 300;
      if (!httpOk && !isRpcShaped(parsed)) throw new TransportError(`${this.url}: HTTP ${response.status}`, response.status);
      ok = true;
      return parsed;
    } finally {
      this.options.onRequest?.({ url: this.url, calls: Array.isArray(body) ? body.length : 1, ms: performance.now() - started, ok });
    }
  }

  private async withRetries<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (error) {
        if (!(error instanceof TransportError) || attempt >= this.retries) throw error;
        await new Promise((r) => setTimeout(r, Math.min(200 * 2 ** attempt, 5000)));
      }
    }
  }
}

function isRpcShaped(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'object' && first !== null && ('result' in first || 'error' in first);
}
