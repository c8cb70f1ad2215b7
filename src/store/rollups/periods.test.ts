import { describe, expect, it } from 'vitest';
import { nextPeriodStart, periodStart, previousPeriodStart, PERIOD_UNITS } from './periods.js';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('periods', () => {
  it('aligns hours, days, Monday weeks and months to UTC', () => {
    const ts = utc('2024-08-29T13:45:10Z'); // a Thursday
    expect(periodStart(ts, 'hour')).toBe(utc('2024-08-29T13:00:00Z'));
    expect(periodStart(ts, 'day')).toBe(utc('2024-08-29T00:00:00Z'));
    expect(periodStart(ts, 'week')).toBe(utc('2024-08-26T00:00:00Z'));
    expect(periodStart(ts, 'month')).toBe(utc('2024-08-01T00:00:00Z'));
  });

  it('puts Monday 00:00 in its own week and Sunday 23:59:59 in the week before', () => {
    const monday = utc('2024-09-02T00:00:00Z');
    expect(periodStart(monday, 'week')).toBe(monday);
    expect(periodStart(monday - 1, 'week')).toBe(utc('2024-08-26T00:00:00Z'));
  });

  it('handles the epoch (a Thursday) and the days before its first Monday', () => {
    expect(periodStart(0, 'week')).toBe(utc('1969-12-29T00:00:00Z'));
    expect(periodStart(0, 'month')).toBe(0);
    expect(periodStart(4 * 86400, 'week')).toBe(4 * 86400);
  });

  it('steps months of different lengths, across years', () => {
    expect(nextPeriodStart(utc('2024-02-01T00:00:00Z'), 'month')).toBe(utc('2024-03-01T00:00:00Z'));
    expect(nextPeriodStart(utc('2024-12-01T00:00:00Z'), 'month')).toBe(utc('2025-01-01T00:00:00Z'));
    expect(previousPeriodStart(utc('2024-03-01T00:00:00Z'), 'month')).toBe(utc('2024-02-01T00:00:00Z'));
    expect(previousPeriodStart(utc('2025-01-01T00:00:00Z'), 'month')).toBe(utc('2024-12-01T00:00:00Z'));
  });

  it('steps back and forth consistently for every unit', () => {
    for (const unit of PERIOD_UNITS) {
      let start = periodStart(utc('2023-12-30T05:00:00Z'), unit);
      for (let i = 0; i < 50; i++) {
        const next = nextPeriodStart(start, unit);
        expect(next).toBeGreaterThan(start);
        expect(periodStart(next - 1, unit)).toBe(start);
        expect(previousPeriodStart(next, unit)).toBe(start);
        start = next;
      }
    }
  });
});
