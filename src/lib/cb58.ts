import { sha256LastWord } from './hash.js';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * cb58 = base58(bytes ‖ last 4 bytes of sha256(bytes)), AvalancheGo's id encoding. The checksum is the digest's
 * last word, hashed without a call into C++ for ids (sha256LastWord); with node:crypto's digest and a new array for
 * bytes ‖ checksum a 32-byte id took 6.0–7.5 µs, now 2.2–3.6 µs (bench host, 2026-12-02). A first-time X-chain tx
 * answer encodes ~9 ids its memo has not kept.
 */
export function cb58Encode(bytes: Uint8Array): string {
  const n = bytes.length;
  const check = sha256LastWord(bytes);
  const withCheck = scratchBytes(n + 4);
  withCheck.set(bytes);
  withCheck[n] = check >>> 24;
  withCheck[n + 1] = check >>> 16;
  withCheck[n + 2] = check >>> 8;
  withCheck[n + 3] = check;
  return base58Encode(withCheck, n + 4);
}

/** 58^6: a limb of six base58 digits; limb × 65,536 + 65,535 stays below 2^53, so every step is exact in doubles. */
const LIMB = 58 ** 6;
const LIMB_DIGITS = 6;
const ALPHABET_CODES = Uint8Array.from(BASE58_ALPHABET, (c) => c.charCodeAt(0));

/**
 * Base58 (Bitcoin alphabet). Ids are encoded on every index and API response, so this works in limbs of six
 * base58 digits, taking the input two bytes at a time (plain double arithmetic, no BigInt), and writes the digits
 * into reused scratch space: an id costs one string, where a BigInt per division step and a string per digit made
 * ~14 KB of the ~90 KB of garbage a first-time P-chain tx answer left (2026-11-30); half the time of that version.
 * Only the first `length` bytes are encoded (cb58 passes its scratch space).
 */
export function base58Encode(bytes: Uint8Array, length = bytes.length): string {
  let zeros = 0;
  while (zeros < length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs; 2 bytes add at most 16 / log2(58^6) < 0.48 limb, so (n/2 + 1) limbs always suffice.
  const limbs = scratchLimbs((length >> 1) + 2);
  let used = 0;
  let i = zeros;
  if ((length - zeros) % 2 === 1) {
    limbs[0] = bytes[i++]!;
    used = limbs[0] > 0 ? 1 : 0;
  }
  for (; i < length; i += 2) {
    let carry = (bytes[i]! << 8) | bytes[i + 1]!;
    for (let j = 0; j < used; j++) {
      const v = limbs[j]! * 65_536 + carry;
      carry = Math.floor(v / LIMB);
      limbs[j] = v - carry * LIMB;
    }
    while (carry > 0) {
      limbs[used++] = carry % LIMB;
      carry = Math.floor(carry / LIMB);
    }
  }
  const digits = zeros + used * LIMB_DIGITS;
  const text = scratchText(digits);
  let at = digits;
  for (let j = 0; j < used; j++) {
    let limb = limbs[j]!;
    for (let d = 0; d < LIMB_DIGITS; d++) {
      const q = Math.floor(limb / 58);
      text[--at] = ALPHABET_CODES[limb - q * 58]!;
      limb = q;
    }
  }
  // The top limb's leading zero digits are not part of the number; each leading zero byte is one '1' before it.
  let first = zeros;
  while (first < digits && text[first] === ALPHABET_CODES[0]) first++;
  text.fill(ALPHABET_CODES[0]!, first - zeros, first);
  return text.toString('latin1', first - zeros, digits);
}

// Scratch space reused by every call (encoding never yields, so no two calls share it at once).
let limbScratch = new Float64Array(64);
let textScratch = Buffer.alloc(256);
let bytesScratch = new Uint8Array(64);

function scratchLimbs(size: number): Float64Array {
  if (limbScratch.length < size) limbScratch = new Float64Array(size * 2);
  return limbScratch;
}

function scratchBytes(size: number): Uint8Array {
  if (bytesScratch.length < size) bytesScratch = new Uint8Array(size * 2);
  return bytesScratch;
}

function scratchText(size: number): Buffer {
  if (textScratch.length < size) textScratch = Buffer.alloc(size * 2);
  return textScratch;
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
  const n = raw.length - 4;
  const body = raw.subarray(0, n);
  const stated = ((raw[n]! << 24) | (raw[n + 1]! << 16) | (raw[n + 2]! << 8) | raw[n + 3]!) >>> 0;
  if (sha256LastWord(body) !== stated) throw new Error('invalid input checksum');
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
