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
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw new Error(`invalid hex string: ${truncate(hex)}`);
  return new Uint8Array(Buffer.from(body, 'hex'));
}

export function isHex(value: string): boolean {
  return /^0x([0-9a-fA-F]{2})*$/.test(value);
}

function truncate(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}
