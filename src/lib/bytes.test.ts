import { describe, expect, it } from 'vitest';
import { compareBytes, concatBytes, sameBytes, uintOf } from './bytes.js';

describe('bytes', () => {
  it('uintOf reads an unsigned big-endian integer of any length: as a double up to 6 bytes, two up to 12, from hex beyond', () => {
    const hex = (b: Uint8Array) => (b.length === 0 ? 0n : BigInt('0x' + Buffer.from(b).toString('hex')));
    let seed = 99;
    const byte = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed & 0xff);
    for (let len = 0; len <= 33; len++) {
      for (let k = 0; k < 20; k++) {
        const b = Uint8Array.from({ length: len }, byte);
        if (k === 0) b.fill(0xff); // the largest value of each width (2^48 - 1 at 6 bytes)
        expect(uintOf(b)).toBe(hex(b));
        const framed = new Uint8Array([0xaa, ...b, 0xbb]);
        expect(uintOf(framed, 1, 1 + len)).toBe(hex(b));
      }
    }
    expect(uintOf(new Uint8Array([0, 0, 1]))).toBe(1n);
  });

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
