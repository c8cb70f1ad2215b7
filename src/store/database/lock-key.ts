import { sha256 } from '@noble/hashes/sha2.js';

/** A stable signed 64-bit advisory-lock key for a lock name (first 8 bytes of its SHA-256). */
export function lockKey(name: string): string {
  const digest = sha256(new TextEncoder().encode(`firn:${name}`));
  return new DataView(digest.buffer, digest.byteOffset, 8).getBigInt64(0).toString();
}
