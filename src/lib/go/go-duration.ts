/**
 * Go's time.Duration.String(): `0s`, `1ns`, `1.5µs`, `293.098ms`, `1.5s`, `1m30s`, `1h0m0s`, `-2s`.
 * Below one second the largest fitting unit is used with a trimmed fraction; from one second up the
 * value is written as hours, minutes and (fractional) seconds, leading zero units dropped.
 */
export function formatGoDuration(ns: bigint | number): string {
  let d = typeof ns === 'bigint' ? ns : BigInt(Math.round(ns));
  const negative = d < 0n;
  if (negative) d = -d;
  if (d === 0n) return '0s';

  let text: string;
  if (d < 1_000_000_000n) {
    if (d < 1_000n) text = `${d}ns`;
    else if (d < 1_000_000n) text = `${withFraction(d, 3)}µs`;
    else text = `${withFraction(d, 6)}ms`;
  } else {
    const seconds = withFraction(d % 60_000_000_000n, 9);
    const totalMinutes = d / 60_000_000_000n;
    if (totalMinutes === 0n) text = `${seconds}s`;
    else {
      const minutes = totalMinutes % 60n;
      const hours = totalMinutes / 60n;
      text = hours > 0n ? `${hours}h${minutes}m${seconds}s` : `${minutes}m${seconds}s`;
    }
  }
  return negative ? `-${text}` : text;
}

/** Milliseconds (possibly fractional) as a Go duration string. */
export function formatGoDurationMs(ms: number): string {
  return formatGoDuration(BigInt(Math.round(ms * 1e6)));
}

/** `value / 10^digits` with the fraction's trailing zeros (and a bare dot) removed. */
function withFraction(value: bigint, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const whole = value / scale;
  const frac = (value % scale).toString().padStart(digits, '0').replace(/0+$/, '');
  return frac.length > 0 ? `${whole}.${frac}` : `${whole}`;
}
