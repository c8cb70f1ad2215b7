import { describe, expect, it } from 'vitest';
import { bytesToHex, decodeHex, hexOf, hexToBytes } from './hex.js';

describe('hex', () => {
  it('encodes plain arrays, views at an offset, Buffers and empty input', () => {
    const backing = Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x0a]);
    expect(bytesToHex(backing)).toBe('0xdeadbeef000a');
    expect(bytesToHex(backing.subarray(2, 5))).toBe('0xbeef00');
    expect(bytesToHex(Buffer.from('ff01', 'hex'))).toBe('0xff01');
    expect(bytesToHex(new Uint8Array())).toBe('0x');
    expect(hexOf(backing, 1, 3)).toBe('adbe');
    expect(hexOf(backing.subarray(1), 1, 3)).toBe('beef');
  });

  it('round-trips and rejects malformed hex', () => {
    expect(bytesToHex(hexToBytes('0xABcd'))).toBe('0xabcd');
    expect(() => hexToBytes('0xabc')).toThrow(/invalid hex/);
    expect(() => hexToBytes('0xzz')).toThrow(/invalid hex/);
  });

  it('decodes short and long hex alike, either prefix or none, either case, and refuses any non-hex character', () => {
    for (const length of [0, 1, 20, 31, 32, 33, 64, 300]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 255);
      const hex = Buffer.from(bytes).toString('hex');
      for (const text of [`0x${hex}`, `0X${hex.toUpperCase()}`, hex]) {
        const decoded = decodeHex(text);
        expect(decoded).toEqual(bytes);
        expect(Buffer.isBuffer(decoded)).toBe(false);
      }
      expect(decodeHex(`0x${hex}0`)).toBeUndefined();
      if (length === 0) continue;
      for (const at of [0, hex.length - 1]) {
        // 'İ' (U+0130) has a hex digit as its low byte: Buffer's decoder alone would read it as '0'
        for (const bad of ['g', 'x', ' ', '\u0100', '\u0130']) {
          const text = `0x${hex.slice(0, at)}${bad}${hex.slice(at + 1)}`;
          expect(decodeHex(text), `${length} bytes, ${JSON.stringify(bad)} at ${at}`).toBeUndefined();
          expect(() => hexToBytes(text)).toThrow(/invalid hex/);
        }
      }
    }
  });
});
