import { describe, expect, it } from 'vitest';
import { AddressMemberships } from './address-memberships.js';

const m = (hour: number) => ({ lastActiveHour: hour, lastSentHour: null });

describe('AddressMemberships', () => {
  it('keeps entries across batches that settle at the watermark the next batch starts from', () => {
    const cache = new AddressMemberships();
    cache.adopt(1, undefined);
    cache.set('a', m(3600));
    cache.settle(99n);
    cache.adopt(1, 99n);
    expect(cache.get('a')).toEqual(m(3600));
  });

  it('discards entries when the stored watermark is not the one the cache settled at (a rolled-back batch)', () => {
    const cache = new AddressMemberships();
    cache.adopt(1, 10n);
    cache.set('a', m(3600));
    cache.settle(20n);
    cache.adopt(1, 10n);
    expect(cache.get('a')).toBeUndefined();
  });

  it('discards entries of a batch that never settled (it failed midway), even over the same watermark', () => {
    const cache = new AddressMemberships();
    cache.adopt(1, undefined);
    cache.set('a', m(3600));
    cache.adopt(1, undefined);
    expect(cache.get('a')).toBeUndefined();
  });

  it('discards entries of another chain', () => {
    const cache = new AddressMemberships();
    cache.adopt(1, 5n);
    cache.set('a', m(3600));
    cache.settle(6n);
    cache.adopt(2, 6n);
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently written entries past its capacity', () => {
    const cache = new AddressMemberships(2);
    cache.set('a', m(1));
    cache.set('b', m(2));
    cache.set('a', m(3));
    cache.set('c', m(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([m(3), undefined, m(4)]);
    expect(() => new AddressMemberships(0)).toThrow(/positive integer/);
  });
});
