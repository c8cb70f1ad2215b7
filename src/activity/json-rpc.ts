/** An error answer from a node: the JSON-RPC error object, or an HTTP status without one. */
export class RpcError extends Error {
  constructor(readonly method: string, message: string, readonly code: number | undefined, readonly httpStatus: number) {
    super(`${method}: ${message}`);
    this.name = 'RpcError';
  }
}

/** JSON-RPC's "method not found", or an endpoint the node does not serve at all (HTTP 404). */
export function isMethodNotFound(e: unknown): boolean {
  return e instanceof RpcError && (e.code === -32601 || e.httpStatus === 404);
}

/** A JSON-RPC 2.0 client for one node: `call(path, method, params)` against `<url><path>`. */
export class JsonRpcClient {
  private id = 0;

  constructor(readonly url: string, private readonly timeoutMs = 60_000) {}

  async call<T>(path: string, method: string, params: unknown = {}): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params });
    const res = await fetch(this.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let parsed: { result?: T; error?: { code?: number; message?: string } } | undefined;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new RpcError(method, `HTTP ${res.status}: ${text.slice(0, 200)}`, undefined, res.status);
    }
    if (parsed?.error) throw new RpcError(method, parsed.error.message ?? 'error', parsed.error.code, res.status);
    if (!res.ok) throw new RpcError(method, `HTTP ${res.status}`, undefined, res.status);
    return parsed?.result as T;
  }
}
