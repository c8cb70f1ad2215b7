import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isIP } from 'node:net';
import type { Router } from './router.js';

export interface HttpServerOptions {
  host: string;
  port: number;
  nodeId: string;
  /** `--http-allowed-hosts`; `*` allows all. Empty Host and IP literals always pass. */
  allowedHosts: string[];
  /** `--http-allowed-origins`; `*` by default. */
  allowedOrigins: string[];
  /** Largest request body accepted, in bytes (`--http-max-request-body-size`... avalanchego: 32 MiB for chains). */
  maxBodyBytes: number;
  onError?: (err: unknown, req: IncomingMessage) => void;
  /** In-flight request bookkeeping (the health API's `router` check). */
  tracker?: { begin(): number; end(token: number): void };
}

/**
 * The node's HTTP front: host filter, CORS, the `node-id` header, body limit, then exact-path routing.
 * Behaviour follows avalanchego's api/server (reference/node-apis.md §1.7).
 */
export function createNodeHttpServer(router: Router, opts: HttpServerOptions): Server {
  const allowAnyHost = opts.allowedHosts.includes('*');
  const hosts = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const anyOrigin = opts.allowedOrigins.includes('*');
  const origins = new Set(opts.allowedOrigins);

  const hostAllowed = (hostHeader: string | undefined): boolean => {
    if (allowAnyHost || !hostHeader) return true;
    const host = stripPort(hostHeader).toLowerCase();
    if (host === '' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return true;
    return hosts.has(host);
  };

  const applyCors = (req: IncomingMessage, res: ServerResponse): boolean => {
    res.setHeader('vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin) return false;
    if (!anyOrigin && !origins.has(origin)) return false;
    res.setHeader('access-control-allow-origin', anyOrigin ? '*' : origin);
    res.setHeader('access-control-allow-credentials', 'true');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('access-control-allow-methods', req.headers['access-control-request-method']);
      const reqHeaders = req.headers['access-control-request-headers'];
      if (reqHeaders) res.setHeader('access-control-allow-headers', reqHeaders);
      res.writeHead(204);
      res.end();
      return true;
    }
    return false;
  };

  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    res.setHeader('node-id', opts.nodeId);
    if (!hostAllowed(req.headers.host)) return plain(res, 403, 'invalid host specified\n');
    if (applyCors(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://node');
    const route = router.match(url.pathname);
    if (!route) {
      req.resume();
      return plain(res, 404, '404 page not found\n');
    }
    readBody(req, opts.maxBodyBytes).then(
      async (body) => {
        if (body === undefined) return plain(res, 413, 'http: request body too large\n');
        const token = opts.tracker?.begin();
        try {
          await route.handler(req, res, body, url);
        } catch (err) {
          opts.onError?.(err, req);
          if (!res.headersSent) plain(res, 500, 'internal error\n');
          else res.destroy();
        } finally {
          if (token !== undefined) opts.tracker!.end(token);
        }
      },
      () => res.destroy(),
    );
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!hostAllowed(req.headers.host)) return socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\ninvalid host specified\n');
    const url = new URL(req.url ?? '/', 'http://node');
    const route = router.match(url.pathname);
    if (!route?.upgrade) return socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\n\r\n404 page not found\n');
    route.upgrade(req, socket, head);
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
  });
  server.listen(opts.port, opts.host);
  return server;
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function stripPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 ? host.slice(0, end + 1) : host;
  }
  const i = host.lastIndexOf(':');
  return i >= 0 && host.indexOf(':') === i ? host.slice(0, i) : host;
}

/** Reads the whole body; resolves undefined (and stops reading) past the limit. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > limit) { over = true; chunks.length = 0; return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
