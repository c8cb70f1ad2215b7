import { describe, expect, it } from 'vitest';
import { nextPeriodStart, periodStart } from '../../rollups/periods.js';
import { coverWithPieces } from './window-pieces.js';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('coverWithPieces', () => {
  it('covers a window without gaps or overlaps, coarsest first', () => {
    const from = utc('2024-02-27T21:00:00Z');
    const until = utc('2024-06-10T05:00:00Z');
    const pieces = coverWithPieces(from, until);
    let at = from;
    for (const piece of pieces) {
      expect(piece.start).toBe(at);
      expect(periodStart(piece.start, piece.unit)).toBe(piece.start);
      at = nextPeriodStart(piece.start, piece.unit);
    }
    expect(at).toBeGreaterThanOrEqual(until);
    expect(pieces.slice(0, 3)).toEqual([
      { unit: 'hour', start: utc('2024-02-27T21:00:00Z') },
      { unit: 'hour', start: utc('2024-02-27T22:00:00Z') },
      { unit: 'hour', start: utc('2024-02-27T23:00:00Z') },
    ]);
    expect(pieces.length).toBeLessThan(40);
  });

  it('uses months from the first of a month', () => {
    const pieces = coverWithPieces(utc('2024-01-01T00:00:00Z'), utc('2024-12-31T00:00:00Z'));
    expect(pieces.every((p) => p.unit === 'month')).toBe(true);
    expect(pieces).toHaveLength(12);
  });

  it('is empty for an empty window and refuses a start off the hour', () => {
    expect(coverWithPieces(3600, 3600)).toEqual([]);
    expect(() => coverWithPieces(3601, 7200)).toThrow(/not on an hour/);
  });
});
