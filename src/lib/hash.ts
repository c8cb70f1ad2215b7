import * as crypto from 'node:crypto';
import { ONE_BLOCK_MAX_BYTES, sha256OneBlockWords } from './sha256-one-block.js';

type OneShotHash = {
  (algorithm: string, data: Uint8Array, outputEncoding: 'buffer'): Buffer;
  (algorithm: string, data: string | Uint8Array, outputEncoding: 'base64url'): string;
};

// crypto.hash (Node ≥ 20.12) digests in one call, at about half the cost of a Hash object for short inputs
// (ripemd160 of keys; SHA-256 past one block, shorter inputs being hashed in JavaScript).
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;

function digest(algorithm: 'sha256' | 'ripemd160', data: Uint8Array): Uint8Array {
  return new Uint8Array(oneShot ? oneShot(algorithm, data, 'buffer') : crypto.createHash(algorithm).update(data).digest());
}

const words = new Int32Array(8);

/**
 * SHA-256. Inputs of one block (ids, checksums, UTXO ids, keys: at most 55 bytes) are hashed in JavaScript: the call
 * into C++ cost more than the hashing (src/lib/sha256-one-block.ts).
 */
export function sha256(data: Uint8Array): Uint8Array {
  if (data.length > ONE_BLOCK_MAX_BYTES) return digest('sha256', data);
  sha256OneBlockWords(data, words);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const w = words[i]!;
    out[i * 4] = w >>> 24;
    out[i * 4 + 1] = w >>> 16;
    out[i * 4 + 2] = w >>> 8;
    out[i * 4 + 3] = w;
  }
  return out;
}

/**
 * The digest's last four bytes as a big-endian unsigned integer (cb58's checksum), without building the digest when
 * one block holds `data`.
 */
export function sha256LastWord(data: Uint8Array): number {
  if (data.length > ONE_BLOCK_MAX_BYTES) {
    const d = digest('sha256', data);
    return ((d[28]! << 24) | (d[29]! << 16) | (d[30]! << 8) | d[31]!) >>> 0;
  }
  sha256OneBlockWords(data, words);
  return words[7]! >>> 0;
}

export function ripemd160(data: Uint8Array): Uint8Array {
  return digest('ripemd160', data);
}

/** SHA-1 of `data` (a string is hashed as UTF-8) in base64url: content tags, never security. */
export function sha1Base64url(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha1', data, 'base64url') : crypto.createHash('sha1').update(data).digest('base64url');
}
