/**
 * The periods metrics are bucketed by, aligned to UTC as the Metrics API documents: hours, days at 00:00,
 * weeks starting Monday 00:00, months starting on the 1st. Timestamps are Unix seconds.
 */
export const PERIOD_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;
/** 1970-01-05, the first Monday of the Unix epoch. */
const FIRST_MONDAY = 4 * DAY;

function floorTo(ts: number, size: number, offset: number): number {
  const r = (((ts - offset) % size) + size) % size;
  return ts - r;
}

/** Start of the period of `unit` that contains `ts`. */
export function periodStart(ts: number, unit: PeriodUnit): number {
  switch (unit) {
    case 'hour':
      return floorTo(ts, HOUR, 0);
    case 'day':
      return floorTo(ts, DAY, 0);
    case 'week':
      return floorTo(ts, WEEK, FIRST_MONDAY);
    case 'month': {
      const d = new Date(ts * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    }
  }
}

/** Start of the period after the one starting at `start` (which must be aligned). */
export function nextPeriodStart(start: number, unit: PeriodUnit): number {
  switch (unit) {
    case 'hour':
      return start + HOUR;
    case 'day':
      return start + DAY;
    case 'week':
      return start + WEEK;
    case 'month': {
      const d = new Date(start * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
    }
  }
}

/** Start of the period before the one starting at `start` (which must be aligned). */
export function previousPeriodStart(start: number, unit: PeriodUnit): number {
  return unit === 'month' ? periodStart(start - 1, 'month') : start - (nextPeriodStart(start, unit) - start);
}

export function isPeriodUnit(value: string): value is PeriodUnit {
  return (PERIOD_UNITS as readonly string[]).includes(value);
}
