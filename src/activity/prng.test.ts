import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';

describe('Prng', () => {
  it('gives the same stream for the same seed and another for another seed', () => {
    const a = Prng.from('firn');
    const b = Prng.from('firn');
    const c = Prng.from('firm');
    const xs = Array.from({ length: 50 }, () => a.u32());
    expect(Array.from({ length: 50 }, () => b.u32())).toEqual(xs);
    expect(Array.from({ length: 50 }, () => c.u32())).not.toEqual(xs);
  });

  it('forks streams by label, independent of how much the parent has drawn', () => {
    const a = Prng.from('s');
    const b = Prng.from('s');
    for (let i = 0; i < 10; i++) b.u32();
    expect(a.fork('x').u32()).toBe(b.fork('x').u32());
    expect(a.fork('x').u32()).not.toBe(a.fork('y').u32());
  });

  it('stays within ranges and covers them', () => {
    const r = Prng.from('ranges');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = r.int(3, 9);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(9);
      seen.add(v);
      const f = r.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const big = r.bigint(10n ** 18n, 10n ** 18n + 5n);
      expect(big >= 10n ** 18n && big <= 10n ** 18n + 5n).toBe(true);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(() => r.int(2, 1)).toThrow('empty range');
  });

  it('picks by weight, never a zero weight', () => {
    const r = Prng.from('weights');
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 4000; i++) counts[r.weighted([['a', 3], ['b', 1], ['c', 0]] as const)]++;
    expect(counts.c).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.3);
    expect(counts.a / counts.b).toBeLessThan(3.9);
    expect(() => r.weighted([['a', 0]])).toThrow('no positive weight');
  });

  it('shuffles into a permutation and draws bytes', () => {
    const r = Prng.from('shuffle');
    const items = Array.from({ length: 20 }, (_, i) => i);
    const s = r.shuffle(items);
    expect([...s].sort((x, y) => x - y)).toEqual(items);
    expect(s).not.toEqual(items);
    expect(r.bytes(7)).toHaveLength(7);
    expect(Prng.from('b').bytes(32)).toEqual(Prng.from('b').bytes(32));
  });
});
