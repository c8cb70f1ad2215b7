import { createServer, type Server } from 'node:http';
import type { FollowedStream } from './indexer-status.js';
import { readiness, renderFollowerMetrics } from './indexer-status.js';
import type { RpcLatency } from './rpc-latency.js';

/**
 * The indexer's operations endpoint: `/metrics` (Prometheus text), `/ready` (200 when caught up with no
 * gaps, 503 otherwise, with lag and gaps per chain) and `/live`.
 */
export async function startOpsServer(host: string, port: number, streams: () => readonly FollowedStream[], rpc: RpcLatency): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const reply = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, 'application/json', '{"message":"method not allowed"}');
    if (path === '/metrics') {
      const lines = [...renderFollowerMetrics(streams()), ...rpc.render(), `firn_indexer_process_resident_memory_bytes ${process.memoryUsage().rss}`];
      return reply(200, 'text/plain; version=0.0.4', lines.join('\n') + '\n');
    }
    if (path === '/ready') {
      readiness(streams()).then(
        (r) => reply(r.ready ? 200 : 503, 'application/json', JSON.stringify(r)),
        (e: unknown) => reply(503, 'application/json', JSON.stringify({ ready: false, error: String(e) })),
      );
      return;
    }
    if (path === '/live') return reply(200, 'application/json', '{"live":true}');
    reply(404, 'application/json', '{"message":"not found"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
