import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors/http-errors.js';
import { canonicalJson, PageTokens, queryFingerprint } from './page-token.js';

const SECRET = 'test-secret-0123456789abcdef';

function clock(start = 1_700_000_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

function errorOf(fn: () => unknown): BadRequestError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestError);
    return e as BadRequestError;
  }
  throw new Error('expected a BadRequestError');
}

describe('canonicalJson / queryFingerprint', () => {
  it('ignores key order, undefined values and the parameters that may change between pages', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: undefined, c: 3n }] })).toBe('{"a":[2,{"c":"3"}],"b":1}');
    const a = queryFingerprint('GET /x', { network: 'fuji', sortOrder: 'desc', pageSize: 10, pageToken: 'abc' });
    const b = queryFingerprint('GET /x', { sortOrder: 'desc', network: 'fuji', pageSize: 50 });
    expect(a).toBe(b);
    expect(queryFingerprint('GET /x', { network: 'mainnet', sortOrder: 'desc' })).not.toBe(a);
    expect(queryFingerprint('GET /y', { network: 'fuji', sortOrder: 'desc' })).not.toBe(a);
  });
});

describe('PageTokens', () => {
  it('round-trips a JSON cursor for the same query', () => {
    const tokens = new PageTokens({ secret: SECRET, now: clock().now });
    const cursor = { blockNumber: '123456789012345678901', txIndex: 4, hash: '0xab' };
    const token = tokens.issue(cursor, 'fp1');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.read(token, 'fp1')).toEqual(cursor);
  });

  it('rejects garbage, altered payloads, altered tags and other secrets', () => {
    const tokens = new PageTokens({ secret: SECRET, now: clock().now });
    const token = tokens.issue({ n: 1 }, 'fp');
    const [body, tag] = token.split('.') as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ v: 1, c: { n: 999 }, q: 'fp', t: 1_700_000_000_000 })).toString('base64url');
    const otherServer = new PageTokens({ secret: 'another-secret-0123456789', now: clock().now });
    for (const bad of ['', 'abc', '9f9e1d25-14a9-49f4-8742-fd4bf12f7cd8', `${forgedBody}.${tag}`, `${body}.${tag.slice(0, -2)}AA`, `${body}.${tag}.x`, otherServer.issue({ n: 1 }, 'fp'), 'x'.repeat(5000)]) {
      expect(errorOf(() => tokens.read(bad, 'fp')).body()).toEqual({
        message: ['pageToken is invalid: pass the nextPageToken of a previous response unchanged'],
        statusCode: 400,
        error: 'Bad Request',
      });
    }
  });

  it('rejects a token used with a different query', () => {
    const tokens = new PageTokens({ secret: SECRET });
    const token = tokens.issue(7, 'fp-a');
    expect(errorOf(() => tokens.read(token, 'fp-b')).messages).toEqual(['pageToken belongs to a different query: repeat the parameters of the request that returned it']);
  });

  it('expires tokens after the default 24 hours or a per-use lifetime', () => {
    const c = clock();
    const tokens = new PageTokens({ secret: SECRET, now: c.now });
    const token = tokens.issue('k', 'fp');
    c.t += 24 * 3_600_000;
    expect(tokens.read(token, 'fp')).toBe('k');
    c.t += 1;
    expect(errorOf(() => tokens.read(token, 'fp')).messages).toEqual(['pageToken has expired (page tokens are valid for 24 hours): start again from the first page']);
    const short = tokens.issue('k', 'fp');
    c.t += 61_000;
    expect(errorOf(() => tokens.read(short, 'fp', 60_000)).messages[0]).toContain('valid for 1 minute)');
    expect(tokens.read(short, 'fp')).toBe('k');
  });

  it('accepts a little clock skew between replicas but not tokens from far in the future', () => {
    const c = clock();
    const ahead = new PageTokens({ secret: SECRET, now: () => c.t + 60_000 });
    const farAhead = new PageTokens({ secret: SECRET, now: () => c.t + 3_600_000 });
    const tokens = new PageTokens({ secret: SECRET, now: c.now });
    expect(tokens.read(ahead.issue(1, 'fp'), 'fp')).toBe(1);
    expect(() => tokens.read(farAhead.issue(1, 'fp'), 'fp')).toThrow(BadRequestError);
  });

  it('refuses a short secret', () => {
    expect(() => new PageTokens({ secret: 'short' })).toThrow('at least 16');
  });
});

describe('PageTokens.expiresAt', () => {
  it('is the issue time plus the lifetime; undefined for what is not a token', () => {
    let now = 1_000_000;
    const tokens = new PageTokens({ secret: 'expires-at-test-secret', ttlMs: 60_000, now: () => now });
    const token = tokens.issue([1], 'q');
    now += 5_000;
    expect(tokens.expiresAt(token)).toBe(1_060_000);
    expect(tokens.expiresAt(token, 1000)).toBe(1_001_000);
    expect(tokens.expiresAt('not-a-token')).toBeUndefined();
    expect(tokens.expiresAt('e30.abc')).toBeUndefined(); // {} has no issue time
  });
});
