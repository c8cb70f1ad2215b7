import { describe, expect, it } from 'vitest';
import { SealedSeriesCache } from './sealed-series-cache.js';

const pt = (timestamp: number, value: number) => ({ timestamp, value });

describe('SealedSeriesCache', () => {
  it('keeps only values of periods before the sealed boundary', () => {
    const cache = new SealedSeriesCache();
    const entry = cache.entry('1@0', 'txCount', 'hour', 7200);
    cache.remember(entry, [pt(0, 5), pt(3600, 6), pt(7200, 7)]);
    expect([...cache.entry('1@0', 'txCount', 'hour', 7200).points.values()]).toEqual([pt(0, 5), pt(3600, 6)]);
    expect(cache.size).toBe(2);
  });

  it('keeps entries apart by scope, metric and unit', () => {
    const cache = new SealedSeriesCache();
    cache.remember(cache.entry('1@0', 'txCount', 'hour', 7200), [pt(0, 5)]);
    expect(cache.entry('1@0', 'gasUsed', 'hour', 7200).points.size).toBe(0);
    expect(cache.entry('1@0', 'txCount', 'day', 7200).points.size).toBe(0);
    expect(cache.entry('1@60', 'txCount', 'hour', 7200).points.size).toBe(0);
    expect(cache.entry('1@0', 'txCount', 'hour', 7200).points.get(0)).toEqual(pt(0, 5));
  });

  it('clears an entry whose boundary moved back (rollups rebuilt), and keeps it when it moves on', () => {
    const cache = new SealedSeriesCache();
    cache.remember(cache.entry('1@0', 'txCount', 'hour', 7200), [pt(0, 5), pt(3600, 6)]);
    expect(cache.entry('1@0', 'txCount', 'hour', 10_800).points.size).toBe(2);
    expect(cache.entry('1@0', 'txCount', 'hour', 3600).points.size).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entries beyond its size', () => {
    const cache = new SealedSeriesCache(4);
    cache.remember(cache.entry('a', 'txCount', 'hour', 1e9), [pt(0, 1), pt(1, 1)]);
    cache.remember(cache.entry('b', 'txCount', 'hour', 1e9), [pt(0, 2), pt(1, 2)]);
    cache.entry('a', 'txCount', 'hour', 1e9); // a is now the most recently used
    cache.remember(cache.entry('c', 'txCount', 'hour', 1e9), [pt(0, 3)]);
    expect(cache.size).toBe(3);
    expect(cache.entry('a', 'txCount', 'hour', 1e9).points.size).toBe(2);
    expect(cache.entry('b', 'txCount', 'hour', 1e9).points.size).toBe(0);
  });
});
