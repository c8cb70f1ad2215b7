import { sha256 } from '../../lib/hash.js';
import { bytesToHex } from '../../lib/hex.js';

/**
 * AvalancheGo's `hex`/`hexc` and `hexnc` string encodings (utils/formatting/encoding.go): `0x` + lowercase hex,
 * with the checked forms appending the last 4 bytes of sha256(payload).
 */
const CHECKSUM_LEN = 4;

export function checksumOf(payload: Uint8Array): Uint8Array {
  return sha256(payload).subarray(32 - CHECKSUM_LEN);
}

export function encodeHexNoChecksum(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

export function encodeHexWithChecksum(payload: Uint8Array): string {
  const check = checksumOf(payload);
  return encodeHexNoChecksum(payload) + Buffer.from(check.buffer, check.byteOffset, CHECKSUM_LEN).toString('hex');
}

/** Go's hex.DecodeString behind a mandatory lowercase `0x` prefix; the empty string decodes to no bytes. */
export function decodeHexNoChecksum(text: string): Uint8Array {
  if (text.length === 0) return new Uint8Array(0);
  if (!text.startsWith('0x')) throw new Error('missing 0x prefix to hex encoding');
  const body = text.slice(2);
  const bad = /[^0-9a-fA-F]/.exec(body);
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0;
    const printable = code >= 0x20 && code !== 0x7f ? ` '${bad[0]}'` : '';
    throw new Error(`encoding/hex: invalid byte: U+${code.toString(16).toUpperCase().padStart(4, '0')}${printable}`);
  }
  if (body.length % 2 !== 0) throw new Error('encoding/hex: odd length hex string');
  return new Uint8Array(Buffer.from(body, 'hex'));
}

export function decodeHexWithChecksum(text: string): Uint8Array {
  if (text.length === 0) return new Uint8Array(0);
  const checked = decodeHexNoChecksum(text);
  if (checked.length < CHECKSUM_LEN) throw new Error('input string is smaller than the checksum size');
  const payload = checked.subarray(0, checked.length - CHECKSUM_LEN);
  const expected = checksumOf(payload);
  const given = checked.subarray(checked.length - CHECKSUM_LEN);
  if (!expected.every((b, i) => b === given[i])) throw new Error('invalid input checksum');
  return payload.slice();
}
