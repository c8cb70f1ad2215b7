import { sha256 } from '../../lib/hash.js';
import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';

/**
 * Warp UnsignedMessage (vms/platformvm/warp/unsigned_message.go, codec version 0):
 * `u16 0 | u32 networkID | [32] sourceChainID | u32 len + payload`. Validators sign these raw bytes;
 * the message ID is their sha256.
 */
export interface UnsignedWarpMessage {
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
  bytes: Uint8Array;
  id: Uint8Array;
}

export const WARP_CODEC_VERSION = 0;

/** codec.Manager's version check, shared by every warp-family codec. */
export function readCodecVersion(r: LinearReader): void {
  if (r.remaining < 2) throw new Error("couldn't unpack codec version");
  const version = r.u16();
  if (version !== WARP_CODEC_VERSION) throw new Error('unknown codec version');
}

/** codec.Manager rejects bytes left over after the value. */
export function expectEnd(r: LinearReader): void {
  if (r.remaining !== 0) throw new Error(`trailing buffer space: read ${r.pos} provided ${r.bytes.length}`);
}

export function encodeUnsignedMessage(networkId: number, sourceChainId: Uint8Array, payload: Uint8Array): UnsignedWarpMessage {
  const bytes = new LinearWriter(42 + payload.length).u16(WARP_CODEC_VERSION).u32(networkId).fixed(sourceChainId, 32).bytes(payload).finish();
  return { networkId, sourceChainId: sourceChainId.slice(), payload: payload.slice(), bytes, id: sha256(bytes) };
}

/** Reads the unsigned fields from `r` (no version, no end check): used inside a signed message too. */
export function readUnsignedFields(r: LinearReader, start: number): UnsignedWarpMessage {
  const networkId = r.u32();
  const sourceChainId = r.fixed(32).slice();
  const payload = r.bytesField().slice();
  const bytes = r.bytes.slice(start, r.pos);
  return { networkId, sourceChainId, payload, bytes, id: sha256(bytes) };
}

export function parseUnsignedMessage(bytes: Uint8Array): UnsignedWarpMessage {
  const r = new LinearReader(bytes);
  readCodecVersion(r);
  const msg = readUnsignedFields(r, 0);
  expectEnd(r);
  return msg;
}
