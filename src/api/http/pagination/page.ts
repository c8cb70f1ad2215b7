import type { FastifyInstance, FastifyRequest } from 'fastify';
import { globalPlugin } from '../server/global-plugin.js';
import { PageTokens, queryFingerprint, type JsonValue, type PageTokenOptions } from './page-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and reads `pageToken`s (pagination/page-token.ts). */
    pageTokens: PageTokens;
  }
}

export interface PageResult<T> {
  items: T[];
  /** Present only when there is a next page. */
  nextPageToken?: string;
}

/**
 * Cuts a page out of rows fetched with `LIMIT pageSize + 1`: the extra row only proves that a next
 * page exists, and the next page starts after the last row returned (keyset, never OFFSET).
 */
export function pageResponse<T, C>(rows: readonly T[], pageSize: number, cursorOf: (last: T) => C, issue: (cursor: C) => string): PageResult<T> {
  if (rows.length <= pageSize) return { items: rows.slice() };
  const items = rows.slice(0, pageSize);
  return { items, nextPageToken: issue(cursorOf(items[items.length - 1]!)) };
}

/** One request's view of a paginated query: where it starts, how many rows to fetch, how to answer. */
export class Page<C extends JsonValue> {
  constructor(
    /** Undefined on the first page. */
    readonly cursor: C | undefined,
    readonly pageSize: number,
    private readonly issue: (cursor: C) => string,
  ) {}

  /** Rows to fetch: one more than the page, to learn whether a next page exists. */
  get limit(): number {
    return this.pageSize + 1;
  }

  pageResponse<T>(rows: readonly T[], cursorOf: (last: T) => C): PageResult<T> {
    return pageResponse(rows, this.pageSize, cursorOf, this.issue);
  }
}

export interface OpenPageOptions {
  /** Default: the validated `pageSize` query parameter. */
  pageSize?: number;
  /** Default: the `pageToken` query parameter (POST routes pass theirs from the body). */
  pageToken?: string;
  /** Default: the route's URL pattern; add a version when a route's cursor shape changes. */
  scope?: string;
  /** The query the token is bound to. Default: path parameters plus validated query parameters. */
  parameters?: Record<string, unknown>;
  /** Token lifetime for this use. Default: the server's (24 h). */
  ttlMs?: number;
}

/** Opens the page a request asks for; a bad, altered, foreign or expired `pageToken` is a 400. */
export function openPage<C extends JsonValue>(request: FastifyRequest, options: OpenPageOptions = {}): Page<C> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const pageSize = options.pageSize ?? query.pageSize;
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1) throw new Error(`openPage: route ${request.routeOptions.url ?? request.url} has no validated integer pageSize`);
  const scope = options.scope ?? request.routeOptions.url ?? '';
  const parameters = options.parameters ?? { ...(request.params as Record<string, unknown>), ...query };
  const fingerprint = queryFingerprint(`${request.method} ${scope}`, parameters);
  const tokens = request.server.pageTokens;
  const token = options.pageToken ?? (typeof query.pageToken === 'string' ? query.pageToken : undefined);
  // An empty pageToken means "first page" (the chainkit paginator treats a blank token as the end, and some clients send ?pageToken=).
  const cursor = token ? (tokens.read(token, fingerprint, options.ttlMs) as C) : undefined;
  return new Page<C>(cursor, pageSize, (c) => tokens.issue(c, fingerprint));
}

/** Decorates the server with its `pageTokens`. */
export const pagination = globalPlugin('firn-pagination', async (app: FastifyInstance, options: PageTokenOptions) => {
  app.decorate('pageTokens', new PageTokens(options));
});
