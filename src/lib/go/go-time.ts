/**
 * Go's time.Time JSON form: RFC3339Nano (fraction to nanoseconds, trailing zeros trimmed, no dot when
 * zero), in the zone the time carries. avalanchego's times are `time.Now()`, i.e. the node's local zone;
 * a zero offset prints `Z`. Go's zero time prints `0001-01-01T00:00:00Z`.
 */
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

/** Offset east of UTC in minutes for an instant, from the process's local zone (TZ). */
export function localOffsetMinutes(epochMs: number): number {
  const offset = -new Date(epochMs).getTimezoneOffset();
  return offset === 0 ? 0 : offset; // avoid -0
}

/**
 * Formats epoch nanoseconds as RFC3339Nano. `offsetMinutes` defaults to the local zone at that instant;
 * pass 0 for UTC.
 */
export function formatRfc3339Nano(epochNs: bigint, offsetMinutes?: number): string {
  let ms = epochNs / 1_000_000n;
  let nanosOfMs = epochNs % 1_000_000n;
  if (nanosOfMs < 0n) { nanosOfMs += 1_000_000n; ms -= 1n; }
  const epochMs = Number(ms);
  const offset = offsetMinutes ?? localOffsetMinutes(epochMs);
  // Shift by the offset and read the UTC fields: that gives the wall clock in the target zone.
  const wall = new Date(epochMs + offset * 60_000);
  const nanos = BigInt(wall.getUTCMilliseconds()) * 1_000_000n + nanosOfMs;
  const fraction = nanos === 0n ? '' : '.' + nanos.toString().padStart(9, '0').replace(/0+$/, '');
  const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1, 2)}-${pad(wall.getUTCDate(), 2)}`;
  const time = `${pad(wall.getUTCHours(), 2)}:${pad(wall.getUTCMinutes(), 2)}:${pad(wall.getUTCSeconds(), 2)}`;
  return `${date}T${time}${fraction}${formatOffset(offset)}`;
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
