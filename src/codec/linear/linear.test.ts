import { describe, expect, it } from 'vitest';
import { LinearReader } from './reader.js';
import { LinearWriter } from './writer.js';

describe('linear codec', () => {
  it('round-trips every primitive big-endian', () => {
    const w = new LinearWriter(2);
    w.u16(0).u32(0xdeadbeef).u64(2n ** 64n - 1n).i64(-5n).str('héllo').bytes(new Uint8Array([1, 2])).bool(true);
    const bytes = w.finish();
    expect(Array.from(bytes.subarray(0, 6))).toEqual([0, 0, 0xde, 0xad, 0xbe, 0xef]);
    const r = new LinearReader(bytes);
    expect([r.u16(), r.u32(), r.u64(), r.i64(), r.str(), Array.from(r.bytesField()), r.bool()]).toEqual([0, 0xdeadbeef, 2n ** 64n - 1n, -5n, 'héllo', [1, 2], true]);
    r.end();
  });
  it('rejects short input and trailing bytes', () => {
    expect(() => new LinearReader(new Uint8Array(3)).u32()).toThrow(/insufficient length/);
    const r = new LinearReader(new Uint8Array(3));
    r.u16();
    expect(() => r.end()).toThrow('trailing buffer space');
  });
});
