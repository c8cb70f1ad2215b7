import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha1Base64url } from '../../../lib/hash.js';
import { globalPlugin } from '../server/global-plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: an ETag from the response body's hash, and 304 for a matching If-None-Match. */
    etag?: boolean;
  }
}

/** One year: what immutable resources (a finalized transaction or block) may be cached for. */
export const IMMUTABLE_MAX_AGE_SECONDS = 365 * 24 * 3600;

function hashTag(data: string | Buffer): string {
  return `"${sha1Base64url(data)}"`;
}

/** A strong ETag naming a resource version, e.g. `etagOf('evm-tx', 'v1', chainId, txHash)`. */
export function etagOf(...parts: Array<string | number | bigint>): string {
  return hashTag(parts.map(String).join('\u0000'));
}

/** If-None-Match matches (RFC 9110 §13.1.2: weak comparison, lists, `*`). */
export function ifNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return value.split(',').some((t) => opaque(t) === mine);
}

/**
 * For handlers of immutable resources: sets the ETag and a long-lived cache policy, and tells whether
 * the client's copy is current, so the handler can answer 304 before reading the database:
 * `if (notModified(request, reply, etagOf('evm-tx', chainId, hash))) return reply.code(304).send();`
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string, maxAgeSeconds = IMMUTABLE_MAX_AGE_SECONDS): boolean {
  void reply.header('etag', etag).header('cache-control', `public, max-age=${maxAgeSeconds}, immutable`);
  return ifNoneMatch(request.headers['if-none-match'], etag);
}

/**
 * Conditional GETs: a successful GET/HEAD whose handler set an ETag, or whose route has `config.etag`
 * (tag from the body's hash), answers 304 without a body when If-None-Match matches.
 */
export const etags = globalPlugin('firn-etags', async (app: FastifyInstance) => {
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode < 200 || reply.statusCode >= 300) return done(null, payload);
    let etag = reply.getHeader('etag');
    if (etag === undefined && request.routeOptions.config?.etag === true && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      // Encoded once here and sent on as bytes: hashing a string encodes it, and so would each later step.
      if (typeof payload === 'string') payload = Buffer.from(payload, 'utf8');
      etag = hashTag(payload as Buffer);
      void reply.header('etag', etag);
    }
    if (typeof etag !== 'string' || !ifNoneMatch(request.headers['if-none-match'], etag)) return done(null, payload);
    void reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, '');
  });
});
