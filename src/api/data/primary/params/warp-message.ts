/**
 * The `message` of a signature-aggregation request, as the upstream signature-aggregator accepts it: the
 * bytes of an unsigned warp message (codec 0: network id, source chain id, payload), or the data of a
 * `SendWarpMessage` log (ABI `bytes`: offset, length, the unsigned message padded to 32 bytes).
 */

export interface UnsignedWarpMessage {
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
  /** The unsigned message's own bytes (what validators sign). */
  bytes: Uint8Array;
}

/** Hex with an optional 0x prefix, an even number of digits; undefined when it is not. */
export function decodeHexParam(text: string): Uint8Array | undefined {
  const body = /^0x/i.test(text) ? text.slice(2) : text;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) return undefined;
  return new Uint8Array(Buffer.from(body, 'hex'));
}

/** An unsigned warp message filling `bytes` exactly, or undefined. */
export function parseUnsignedWarpMessage(bytes: Uint8Array): UnsignedWarpMessage | undefined {
  if (bytes.length < 42) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0) !== 0) return undefined;
  const length = view.getUint32(38);
  if (bytes.length !== 42 + length) return undefined;
  return { networkId: view.getUint32(2), sourceChainId: bytes.slice(6, 38), payload: bytes.slice(42), bytes: bytes.slice() };
}

/** The `bytes` argument of ABI-encoded log data (offset word, length word, padded bytes), or undefined. */
function abiBytes(data: Uint8Array): Uint8Array | undefined {
  if (data.length < 64 || data.length % 32 !== 0) return undefined;
  const word = (at: number) => BigInt(`0x${Buffer.from(data.subarray(at, at + 32)).toString('hex')}`);
  const offset = word(0);
  if (offset + 32n > BigInt(data.length)) return undefined;
  const start = Number(offset) + 32;
  const length = word(Number(offset));
  if (BigInt(start) + length > BigInt(data.length)) return undefined;
  return data.subarray(start, start + Number(length));
}

/** The warp message in a request's `message` bytes, raw or as SendWarpMessage log data (raw first). */
export function unpackWarpMessage(bytes: Uint8Array): UnsignedWarpMessage | undefined {
  const raw = parseUnsignedWarpMessage(bytes);
  if (raw) return raw;
  const inner = abiBytes(bytes);
  return inner ? parseUnsignedWarpMessage(inner) : undefined;
}
