import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { expectEnd, readCodecVersion, WARP_CODEC_VERSION } from './unsigned-message.js';

/**
 * Warp payloads (vms/platformvm/warp/payload, codec version 0, at most 24 KiB): type 0 `Hash{[32]}`,
 * type 1 `AddressedCall{sourceAddress []byte, payload []byte}`.
 */
export type WarpPayload =
  | { type: 'Hash'; hash: Uint8Array }
  | { type: 'AddressedCall'; sourceAddress: Uint8Array; payload: Uint8Array };

export const MAX_PAYLOAD_SIZE = 24 * 1024;
const HASH_TYPE_ID = 0;
const ADDRESSED_CALL_TYPE_ID = 1;

/** Go type names, for "wrong payload type: *payload.X" errors. */
const GO_TYPE: Record<WarpPayload['type'], string> = { Hash: '*payload.Hash', AddressedCall: '*payload.AddressedCall' };

export function parsePayload(bytes: Uint8Array): WarpPayload {
  if (bytes.length > MAX_PAYLOAD_SIZE) throw new Error(`byte array exceeds maximum length: ${bytes.length} > ${MAX_PAYLOAD_SIZE}`);
  const r = new LinearReader(bytes);
  readCodecVersion(r);
  const typeId = r.u32();
  let p: WarpPayload;
  if (typeId === HASH_TYPE_ID) p = { type: 'Hash', hash: r.fixed(32).slice() };
  else if (typeId === ADDRESSED_CALL_TYPE_ID) p = { type: 'AddressedCall', sourceAddress: r.bytesField().slice(), payload: r.bytesField().slice() };
  else throw new Error(`couldn't unmarshal interface: unknown type ID ${typeId}`);
  expectEnd(r);
  return p;
}

/** payload.ParseAddressedCall. */
export function parseAddressedCall(bytes: Uint8Array): { sourceAddress: Uint8Array; payload: Uint8Array } {
  const p = parsePayload(bytes);
  if (p.type !== 'AddressedCall') throw new Error(`wrong payload type: ${GO_TYPE[p.type]}`);
  return p;
}

export function encodeAddressedCall(sourceAddress: Uint8Array, payload: Uint8Array): Uint8Array {
  return new LinearWriter(14 + sourceAddress.length + payload.length).u16(WARP_CODEC_VERSION).u32(ADDRESSED_CALL_TYPE_ID).bytes(sourceAddress).bytes(payload).finish();
}

export function encodeHashPayload(hash: Uint8Array): Uint8Array {
  return new LinearWriter(38).u16(WARP_CODEC_VERSION).u32(HASH_TYPE_ID).fixed(hash, 32).finish();
}
