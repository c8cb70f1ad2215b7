import { nextPeriodStart, periodStart, PERIOD_UNITS, type PeriodUnit } from '../../rollups/periods.js';

export interface Piece {
  unit: PeriodUnit;
  start: number;
}

const COARSEST_FIRST = [...PERIOD_UNITS].reverse();

/**
 * Disjoint buckets that together cover [from, until): at each step the coarsest unit whose period starts exactly
 * there. `from` must be hour-aligned. The last piece may reach past `until` (there is no data beyond it).
 * A year comes out as about 80 pieces rather than 8,760 hours.
 */
export function coverWithPieces(from: number, until: number): Piece[] {
  if (periodStart(from, 'hour') !== from) throw new Error(`window start ${from} is not on an hour`);
  const pieces: Piece[] = [];
  let at = from;
  while (at < until) {
    const unit = COARSEST_FIRST.find((u) => periodStart(at, u) === at)!;
    pieces.push({ unit, start: at });
    at = nextPeriodStart(at, unit);
  }
  return pieces;
}
