import { describe, expect, it } from 'vitest';
import { BlockPool, JsonBytes } from './json-bytes.js';

const text = (w: JsonBytes) => w.toBuffer().toString("latin1");

describe('JsonBytes', () => {
  it('writes hex data as Buffer does, below and above the size where it hands over to the native encoder', () => {
    for (const n of [0, 1, 2, 3, 20, 21, 32, 96, 256, 511, 512, 513, 1000, 2047, 2048, 2049, 3001]) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n) & 0xff);
      expect(text(new JsonBytes(8).hex(bytes))).toBe(`"0x${Buffer.from(bytes).toString('hex')}"`);
    }
  });

  it('writes a slice of bytes', () => {
    const bytes = Uint8Array.of(1, 2, 0xab, 0xcd, 5);
    expect(text(new JsonBytes().hex(bytes, 2, 4))).toBe('"0xabcd"');
    const pooled = new Uint8Array(new ArrayBuffer(300), 100, 150).fill(0xee);
    expect(text(new JsonBytes().hex(pooled, 10, 130))).toBe(`"0x${'ee'.repeat(120)}"`);
  });

  it('writes quantities as hexutil does: no leading zero digit, 0x0 for zero', () => {
    for (const n of [0, 1, 9, 10, 15, 16, 255, 4096, 2 ** 53 - 1]) expect(text(new JsonBytes().quantity(n))).toBe(`"0x${n.toString(16)}"`);
    for (const n of [0n, 1n, 15n, 16n, 2n ** 64n + 5n, 2n ** 256n - 1n]) expect(text(new JsonBytes().quantity(n))).toBe(`"0x${n.toString(16)}"`);
    const q = (bytes: number[], start?: number, end?: number) => text(new JsonBytes().quantityBytes(Uint8Array.from(bytes), start, end));
    expect([q([]), q([0]), q([0, 0]), q([1]), q([0, 1]), q([0x0f, 0xff]), q([0x10, 0]), q([0, 0, 0xab, 0x0c])]).toEqual(
      ['"0x0"', '"0x0"', '"0x0"', '"0x1"', '"0x1"', '"0xfff"', '"0x1000"', '"0xab0c"']);
    expect(q([0xff, 0, 5, 0xff], 1, 3)).toBe('"0x5"');
    for (let i = 0; i < 500; i++) {
      const bytes = Array.from({ length: i % 40 }, (_, k) => (k < i % 3 ? 0 : (i * 31 + k * 17) & 0xff));
      const n = bytes.reduce((acc, b) => acc * 256n + BigInt(b), 0n);
      expect(q(bytes)).toBe(`"0x${n.toString(16)}"`);
    }
    const edges = [2 ** 32 - 1, 2 ** 32, 2 ** 52 + 3, 25_000_000_000, 0xabcdef012345];
    for (const n of edges) expect(text(new JsonBytes().quantity(n))).toBe(`"0x${n.toString(16)}"`);
    for (const n of [...edges.map(BigInt), 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 18n]) expect(text(new JsonBytes().quantity(n))).toBe(`"0x${n.toString(16)}"`);
    for (let i = 0; i < 2000; i++) {
      const n = Math.floor(Math.random() * 2 ** (1 + (i % 53)));
      expect(text(new JsonBytes().text('[').quantity(n).text(']'))).toBe(`["0x${n.toString(16)}"]`);
    }
  });

  it('grows past its first capacity and keeps what it wrote', () => {
    const w = new JsonBytes(4);
    w.text('[');
    for (let i = 0; i < 1000; i++) w.text(i > 0 ? ',' : '').quantity(i);
    w.text(']').json(Buffer.from('{"a":null}'));
    const expected = `[${Array.from({ length: 1000 }, (_, i) => `"0x${i.toString(16)}"`).join(',')}]{"a":null}`;
    expect(w.length).toBe(expected.length);
    expect(text(w)).toBe(expected);
  });

  it('keeps what it wrote in blocks it never moves, each view unchanged by later writes', () => {
    const w = new JsonBytes(16);
    w.text('[');
    const early = w.chunks();
    for (let i = 0; i < 5000; i++) w.text(i > 0 ? ',' : '').hex(Uint8Array.of(i & 0xff, i >> 8));
    w.text(']');
    const chunks = w.chunks();
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.concat(chunks).toString()).toBe(`[${Array.from({ length: 5000 }, (_, i) => `"0x${Buffer.from([i & 0xff, i >> 8]).toString('hex')}"`).join(',')}]`);
    expect(early.map((c) => c.toString())).toEqual(['[']);
  });

  it('drops what it was told to truncate, in the current block or across blocks', () => {
    const w = new JsonBytes(8);
    w.text('[1,').text('"dropped"').truncate(3);
    expect(text(w)).toBe('[1,');
    const long = '"' + 'x'.repeat(100) + '"';
    w.text(long).text(long).text(long).truncate(3 + long.length + 1);
    expect(w.length).toBe(3 + long.length + 1);
    w.text('2]');
    expect(text(w)).toBe(`[1,${long}"2]`);
    expect(() => w.truncate(w.length + 1)).toThrow(RangeError);
  });

  it('encodes any text as UTF-8', () => {
    expect(new JsonBytes(4).utf8('{"message":"é → ✓"}').toBuffer().toString('utf8')).toBe('{"message":"é → ✓"}');
  });

  it('takes its blocks from a pool and gives them back on release, for the next writer to reuse', () => {
    const pool = new BlockPool(64, 8);
    const first = new JsonBytes(16, pool);
    for (let i = 0; i < 50; i++) first.text('"0123456789"');
    first.hex(new Uint8Array(100).fill(0xab));
    expect(first.toBuffer().toString()).toBe('"0123456789"'.repeat(50) + `"0x${'ab'.repeat(100)}"`);
    const blocks = first.chunks().map((c) => c.buffer);
    first.release();
    const second = new JsonBytes(16, pool);
    second.text('"reused"');
    expect(blocks).toContain(second.chunks()[0]!.buffer);
    expect(second.toBuffer().toString()).toBe('"reused"');
  });
});
