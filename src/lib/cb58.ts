import { sha256 } from './hash.js';
import { bytesToHex } from './hex.js';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** cb58 = base58(bytes ‖ last 4 bytes of sha256(bytes)), AvalancheGo's id encoding. */
export function cb58Encode(bytes: Uint8Array): string {
  const check = sha256(bytes).subarray(28);
  const out = new Uint8Array(bytes.length + 4);
  out.set(bytes);
  out.set(check, bytes.length);
  return base58Encode(out);
}

const CHUNK = 58n ** 9n; // the largest power of 58 below 2^53, so a chunk is an exact double

/**
 * Base58 (Bitcoin alphabet). Ids are encoded on every index and API response, so this divides the
 * number by 58^9 per BigInt step and finishes each chunk in plain integer arithmetic — several times
 * faster than a generic byte-wise encoder.
 */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = bytes.length === zeros ? 0n : BigInt(bytesToHex(bytes));
  let out = '';
  while (n > 0n) {
    let chunk = Number(n % CHUNK);
    n /= CHUNK;
    for (let i = 0; i < 9; i++) {
      if (n === 0n && chunk === 0) break;
      out = BASE58_ALPHABET[chunk % 58]! + out;
      chunk = Math.floor(chunk / 58);
    }
  }
  return '1'.repeat(zeros) + out;
}

const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE58_ALPHABET.length; i++) DIGIT_OF[BASE58_ALPHABET.charCodeAt(i)] = i;
const POW58 = Array.from({ length: 10 }, (_, k) => 58n ** BigInt(k));

/**
 * Base58 (Bitcoin alphabet) to bytes, the inverse of base58Encode: nine digits at a time in plain integer
 * arithmetic, one BigInt step per chunk (a generic byte-wise decoder took ~20 µs per id, on every request
 * that names one). Undefined when a character is not a base58 digit.
 */
export function base58Decode(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++;
  let n = 0n;
  for (let i = zeros; i < text.length; i += 9) {
    const end = Math.min(i + 9, text.length);
    let chunk = 0;
    for (let j = i; j < end; j++) {
      const c = text.charCodeAt(j);
      const d = c < 128 ? DIGIT_OF[c]! : -1;
      if (d < 0) return undefined;
      chunk = chunk * 58 + d;
    }
    n = n * POW58[end - i]! + BigInt(chunk);
  }
  if (n === 0n) return new Uint8Array(zeros);
  const hex = n.toString(16);
  const digits = Buffer.from(hex.length % 2 ? '0' + hex : hex, 'hex');
  const out = new Uint8Array(zeros + digits.length);
  out.set(digits, zeros);
  return out;
}

/** Decodes cb58 with AvalancheGo's error messages (utils/formatting, ids). */
export function cb58Decode(text: string): Uint8Array {
  if (text.length === 0) throw new Error('base58 decoding error: zero length string');
  const raw = base58Decode(text);
  if (!raw) {
    const bad = [...text].find((c) => !BASE58_ALPHABET.includes(c)) ?? '?';
    throw new Error(`base58 decoding error: Invalid base58 digit ('${bad}')`);
  }
  if (raw.length < 4) throw new Error('input string is smaller than the checksum size');
  const body = raw.subarray(0, raw.length - 4);
  const check = sha256(body).subarray(28);
  for (let i = 0; i < 4; i++) if (check[i] !== raw[raw.length - 4 + i]) throw new Error('invalid input checksum');
  return body;
}


/** Parses a 32-byte id (ids.FromString). */
export function idFromString(text: string): Uint8Array {
  const bytes = cb58Decode(text);
  if (bytes.length !== 32) throw new Error(`invalid hash length: expected 32 bytes but got ${bytes.length}`);
  return bytes;
}

export function idToString(id: Uint8Array): string {
  return cb58Encode(id);
}

/** NodeID-<cb58 of 20 bytes>. */
export function nodeIdToString(id: Uint8Array): string {
  return 'NodeID-' + cb58Encode(id);
}

export function nodeIdFromString(text: string): Uint8Array {
  if (!text.startsWith('NodeID-')) throw new Error(`ID: ${text} is missing the prefix: NodeID-`);
  const bytes = cb58Decode(text.slice('NodeID-'.length));
  if (bytes.length !== 20) throw new Error(`expected 20 bytes but got ${bytes.length}`);
  return bytes;
}

export const EMPTY_ID = new Uint8Array(32);
