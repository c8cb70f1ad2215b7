import { describe, expect, it } from 'vitest';
import { compareBytes, concatBytes, sameBytes } from './bytes.js';

describe('bytes', () => {
  it('sameBytes compares length and every byte, views included', () => {
    const backing = Uint8Array.of(9, 1, 2, 3, 9);
    expect(sameBytes(backing.subarray(1, 4), Uint8Array.of(1, 2, 3))).toBe(true);
    expect(sameBytes(Buffer.from([1, 2, 3]), Uint8Array.of(1, 2, 3))).toBe(true);
    expect(sameBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 4))).toBe(false);
    expect(sameBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 0))).toBe(false);
    expect(sameBytes(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });

  it('compareBytes orders as Go does and concatBytes joins', () => {
    expect(compareBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 0))).toBe(-1);
    expect(compareBytes(Uint8Array.of(2), Uint8Array.of(1, 9))).toBe(1);
    expect(concatBytes(Uint8Array.of(1), Uint8Array.of(), Uint8Array.of(2, 3))).toEqual(Uint8Array.of(1, 2, 3));
  });
});
