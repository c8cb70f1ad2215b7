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
 * a double, exact below 2^53 (nonces, gas, fees, heights, timestamps: most fields of a block), not parsed from hex.
 */
export function uintOf(bytes: Uint8Array, start = 0, end = bytes.length): bigint {
  if (end - start <= 6) {
    let n = 0;
    for (let i = start; i < end; i++) n = n * 256 + bytes[i]!;
    return BigInt(n);
  }
  return BigInt('0x' + hexOf(bytes, start, end));
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
