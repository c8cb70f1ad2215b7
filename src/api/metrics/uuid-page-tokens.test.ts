import { describe, expect, it } from 'vitest';
import { UuidPageTokens, MAX_CURSOR } from './uuid-page-tokens.js';

const HOUR = 3_600_000;

describe('UuidPageTokens', () => {
  let clock = Date.UTC(2025, 0, 1);
  const tokens = new UuidPageTokens({ secret: 'a-secret-of-sixteen+', now: () => clock });

  it('issues UUIDs that carry the cursor back', () => {
    for (const cursor of [0, 1, 477_000, MAX_CURSOR]) {
      const token = tokens.issue(cursor, 'q1');
      expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(tokens.read(token, 'q1')).toBe(cursor);
    }
    expect(() => tokens.issue(MAX_CURSOR + 1, 'q1')).toThrow(/does not fit/);
  });

  it('expires a token 24 hours after it was issued', () => {
    clock = Date.UTC(2025, 0, 1, 12, 0, 0);
    const token = tokens.issue(42, 'q');
    clock += 24 * HOUR;
    expect(tokens.read(token, 'q')).toBe(42);
    clock += 1000;
    expect(() => tokens.read(token, 'q')).toThrow(/expired.*24 hours.*first page/);
  });

  it('rejects altered, foreign, other-query and non-UUID tokens', () => {
    const token = tokens.issue(7, 'q');
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect(() => tokens.read(flipped, 'q')).toThrow(/invalid/);
    expect(() => tokens.read(token, 'other query')).toThrow(/invalid/);
    expect(() => new UuidPageTokens({ secret: 'another-secret-16chars', now: () => clock }).read(token, 'q')).toThrow(/invalid/);
    expect(() => tokens.read('3d22deea-ea64-4d30-8a1e-c2a353b67e90', 'q')).toThrow(/invalid/);
    expect(() => tokens.read('not a token', 'q')).toThrow(/invalid/);
  });

  it('gives a 400 error body', () => {
    try {
      tokens.read('nope', 'q');
      expect.unreachable();
    } catch (e) {
      expect((e as { statusCode: number }).statusCode).toBe(400);
    }
  });
});
