import { describe, expect, it } from 'vitest';
import { RingCache } from './ring-cache.js';

describe('RingCache', () => {
  it('keeps the last values put, dropping and returning the oldest once full', () => {
    const cache = new RingCache<number>(3);
    expect([cache.set('a', 1), cache.set('b', 2), cache.set('c', 3)]).toEqual([undefined, undefined, undefined]);
    expect(cache.set('d', 4)).toBe(1);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, 2, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it('a key put again holds its new value only', () => {
    const cache = new RingCache<number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
    expect(cache.size).toBe(1);
    cache.set('b', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 3, 4]);
  });

  it('delete lets go of a value, and its slot is used again', () => {
    const cache = new RingCache<number>(2);
    cache.set('a', 1);
    cache.delete('a');
    cache.delete('missing');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    for (let i = 0; i < 10; i++) cache.set(String(i), i);
    expect([cache.get('8'), cache.get('9'), cache.size]).toEqual([8, 9, 2]);
  });

  it('holds at least one value', () => {
    expect(() => new RingCache(0)).toThrow(RangeError);
    const one = new RingCache<string>(1);
    one.set('x', 'y');
    expect(one.set('z', 'w')).toBe('y');
    expect(one.get('x')).toBeUndefined();
  });
});
