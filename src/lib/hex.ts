/** Hex ⇄ bytes. `0x` prefix optional on input, always present on output. */
export function bytesToHex(bytes: Uint8Array): string {
  return '0x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
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
