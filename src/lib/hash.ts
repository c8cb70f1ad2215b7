import * as crypto from 'node:crypto';

type OneShotHash = {
  (algorithm: string, data: Uint8Array, outputEncoding: 'buffer'): Buffer;
  (algorithm: string, data: string | Uint8Array, outputEncoding: 'base64url'): string;
};

// crypto.hash (Node ≥ 20.12) digests in one call, at about half the cost of a Hash object for the short
// inputs hashed everywhere here (ids, checksums, addresses).
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;

function digest(algorithm: 'sha256' | 'ripemd160', data: Uint8Array): Uint8Array {
  return new Uint8Array(oneShot ? oneShot(algorithm, data, 'buffer') : crypto.createHash(algorithm).update(data).digest());
}

export function sha256(data: Uint8Array): Uint8Array {
  return digest('sha256', data);
}

export function ripemd160(data: Uint8Array): Uint8Array {
  return digest('ripemd160', data);
}

/** SHA-1 of `data` (a string is hashed as UTF-8) in base64url: content tags, never security. */
export function sha1Base64url(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha1', data, 'base64url') : crypto.createHash('sha1').update(data).digest('base64url');
}
