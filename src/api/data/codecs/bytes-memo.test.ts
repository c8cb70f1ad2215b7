import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoizeBytes } from './bytes-memo.js';

describe('memoizeBytes', () => {
  it('keeps a value from its second sighting and answers later repeats from the cache', () => {
    let calls = 0;
    const enc = memoizeBytes((b) => {
      calls++;
      return `#${Buffer.from(b).toString('hex')}`;
    });
    const a = new Uint8Array([1, 2, 3]);
    expect(enc(a)).toBe('#010203');
    expect(calls).toBe(1);
    for (let i = 0; i < 3; i++) expect(enc(new Uint8Array([1, 2, 3]))).toBe('#010203');
    expect(calls).toBe(2);
    expect(enc(new Uint8Array([1, 2]))).toBe('#0102');
    expect(calls).toBe(3);
  });

  it('keeps nothing for values seen once', () => {
    let calls = 0;
    const enc = memoizeBytes((b) => {
      calls++;
      return Buffer.from(b).toString('hex');
    });
    // Hash-like, as the ids memoized are.
    const ids = Array.from({ length: 1_000 }, (_, i) => new Uint8Array(createHash('sha256').update(String(i)).digest()));
    for (const id of ids) expect(enc(id)).toBe(Buffer.from(id).toString('hex'));
    expect(calls).toBe(1_000);
    expect(enc.kept).toBe(0);
    for (const id of ids) expect(enc(id)).toBe(Buffer.from(id).toString('hex'));
    // Kept on the second sighting (a few later: another id marked the same slot of the table in between).
    expect(enc.kept).toBeGreaterThan(950);
    expect(calls).toBe(2_000);
  });

  it('keys by the view, not the whole underlying buffer', () => {
    const enc = memoizeBytes((b) => Buffer.from(b).toString('hex'));
    const backing = new Uint8Array([9, 1, 2, 9]);
    expect(enc(backing.subarray(1, 3))).toBe('0102');
    expect(enc(backing.subarray(0, 2))).toBe('0901');
  });

  it('stays correct once the limit empties the cache', () => {
    let calls = 0;
    const enc = memoizeBytes((b) => {
      calls++;
      return String(b[0]);
    }, 2);
    for (const v of [1, 2, 3, 1, 2, 3, 1, 2, 3]) expect(enc(new Uint8Array([v]))).toBe(String(v));
    // Kept from the second round on; past the limit each new value empties the cache, so every call encodes.
    expect(calls).toBe(9);
    expect(enc.kept).toBeLessThanOrEqual(2);
  });

  it('tells apart values whose keys collide (same length, first and last four bytes)', () => {
    let calls = 0;
    const enc = memoizeBytes((b) => {
      calls++;
      return Buffer.from(b).toString('hex');
    });
    const values = [0, 1, 2, 3].map((middle) => new Uint8Array([1, 2, 3, 4, middle, middle, 5, 6, 7, 8]));
    for (let round = 0; round < 2; round++) for (const v of values) expect(enc(v)).toBe(Buffer.from(v).toString('hex'));
    // The first value's sighting marks the key all four share, so the others are kept on their first.
    expect(enc.kept).toBe(values.length);
    const before = calls;
    for (const v of values) expect(enc(v)).toBe(Buffer.from(v).toString('hex'));
    expect(calls).toBe(before);
  });

  it('keeps its own copy of the bytes: a reused buffer does not change what a key maps to', () => {
    const enc = memoizeBytes((b) => Buffer.from(b).toString('hex'));
    const reused = new Uint8Array(32).fill(7);
    expect(enc(reused)).toBe('07'.repeat(32));
    expect(enc(reused)).toBe('07'.repeat(32));
    reused[10] = 9;
    expect(enc(reused)).toBe(Buffer.from(reused).toString('hex'));
    expect(enc(new Uint8Array(32).fill(7))).toBe('07'.repeat(32));
  });

  it('memoizes short and empty values', () => {
    const enc = memoizeBytes((b) => `[${b.join(',')}]`);
    for (let round = 0; round < 3; round++) {
      expect(enc(new Uint8Array(0))).toBe('[]');
      expect(enc(new Uint8Array([0]))).toBe('[0]');
      expect(enc(new Uint8Array([0, 0]))).toBe('[0,0]');
      expect(enc(new Uint8Array([255, 1, 2]))).toBe('[255,1,2]');
    }
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => memoizeBytes(String, 0)).toThrow(/positive integer/);
  });
});
