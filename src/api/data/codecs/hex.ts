/** Bytes as lowercase `0x` hex, the Data API's form for hashes, input data and selectors. */
export function hexOf(bytes: Uint8Array): string {
  return '0x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

/** A 32-byte hash parameter (`0x` and 64 hex digits, any case); undefined when malformed. */
export function parseHash32(text: string): Uint8Array | undefined {
  if (!HASH32.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text.slice(2), 'hex'));
}
