import { afterEach, describe, expect, it } from 'vitest';
import { formatRfc3339Nano, localOffsetMinutes } from './go-time.js';

const ns = (iso: string, extraNs = 0n) => BigInt(Date.parse(iso)) * 1_000_000n + extraNs;

describe('formatRfc3339Nano', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('writes Z for UTC and trims trailing zeros of the fraction', () => {
    expect(formatRfc3339Nano(ns('2021-04-02T22:34:00.262Z', 979_000n), 0)).toBe('2021-04-02T22:34:00.262979Z');
    expect(formatRfc3339Nano(ns('2021-04-02T22:34:00.000Z'), 0)).toBe('2021-04-02T22:34:00Z');
    expect(formatRfc3339Nano(ns('2021-04-02T22:34:00.100Z'), 0)).toBe('2021-04-02T22:34:00.1Z');
    expect(formatRfc3339Nano(ns('2021-04-02T22:34:00.000Z', 1n), 0)).toBe('2021-04-02T22:34:00.000000001Z');
  });

  it('shifts the wall clock into the zone and writes its offset', () => {
    expect(formatRfc3339Nano(ns('2021-04-02T22:34:00.262Z', 979_000n), -7 * 60)).toBe('2021-04-02T15:34:00.262979-07:00');
    expect(formatRfc3339Nano(ns('2024-03-26T23:44:45.293Z', 100_000n), -4 * 60)).toBe('2024-03-26T19:44:45.2931-04:00');
    expect(formatRfc3339Nano(ns('2024-01-01T00:00:00Z'), 5 * 60 + 30)).toBe('2024-01-01T05:30:00+05:30');
    expect(formatRfc3339Nano(ns('2024-01-01T00:30:00Z'), -60)).toBe('2023-12-31T23:30:00-01:00');
  });

  it('uses the process local zone by default', () => {
    process.env.TZ = 'UTC';
    expect(localOffsetMinutes(Date.parse('2024-07-01T00:00:00Z'))).toBe(0);
    expect(formatRfc3339Nano(ns('2024-07-01T12:00:00.5Z'))).toBe('2024-07-01T12:00:00.5Z');
    process.env.TZ = 'America/New_York';
    expect(formatRfc3339Nano(ns('2024-07-01T12:00:00Z'))).toBe('2024-07-01T08:00:00-04:00');
    expect(formatRfc3339Nano(ns('2024-01-01T12:00:00Z'))).toBe('2024-01-01T07:00:00-05:00');
  });

  it('handles the epoch and early years', () => {
    expect(formatRfc3339Nano(0n, 0)).toBe('1970-01-01T00:00:00Z');
    expect(formatRfc3339Nano(-1n, 0)).toBe('1969-12-31T23:59:59.999999999Z');
  });
});
