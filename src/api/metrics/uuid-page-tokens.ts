import { createHmac } from 'node:crypto';
import { BadRequestError } from '../http/errors/http-errors.js';
import { DEFAULT_PAGE_TOKEN_TTL_MS } from '../http/pagination/page-token.js';

/** A cursor must fit the token: a non-negative integer below 2^40. */
export const MAX_CURSOR = 2 ** 40 - 1;
const MAC_BITS = 50n;
const CLOCK_SKEW_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The Metrics API's `nextPageToken`: a UUID, as seed 002 describes (example `3d22deea-ea64-4d30-8a1e-c2a353b67e90`),
 * valid for 24 hours. Stateless, so replicas need no shared store: a UUIDv8 (RFC 9562 custom layout) whose 122
 * free bits hold the cursor (40 bits), the issue time in Unix seconds (32 bits) and an HMAC-SHA256 tag (50 bits)
 * over those and the query's fingerprint, keyed with the server's page-token secret. A token therefore cannot
 * be forged, altered, or replayed against a different query, and its age is known without a lookup.
 */
export class UuidPageTokens {
  readonly #key: Buffer;
  readonly #now: () => number;
  readonly ttlMs: number;

  constructor(options: { secret: string | Uint8Array; now?: () => number; ttlMs?: number }) {
    this.#key = typeof options.secret === 'string' ? Buffer.from(`metrics-page-token:${options.secret}`) : Buffer.concat([Buffer.from('metrics-page-token:'), options.secret]);
    this.#now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? DEFAULT_PAGE_TOKEN_TTL_MS;
  }

  issue(cursor: number, fingerprint: string): string {
    if (!Number.isSafeInteger(cursor) || cursor < 0 || cursor > MAX_CURSOR) throw new Error(`page cursor ${cursor} does not fit a page token`);
    const issuedAt = Math.floor(this.#now() / 1000);
    const payload = (BigInt(cursor) << 82n) | (BigInt(issuedAt >>> 0) << MAC_BITS) | this.#tag(cursor, issuedAt >>> 0, fingerprint);
    return toUuid(payload);
  }

  /** The cursor of a token this server issued for this query; a 400 for anything else, or for an expired token. */
  read(token: string, fingerprint: string): number {
    const invalid = new BadRequestError('pageToken is invalid: pass the nextPageToken of the previous response, with the same query parameters');
    if (!UUID.test(token)) throw invalid;
    const payload = fromUuid(token);
    const cursor = Number(payload >> 82n);
    const issuedAt = Number((payload >> MAC_BITS) & 0xffff_ffffn);
    if ((payload & ((1n << MAC_BITS) - 1n)) !== this.#tag(cursor, issuedAt, fingerprint)) throw invalid;
    const age = Math.floor(this.#now() / 1000) - issuedAt;
    if (age * 1000 > this.ttlMs || age < -CLOCK_SKEW_SECONDS) {
      throw new BadRequestError(`pageToken has expired: page tokens are valid for ${this.ttlMs / 3_600_000} hours; start again from the first page`);
    }
    return cursor;
  }

  #tag(cursor: number, issuedAt: number, fingerprint: string): bigint {
    const mac = createHmac('sha256', this.#key).update(`${cursor}:${issuedAt}:${fingerprint}`).digest();
    return mac.readBigUInt64BE(0) >> (64n - MAC_BITS);
  }
}

/** 122 payload bits around the version (8) and variant (0b10) bits. */
function toUuid(payload: bigint): string {
  const value = ((payload >> 74n) << 80n) | (0x8n << 76n) | (((payload >> 62n) & 0xfffn) << 64n) | (0b10n << 62n) | (payload & ((1n << 62n) - 1n));
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function fromUuid(uuid: string): bigint {
  const value = BigInt(`0x${uuid.replaceAll('-', '')}`);
  return ((value >> 80n) << 74n) | (((value >> 64n) & 0xfffn) << 62n) | (value & ((1n << 62n) - 1n));
}
