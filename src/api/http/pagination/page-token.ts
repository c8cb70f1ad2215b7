import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '../errors/http-errors.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Tokens live 24 hours, like the real services' (data-api.md §5, seed 002). */
export const DEFAULT_PAGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Replicas' clocks may disagree a little; a token issued slightly "in the future" is still fine. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MAX_TOKEN_LENGTH = 4096;
const TAG_BYTES = 16;

export interface PageTokenOptions {
  /** Server secret (≥ 16 characters or bytes); replicas must share it. */
  secret: string | Uint8Array;
  /** Milliseconds since the epoch; tests pass a controllable clock. */
  now?: () => number;
  /** Default lifetime; each read may pass its own. */
  ttlMs?: number;
}

interface Payload {
  v: 1;
  /** The keyset cursor: where the next page starts. */
  c: JsonValue;
  /** Fingerprint of the query the token continues. */
  q: string;
  /** Issue time, ms. */
  t: number;
}

/** Canonical JSON: object keys sorted, bigint as decimal strings, undefined properties dropped. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Fingerprint of a query: its scope (route, version) and every parameter except the ones that may
 * change between pages (the token itself, the page size, the API key).
 */
export function queryFingerprint(scope: string, parameters: Record<string, unknown>, ignore: readonly string[] = ['pageToken', 'pageSize', 'rltoken']): string {
  const kept = Object.fromEntries(Object.entries(parameters).filter(([k]) => !ignore.includes(k)));
  return createHash('sha256').update(canonicalJson([scope, kept])).digest().subarray(0, 12).toString('base64url');
}

/**
 * Opaque, authenticated page tokens: `base64url(payload).base64url(hmac)`. The payload holds a keyset
 * cursor, the query fingerprint and the issue time; the HMAC (SHA-256, server secret) means a client
 * can neither forge a cursor nor reuse a token with a different query.
 */
export class PageTokens {
  readonly #key: Buffer;
  readonly #now: () => number;
  readonly ttlMs: number;

  constructor(options: PageTokenOptions) {
    const key = typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : Buffer.from(options.secret);
    if (key.length < 16) throw new Error('page token secret must be at least 16 characters');
    this.#key = key;
    this.#now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? DEFAULT_PAGE_TOKEN_TTL_MS;
  }

  issue(cursor: JsonValue, fingerprint: string): string {
    const payload: Payload = { v: 1, c: cursor, q: fingerprint, t: this.#now() };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.#tag(body).toString('base64url')}`;
  }

  /** The cursor of a token issued for this query; a 400 for a malformed, altered, foreign or expired token. */
  read(token: string, fingerprint: string, ttlMs: number = this.ttlMs): JsonValue {
    const invalid = () => new BadRequestError('pageToken is invalid: pass the nextPageToken of a previous response unchanged');
    if (token.length > MAX_TOKEN_LENGTH) throw invalid();
    const dot = token.indexOf('.');
    if (dot <= 0 || dot !== token.lastIndexOf('.')) throw invalid();
    const body = token.slice(0, dot);
    const tag = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.#tag(body);
    if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) throw invalid();
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      throw invalid();
    }
    if (payload === null || typeof payload !== 'object' || payload.v !== 1 || typeof payload.t !== 'number' || typeof payload.q !== 'string' || !('c' in payload)) throw invalid();
    if (payload.q !== fingerprint) throw new BadRequestError('pageToken belongs to a different query: repeat the parameters of the request that returned it');
    const age = this.#now() - payload.t;
    if (age > ttlMs || age < -CLOCK_SKEW_MS) {
      throw new BadRequestError(`pageToken has expired (page tokens are valid for ${formatTtl(ttlMs)}): start again from the first page`);
    }
    return payload.c;
  }

  /**
   * When a token stops being accepted (issue time plus `ttlMs`), read without checking its signature: for
   * tokens this server already accepted. Undefined when it is not a token's shape.
   */
  expiresAt(token: string, ttlMs: number = this.ttlMs): number | undefined {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as Partial<Payload> | null;
      return typeof payload?.t === 'number' ? payload.t + ttlMs : undefined;
    } catch {
      return undefined;
    }
  }

  #tag(body: string): Buffer {
    return createHmac('sha256', this.#key).update(body).digest().subarray(0, TAG_BYTES);
  }
}

function formatTtl(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} hour${ms === 3_600_000 ? '' : 's'}`;
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
