import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('parseDuration', () => {
  it('parses Go durations', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('2')).toBe(2000);
  });
  it('rejects garbage', () => {
    expect(() => parseDuration('soon')).toThrow('invalid duration "soon"');
    expect(() => parseDuration('10x')).toThrow();
    expect(() => parseDuration('')).toThrow();
  });
});
