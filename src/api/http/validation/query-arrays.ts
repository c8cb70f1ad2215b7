import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import { globalPlugin } from '../server/global-plugin.js';

/** Names of the querystring properties a route declares as arrays. */
export function arrayQueryParams(querystring: unknown): string[] {
  if (querystring === null || typeof querystring !== 'object') return [];
  const properties = (querystring as { properties?: Record<string, unknown> }).properties;
  if (!properties) return [];
  return Object.entries(properties)
    .filter(([, s]) => {
      const type = (s as { type?: unknown } | null)?.type;
      return type === 'array' || (Array.isArray(type) && type.includes('array'));
    })
    .map(([name]) => name);
}

/** `A,B` and `[A, C,D]` (repeated keys) both become `[A, B]` / `[A, C, D]`; empty pieces are dropped. */
export function splitCommaValues(value: unknown): unknown {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s.length > 0) : [v]));
  return value;
}

/**
 * Array query parameters accept both encodings clients use (data-api.md §3): repeated keys
 * (`txTypes=A&txTypes=B`, the SDKs) and comma lists (`txTypes=A,B`, hand-written clients).
 * Applied before validation to every route whose querystring schema declares array properties.
 */
export const queryArrays = globalPlugin('firn-query-arrays', async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const names = arrayQueryParams(route.schema?.querystring);
    if (names.length === 0) return;
    const split: preValidationHookHandler = (request: FastifyRequest, _reply, done) => {
      const query = request.query as Record<string, unknown>;
      for (const name of names) {
        if (query[name] !== undefined) query[name] = splitCommaValues(query[name]);
      }
      done();
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [split] : [split, ...(Array.isArray(existing) ? existing : [existing])];
  });
});
