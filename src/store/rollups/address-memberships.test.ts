import { describe, expect, it } from 'vitest';
import { AddressMemberships } from './address-memberships.js';

const m = (hour: number) => ({ lastActiveHour: hour, lastSentHour: null });
/** Records that `key` was last active (first seen: `firstHour`) at `hour`. */
const set = (cache: AddressMemberships, key: string, hour: number, firstHour = hour) => cache.set(key, firstHour, hour, null);

/** What the cache holds of `key`: its last hours. */
const held = (cache: AddressMemberships, key: string) => {
  const e = cache.get(key);
  return e && { lastActiveHour: e.lastActiveHour, lastSentHour: e.lastSentHour };
};

/** A cache adopted for `chain` over `watermark` and loaded (as updateEvmRollups does). */
function started(cache: AddressMemberships, chain: number, watermark: bigint | undefined): boolean {
  const trusted = cache.adopt(chain, watermark);
  if (!trusted) cache.loadedFrom(false);
  return trusted;
}

describe('AddressMemberships', () => {
  it('keeps entries across batches that settle at the watermark the next batch starts from', () => {
    const cache = new AddressMemberships();
    expect(started(cache, 1, undefined)).toBe(false);
    set(cache, 'a', 3600);
    cache.settle(99n);
    expect(started(cache, 1, 99n)).toBe(true);
    expect(held(cache, 'a')).toEqual(m(3600));
  });

  it('discards entries when the stored watermark is not the one the cache settled at (a rolled-back batch)', () => {
    const cache = new AddressMemberships();
    started(cache, 1, 10n);
    set(cache, 'a', 3600);
    cache.settle(20n);
    expect(started(cache, 1, 10n)).toBe(false);
    expect([held(cache, 'a'), cache.waiting]).toEqual([undefined, 0]);
  });

  it('discards entries of a batch that never settled (it failed midway), even over the same watermark', () => {
    const cache = new AddressMemberships();
    started(cache, 1, undefined);
    set(cache, 'a', 3600);
    expect(started(cache, 1, undefined)).toBe(false);
    expect(held(cache, 'a')).toBeUndefined();
  });

  it('discards entries of another chain, and a cache never loaded is not trusted', () => {
    const cache = new AddressMemberships();
    started(cache, 1, 5n);
    set(cache, 'a', 3600);
    cache.settle(6n);
    expect(started(cache, 2, 6n)).toBe(false);
    expect(cache.size).toBe(0);
    const fresh = new AddressMemberships();
    fresh.settle(6n);
    expect(fresh.adopt(2, 6n)).toBe(false);
  });

  it('evicts the entries cached first past its capacity, once nothing waits to be written', () => {
    const cache = new AddressMemberships({ capacity: 2, flushRows: 10 });
    started(cache, 1, undefined);
    set(cache, 'a', 1);
    set(cache, 'b', 2);
    set(cache, 'a', 3);
    set(cache, 'c', 4);
    // Over capacity with rows waiting: due for a flush, nothing evicted yet.
    expect(cache.dueForFlush()).toBe(true);
    cache.settle(1n);
    expect(cache.size).toBe(3);
    expect(cache.takeDirty().map((d) => d.lastActiveHour)).toEqual([3, 2, 4]);
    cache.settle(2n);
    expect([held(cache, 'a'), held(cache, 'b'), held(cache, 'c')]).toEqual([undefined, m(2), m(4)]);
    expect(() => new AddressMemberships(0)).toThrow(/positive integer/);
  });

  it('writes behind: due after flushRows changes or flushIntervalMs, keeping the earliest first hour of a row', () => {
    let now = 0;
    const cache = new AddressMemberships({ flushRows: 3, flushIntervalMs: 1000, now: () => now });
    started(cache, 1, undefined);
    set(cache, 'a', 7200);
    set(cache, 'a', 10800, 10800);
    set(cache, 'b', 3600);
    expect(cache.dueForFlush()).toBe(false);
    now = 1000;
    expect(cache.dueForFlush()).toBe(true);
    expect(cache.takeDirty().map((d) => [d.firstHour, d.lastActiveHour])).toEqual([[7200, 10800], [3600, 3600]]);
    expect(cache.dueForFlush()).toBe(false);
    set(cache, 'c', 1);
    set(cache, 'd', 1);
    set(cache, 'e', 1);
    expect(cache.dueForFlush()).toBe(true);
  });

  it('knows an address is new only when it holds every member of the chain', () => {
    const cache = new AddressMemberships();
    cache.adopt(1, 5n);
    cache.loadedFrom(false);
    expect(cache.isNew('x')).toBe(false);
    cache.adopt(1, 7n);
    cache.loadedFrom(true);
    cache.remember('a', m(1));
    expect([cache.isNew('x'), cache.isNew('a')]).toEqual([true, false]);
  });
});
