import type { ServerResponse } from 'node:http';
import { createAvalancheRpcHandler, type RpcService } from '../../server/avalanche-rpc.js';
import type { RpcArgs } from '../../server/rpc-args.js';
import type { Router } from '../../server/router.js';
import type { HealthKind, HealthRegistry } from './registry.js';

/**
 * The GET-style report (api/health/handler.go NewGetHandler): `?tag=` repeatable, 200 when healthy,
 * 503 otherwise, `Content-Type: application/json`, body + newline (json.Encoder).
 */
export function handleHealthGet(registry: HealthRegistry, kind: HealthKind, url: URL, res: ServerResponse): void {
  const { body, healthy } = registry.report(kind, url.searchParams.getAll('tag'));
  const text = body + '\n';
  res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The `health` JSON-RPC service: health / readiness / liveness with optional `tags`; always HTTP 200. */
export function healthRpcService(registry: HealthRegistry): RpcService {
  const method = (kind: HealthKind) => (args: RpcArgs) => {
    const tags = args.stringArray('tags') ?? [];
    // The cached body already has Go's field order and sorted keys; parsing keeps both.
    return JSON.parse(registry.report(kind, tags).body) as unknown;
  };
  return { name: 'health', methods: { health: method('health'), readiness: method('readiness'), liveness: method('liveness') } };
}

export interface HealthRoutes {
  service: RpcService;
  /** The GET-style report bound to this registry, for mounting outside `/ext` (e.g. `/health`). */
  handleGet(kind: HealthKind, url: URL, res: ServerResponse): void;
}

/**
 * Mounts `/ext/health` (GET → report, any other method → JSON-RPC) and `/ext/health/{health,readiness,
 * liveness}` (any method → report), as avalanchego's initHealthAPI does.
 */
export function registerHealthRoutes(router: Router, registry: HealthRegistry): HealthRoutes {
  const service = healthRpcService(registry);
  const rpc = createAvalancheRpcHandler([service]);
  router.addRoute('health', '', {
    handler: (req, res, body, url) => (req.method === 'GET' ? handleHealthGet(registry, 'health', url, res) : rpc(req, res, body)),
  });
  for (const kind of ['readiness', 'health', 'liveness'] as const) {
    router.addRoute('health', `/${kind}`, { handler: (_req, res, _body, url) => handleHealthGet(registry, kind, url, res) });
  }
  return { service, handleGet: (kind, url, res) => handleHealthGet(registry, kind, url, res) };
}
