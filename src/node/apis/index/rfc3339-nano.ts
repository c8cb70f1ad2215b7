/**
 * Go's `time.Time` JSON form as AvalancheGo writes it: RFC3339Nano (fraction with trailing zeros trimmed,
 * no fraction at all when it is zero) in the node's local zone, `Z` when the zone's offset is zero.
 */
export function formatRfc3339Nano(unixNanos: bigint, offsetMinutesAt: (ms: number) => number = localOffsetMinutes): string {
  const NS_PER_S = 1_000_000_000n;
  let seconds = unixNanos / NS_PER_S;
  let fraction = unixNanos % NS_PER_S;
  if (fraction < 0n) {
    fraction += NS_PER_S;
    seconds -= 1n;
  }
  const offset = offsetMinutesAt(Number(seconds) * 1000);
  // Shift the instant by the offset and read the fields in UTC: the local wall clock.
  const wall = new Date((Number(seconds) + offset * 60) * 1000);
  const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1, 2)}-${pad(wall.getUTCDate(), 2)}`;
  const time = `${pad(wall.getUTCHours(), 2)}:${pad(wall.getUTCMinutes(), 2)}:${pad(wall.getUTCSeconds(), 2)}`;
  const frac = fraction === 0n ? '' : '.' + fraction.toString().padStart(9, '0').replace(/0+$/, '');
  return `${date}T${time}${frac}${formatOffset(offset)}`;
}

/** Minutes east of UTC in the process's zone (`TZ`) at the given instant. */
export function localOffsetMinutes(ms: number): number {
  return -new Date(ms).getTimezoneOffset();
}

function formatOffset(minutesEast: number): string {
  if (minutesEast === 0) return 'Z';
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(Math.trunc(minutesEast));
  return `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
