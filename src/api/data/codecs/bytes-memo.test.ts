import { describe, expect, it } from 'vitest';
import { memoizeBytes } from './bytes-memo.js';

describe('memoizeBytes', () => {
  it('encodes each distinct value once and answers repeats from the cache', () => {
    let calls = 0;
    const enc = memoizeBytes((b) => {
      calls++;
      return `#${Buffer.from(b).toString('hex')}`;
    });
    const a = new Uint8Array([1, 2, 3]);
    expect(enc(a)).toBe('#010203');
    expect(enc(new Uint8Array([1, 2, 3]))).toBe('#010203');
    expect(calls).toBe(1);
    expect(enc(new Uint8Array([1, 2]))).toBe('#0102');
    expect(calls).toBe(2);
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
    for (const v of [1, 2, 3, 1, 2, 3]) expect(enc(new Uint8Array([v]))).toBe(String(v));
    expect(calls).toBe(6);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => memoizeBytes(String, 0)).toThrow(/positive integer/);
  });
});
