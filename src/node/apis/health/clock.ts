/** Wall-clock time in epoch nanoseconds, as health results record it. */
export interface HealthClock {
  nowNs(): bigint;
}

/**
 * Date.now() only has millisecond resolution; Go's time.Now() has nanoseconds. Anchor the monotonic
 * high-resolution timer to the wall clock once, so timestamps carry sub-millisecond digits and
 * durations (end − start) are exact.
 */
export function systemClock(): HealthClock {
  const anchorNs = BigInt(Date.now()) * 1_000_000n;
  const hrAnchor = process.hrtime.bigint();
  return { nowNs: () => anchorNs + (process.hrtime.bigint() - hrAnchor) };
}
