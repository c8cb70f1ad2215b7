import { createHash } from 'node:crypto';

export function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

export function ripemd160(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('ripemd160').update(data).digest());
}
