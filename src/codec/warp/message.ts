import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { expectEnd, readCodecVersion, readUnsignedFields, type UnsignedWarpMessage } from './unsigned-message.js';

/**
 * Signed warp Message (vms/platformvm/warp/message.go, signature.go): the unsigned fields followed by the
 * Signature interface — type ID 0, BitSetSignature `u32 len + signers | [96] aggregate signature`.
 */
export interface BitSetSignature {
  /** Big-endian bitset; bit i (LSB of the last byte = bit 0) marks canonical validator i. */
  signers: Uint8Array;
  /** Compressed G2 aggregate signature. */
  signature: Uint8Array;
}

export interface WarpMessage {
  unsigned: UnsignedWarpMessage;
  signature: BitSetSignature;
  bytes: Uint8Array;
}

export const BIT_SET_SIGNATURE_TYPE_ID = 0;
export const BLS_SIGNATURE_LEN = 96;

export function encodeWarpMessage(unsigned: UnsignedWarpMessage, signature: BitSetSignature): WarpMessage {
  const w = new LinearWriter(unsigned.bytes.length + 104 + signature.signers.length);
  w.raw(unsigned.bytes).u32(BIT_SET_SIGNATURE_TYPE_ID).bytes(signature.signers).fixed(signature.signature, BLS_SIGNATURE_LEN);
  return { unsigned, signature: { signers: signature.signers.slice(), signature: signature.signature.slice() }, bytes: w.finish() };
}

export function parseWarpMessage(bytes: Uint8Array): WarpMessage {
  const r = new LinearReader(bytes);
  readCodecVersion(r);
  const unsigned = readUnsignedFields(r, 0);
  const typeId = r.u32();
  if (typeId !== BIT_SET_SIGNATURE_TYPE_ID) throw new Error(`couldn't unmarshal interface: unknown type ID ${typeId}`);
  const signers = r.bytesField().slice();
  const signature = r.fixed(BLS_SIGNATURE_LEN).slice();
  expectEnd(r);
  return { unsigned, signature: { signers, signature }, bytes: bytes.slice() };
}

/** set.BitsFromBytes → indices of the set bits, ascending. */
export function signerIndices(signers: Uint8Array): number[] {
  const out: number[] = [];
  const n = signers.length;
  for (let byte = n - 1; byte >= 0; byte--) {
    const v = signers[byte]!;
    if (v === 0) continue;
    const base = (n - 1 - byte) * 8;
    for (let bit = 0; bit < 8; bit++) if (v & (1 << bit)) out.push(base + bit);
  }
  return out;
}

/** The bitset's bit length (big.Int.BitLen): one past the highest set index, 0 when empty. */
export function bitLength(signers: Uint8Array): number {
  for (let i = 0; i < signers.length; i++) {
    const v = signers[i]!;
    if (v !== 0) return (signers.length - i - 1) * 8 + (32 - Math.clz32(v));
  }
  return 0;
}

/** AvalancheGo rejects a bitset that is not minimally encoded (leading zero bytes). */
export function isMinimalBitset(signers: Uint8Array): boolean {
  return signers.length === 0 || signers[0] !== 0;
}

/** Minimal big-endian bitset bytes with the given indices set. */
export function bitsetFromIndices(indices: Iterable<number>): Uint8Array {
  let max = -1;
  const list = [...indices];
  for (const i of list) if (i > max) max = i;
  if (max < 0) return new Uint8Array(0);
  const len = Math.floor(max / 8) + 1;
  const out = new Uint8Array(len);
  for (const i of list) {
    const at = len - 1 - Math.floor(i / 8);
    out[at] = (out[at] ?? 0) | (1 << (i % 8));
  }
  return out;
}
