import { hexOf } from './hex.js';

/** Lexicographic byte comparison (Go's bytes.Compare). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * The unsigned big-endian integer in bytes[start, end) (an RLP integer, a stored field). Up to 6 bytes it is built as
 * a double, exact below 2^53 (nonces, gas, fees, heights, timestamps: most fields of a block), up to 12 from two of
 * them (wei amounts), not parsed from hex.
 */
export function uintOf(bytes: Uint8Array, start = 0, end = bytes.length): bigint {
  if (end - start <= 6) return BigInt(uintBelow2To48(bytes, start, end));
  // up to 12 bytes (wei amounts) as two halves of at most 6 bytes: two small bigints instead of a hex string parsed
  if (end - start <= 12) return BigInt(uintBelow2To48(bytes, start, end - 6)) * TWO_TO_48 + BigInt(uintBelow2To48(bytes, end - 6, end));
  return BigInt('0x' + hexOf(bytes, start, end));
}

const TWO_TO_48 = 2n ** 48n;

/** bytes[start, end), at most 6 of them, as a number (exact). */
function uintBelow2To48(bytes: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n = n * 256 + bytes[i]!;
  return n;
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  const n = a.length;
  if (b.length !== n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
