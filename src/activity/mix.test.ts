import { describe, expect, it } from 'vitest';
import { ALL_KINDS, DEFAULT_WEIGHTS, firstKinds, parseMix, resolveWeights } from './mix.js';

describe('activity mix', () => {
  it('resolves group factors and kind weights', () => {
    const w = resolveWeights({ p: 0, 'p.validator': 2, c: 2 });
    expect(w['p.transfer']).toBe(0);
    expect(w['p.validator']).toBe(2);
    expect(w['c.transfer']).toBe(DEFAULT_WEIGHTS['c.transfer'] * 2);
    expect(w['x.transfer']).toBe(DEFAULT_WEIGHTS['x.transfer']);
    expect(() => resolveWeights({ nope: 1 } as any)).toThrow('unknown activity kind or group "nope"');
    expect(() => resolveWeights({ c: -1 })).toThrow('must be a number ≥ 0');
    expect(() => resolveWeights({ c: 0, p: 0, x: 0, atomic: 0 })).toThrow('no kind with a positive weight');
  });

  it('parses the CLI form', () => {
    expect(parseMix('c=2, p.validator=0.5,atomic=0')).toEqual({ c: 2, 'p.validator': 0.5, atomic: 0 });
    expect(() => parseMix('c:2')).toThrow('invalid activity mix entry "c:2"');
    expect(() => parseMix('q=1')).toThrow('unknown activity kind');
  });

  it('plans the same kinds for the same seed, another sequence for another seed', () => {
    const w = resolveWeights();
    const a = firstKinds('seed-1', w, 300);
    expect(firstKinds('seed-1', w, 300)).toEqual(a);
    expect(firstKinds('seed-2', w, 300)).not.toEqual(a);
  });

  it('starts with a tour of every kind with a positive weight, then draws by weight', () => {
    const w = resolveWeights({ atomic: 0 });
    const live = ALL_KINDS.filter((k) => !k.startsWith('atomic.'));
    const kinds = firstKinds('tour', w, live.length + 5000);
    expect(new Set(kinds.slice(0, live.length))).toEqual(new Set(live));
    const rest = kinds.slice(live.length);
    expect(rest.some((k) => k.startsWith('atomic.'))).toBe(false);
    const count = (k: string) => rest.filter((x) => x === k).length;
    // c.transfer (10) is drawn far more often than p.subnet-owner (0.3).
    expect(count('c.transfer')).toBeGreaterThan(10 * count('p.subnet-owner'));
  });
});
