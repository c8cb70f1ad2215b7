import type { FastifyRequest } from 'fastify';
import { queryFingerprint, type JsonValue } from '../../http/pagination/page-token.js';

/** A request's place in a keyset-paginated list: where it starts and how to hand out the next page's token. */
export interface CursorPage<C extends JsonValue> {
  /** Undefined on the first page. */
  cursor: C | undefined;
  pageSize: number;
  issue(cursor: C): string;
}

/**
 * Opens the page a request asks for. The store queries fetch one row more than the page and return the next
 * cursor themselves, so this only reads the `pageToken` (a 400 when bad, altered, foreign or expired) and
 * binds new tokens to the same route, path and query (minus pageToken and pageSize).
 */
export function openCursor<C extends JsonValue>(request: FastifyRequest): CursorPage<C> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const parameters = { ...(request.params as Record<string, unknown>), ...query };
  const fingerprint = queryFingerprint(`${request.method} ${request.routeOptions.url ?? ''}`, parameters);
  const tokens = request.server.pageTokens;
  const token = typeof query.pageToken === 'string' && query.pageToken !== '' ? query.pageToken : undefined;
  return {
    cursor: token === undefined ? undefined : (tokens.read(token, fingerprint) as C),
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : 10,
    issue: (cursor) => tokens.issue(cursor, fingerprint),
  };
}

/** `{nextPageToken}` when the store says a next page exists, else nothing (the key is omitted on the last page). */
export function nextPageToken<C, W extends JsonValue>(page: CursorPage<W>, next: C | undefined, toWire: (c: C) => W): { nextPageToken?: string } {
  return next === undefined ? {} : { nextPageToken: page.issue(toWire(next)) };
}

/** Every route's responses are built by the wire codecs to the documented shapes; they are sent as built. */
export const sendAsBuilt = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
