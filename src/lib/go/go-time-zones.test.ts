import { afterEach, describe, expect, it } from 'vitest';
import { formatRfc3339Nano } from './go-time.js';

const utc = 0;

describe('formatRfc3339Nano', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('trims trailing zeros of the fraction and drops a zero fraction', () => {
    expect(formatRfc3339Nano(1_617_378_840_262_979_000n, utc)).toBe('2021-04-02T15:54:00.262979Z');
    expect(formatRfc3339Nano(1_617_378_840_000_000_000n, utc)).toBe('2021-04-02T15:54:00Z');
    expect(formatRfc3339Nano(1_617_378_840_000_000_001n, utc)).toBe('2021-04-02T15:54:00.000000001Z');
    expect(formatRfc3339Nano(0n, utc)).toBe('1970-01-01T00:00:00Z');
  });

  it('writes the wall clock and offset of the zone', () => {
    expect(formatRfc3339Nano(1_617_378_840_262_979_000n, -7 * 60)).toBe('2021-04-02T08:54:00.262979-07:00');
    expect(formatRfc3339Nano(1_617_378_840_500_000_000n, 5 * 60 + 30)).toBe('2021-04-02T21:24:00.5+05:30');
  });

  it('uses the process zone by default', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatRfc3339Nano(1_617_378_840_262_979_000n)).toBe('2021-04-02T08:54:00.262979-07:00');
    expect(formatRfc3339Nano(1_609_459_200_000_000_000n)).toBe('2020-12-31T16:00:00-08:00');
    process.env.TZ = 'UTC';
    expect(formatRfc3339Nano(1_617_378_840_262_979_000n)).toBe('2021-04-02T15:54:00.262979Z');
  });

  it('handles instants before 1970', () => {
    expect(formatRfc3339Nano(-1n, utc)).toBe('1969-12-31T23:59:59.999999999Z');
  });
});
