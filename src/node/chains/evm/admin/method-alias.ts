import type { RouteHandler } from '../../../server/router.js';

/**
 * The seed spells the C-chain admin methods `admin_startCPUProfiler`; AvalancheGo's gorilla service only
 * knows `admin.startCPUProfiler` (the underscore form fails there as "ill-formed"). This accepts both by
 * rewriting `<service>_<method>` to `<service>.<method>` before the avalanchego dialect sees the body;
 * anything else (bad JSON included) passes through untouched, so every error stays the dialect's own.
 */
export function acceptUnderscoreMethods(service: string, handler: RouteHandler): RouteHandler {
  const prefix = `${service}_`;
  return (req, res, body, url) => handler(req, res, rewrite(body, prefix, service), url);
}

function rewrite(body: Buffer, prefix: string, service: string): Buffer {
  if (!body.includes(prefix)) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const obj = parsed as Record<string, unknown>;
  // gorilla matches the envelope's keys case-insensitively
  const key = Object.keys(obj).find((k) => k.toLowerCase() === 'method');
  const method = key === undefined ? undefined : obj[key];
  if (typeof method !== 'string' || !method.startsWith(prefix) || method.length === prefix.length) return body;
  obj[key!] = `${service}.${method.slice(prefix.length)}`;
  return Buffer.from(JSON.stringify(obj));
}
