import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ownedBuffer } from './owned-buffer.js';

const alone = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.length;

describe('ownedBuffer', () => {
  it('copies a small string out of the shared pool', () => {
    const pooled = Buffer.from('{"a":1}', 'utf8');
    expect(alone(pooled)).toBe(false); // what the helper is for: Node pools small Buffers
    const owned = ownedBuffer('{"a":1}');
    expect(alone(owned)).toBe(true);
    expect(owned.toString('utf8')).toBe('{"a":1}');
  });

  it('copies a view into a larger block (zlib output, a pooled Buffer) and leaves the block as it was', () => {
    const gz = gzipSync(Buffer.from('x'.repeat(3000)));
    expect(alone(gz)).toBe(false);
    const owned = ownedBuffer(gz);
    expect(alone(owned)).toBe(true);
    expect(owned.equals(gz)).toBe(true);
    owned[0] = owned[0]! ^ 0xff;
    expect(owned.equals(gz)).toBe(false);
  });

  it('returns a Buffer that is already alone in its memory as it is', () => {
    const big = Buffer.from('y'.repeat(10_000), 'utf8');
    expect(ownedBuffer(big)).toBe(big);
    const slow = Buffer.allocUnsafeSlow(10).fill(7);
    expect(ownedBuffer(slow)).toBe(slow);
  });

  it('handles empty and multi-byte input', () => {
    expect(ownedBuffer('').length).toBe(0);
    const text = 'é€𝄞';
    const owned = ownedBuffer(text);
    expect(alone(owned)).toBe(true);
    expect(owned.toString('utf8')).toBe(text);
  });
});
