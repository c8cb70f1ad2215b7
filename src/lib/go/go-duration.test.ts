import { describe, expect, it } from 'vitest';
import { formatGoDuration, formatGoDurationMs } from './go-duration.js';

describe('formatGoDuration (Go time.Duration.String)', () => {
  it.each([
    [0n, '0s'],
    [1n, '1ns'],
    [999n, '999ns'],
    [1_000n, '1µs'],
    [1_500n, '1.5µs'],
    [1_000_000n, '1ms'],
    [293_098_000n, '293.098ms'],
    [293_098_123n, '293.098123ms'],
    [1_000_000_000n, '1s'],
    [1_500_000_000n, '1.5s'],
    [60_000_000_000n, '1m0s'],
    [90_000_000_000n, '1m30s'],
    [300_000_000_000n, '5m0s'],
    [3_600_000_000_000n, '1h0m0s'],
    [3_723_000_000_001n, '1h2m3.000000001s'],
    [-2_000_000_000n, '-2s'],
    [-1_500n, '-1.5µs'],
  ])('%s ns → %s', (ns, text) => {
    expect(formatGoDuration(ns)).toBe(text);
  });

  it('accepts numbers and milliseconds', () => {
    expect(formatGoDuration(20375)).toBe('20.375µs');
    expect(formatGoDurationMs(30_000)).toBe('30s');
    expect(formatGoDurationMs(0.5)).toBe('500µs');
    expect(formatGoDurationMs(22_500)).toBe('22.5s');
  });
});
