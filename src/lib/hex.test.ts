import { describe, expect, it } from 'vitest';
import { bytesToHex, hexOf, hexToBytes } from './hex.js';

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
});
