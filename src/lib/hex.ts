/**
 * Node's native hex encoder, called on the bytes themselves: `Buffer.from(buffer, offset, length)` first makes
 * a Buffer view per call, which cost as much as the encoding (RPC rendering converts hundreds of fields per
 * block). Falls back to the view where the method is missing.
 */
const nativeHexSlice = (Buffer.prototype as unknown as { hexSlice?: (this: Uint8Array, start: number, end: number) => string }).hexSlice;

/** Lower-case hex of `bytes[start, end)`, without a prefix. */
export function hexOf(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return nativeHexSlice ? nativeHexSlice.call(bytes, start, end) : Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('hex');
}

/** Hex ⇄ bytes. `0x` prefix optional on input, always present on output. */
export function bytesToHex(bytes: Uint8Array): string {
  return '0x' + hexOf(bytes);
}

export function hexToBytes(hex: string): Uint8Array {
  const bytes = decodeHex(hex);
  if (!bytes) throw new Error(`invalid hex string: ${truncate(hex)}`);
  return bytes;
}

/** Hex digit values by char code; -1 for anything else. */
const HEX_DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX_DIGITS[48 + i] = i;
for (let i = 0; i < 6; i++) HEX_DIGITS[65 + i] = HEX_DIGITS[97 + i] = 10 + i;

/**
 * Up to this many bytes a JS loop decodes in about half the time of a call into Buffer's decoder, whose per-call
 * set-up dominates at that size (hashes, addresses, topics, ids); Buffer wins above ~48 bytes.
 */
const LOOP_MAX_BYTES = 32;

/**
 * Hex (`0x` or `0X` prefix optional) as bytes; undefined unless it is an even number of hex digits. Never a Buffer;
 * values over 32 bytes are views of Node's shared buffer pool (a fresh backing store per value cost ~1 µs more).
 */
export function decodeHex(text: string): Uint8Array | undefined {
  const start = text.length >= 2 && text.charCodeAt(0) === 48 && (text.charCodeAt(1) | 0x20) === 120 ? 2 : 0;
  const digits = text.length - start;
  if (digits % 2 !== 0) return undefined;
  const n = digits >> 1;
  if (n <= LOOP_MAX_BYTES) {
    const out = new Uint8Array(n);
    for (let i = 0, j = start; i < n; i++, j += 2) {
      const a = text.charCodeAt(j);
      const b = text.charCodeAt(j + 1);
      const hi = a < 128 ? HEX_DIGITS[a]! : -1;
      const lo = b < 128 ? HEX_DIGITS[b]! : -1;
      if ((hi | lo) < 0) return undefined;
      out[i] = (hi << 4) | lo;
    }
    return out;
  }
  // ASCII only: Buffer's decoder reads a character by its low byte ('İ', U+0130, would pass as '0'). It stops at the
  // first pair that is not hex, so a short result means bad input.
  if (Buffer.byteLength(text, 'utf8') !== text.length) return undefined;
  const buf = Buffer.from(start === 0 ? text : text.slice(start), 'hex');
  return buf.byteLength === n ? new Uint8Array(buf.buffer, buf.byteOffset, n) : undefined;
}

function truncate(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}
