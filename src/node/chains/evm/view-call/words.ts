import { hexOf } from '../../../../lib/hex.js';

/** The big-endian number in `bytes[start, end)` (0 for no bytes). */
export function wordOf(bytes: Uint8Array, start = 0, end = bytes.length): bigint {
  return start === end ? 0n : BigInt('0x' + hexOf(bytes, start, end));
}

/** `n` as `length` big-endian bytes (`n` fits: stack words are 256-bit, addresses 160-bit). */
export function bytesOf(n: bigint, length: number): Uint8Array {
  return Buffer.from(n.toString(16).padStart(length * 2, '0'), 'hex');
}
