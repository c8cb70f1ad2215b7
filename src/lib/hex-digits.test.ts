import { describe, expect, it } from 'vitest';
import { viewOf, writeHexDigits } from './hex-digits.js';

describe('writeHexDigits', () => {
  it('writes every byte value as two lower-case digits, as Buffer does', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const out = Buffer.alloc(600);
    const end = writeHexDigits(viewOf(out), 7, bytes, 0, 256);
    expect(end).toBe(7 + 512);
    expect(out.subarray(7, end).toString('latin1')).toBe(Buffer.from(bytes).toString('hex'));
  });

  it('writes every 16-bit value: pairs of bytes go through one table entry', () => {
    const bytes = new Uint8Array(2 * 65536);
    for (let w = 0; w < 65536; w++) [bytes[2 * w], bytes[2 * w + 1]] = [w >> 8, w & 0xff];
    const out = Buffer.alloc(4 * 65536);
    writeHexDigits(viewOf(out), 0, bytes, 0, bytes.length);
    expect(out.toString('latin1')).toBe(Buffer.from(bytes).toString('hex'));
  });

  it('writes odd lengths, slices and views at any offset, touching nothing around them', () => {
    const backing = new Uint8Array(64).map((_, i) => (i * 73 + 11) & 0xff);
    for (const [offset, start, end] of [[0, 0, 0], [1, 0, 1], [3, 2, 5], [5, 1, 32], [7, 0, 33]] as const) {
      const bytes = backing.subarray(offset, offset + 40);
      const out = Buffer.alloc(100, 0x2e);
      const target = out.subarray(3, 97); // a view, so the DataView starts at an offset too
      const p = writeHexDigits(viewOf(target), 1, bytes, start, end);
      expect(p).toBe(1 + 2 * (end - start));
      expect(out.toString('latin1')).toBe('.'.repeat(4) + Buffer.from(bytes.subarray(start, end)).toString('hex') + '.'.repeat(96 - 2 * (end - start)));
    }
  });
});
