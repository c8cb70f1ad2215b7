import secp256k1 from 'secp256k1';
import { describe, expect, it } from 'vitest';
import { sha256 } from './hash.js';
import { recoverCompressedKey } from './secp256k1-signer.js';

describe('recoverCompressedKey', () => {
  const secret = sha256(new TextEncoder().encode('signer'));
  const digest = sha256(new TextEncoder().encode('message'));
  const { signature, recid } = secp256k1.ecdsaSign(digest, secret);
  const credential = new Uint8Array([...signature, recid]);

  it('recovers the compressed key of the signer', () => {
    expect(recoverCompressedKey(digest, credential)).toEqual(new Uint8Array(secp256k1.publicKeyCreate(secret, true)));
  });

  it('gives another key for another digest, and none for malformed signatures', () => {
    expect(recoverCompressedKey(sha256(digest), credential)).not.toEqual(new Uint8Array(secp256k1.publicKeyCreate(secret, true)));
    expect(recoverCompressedKey(digest, credential.subarray(0, 64))).toBeUndefined();
    expect(recoverCompressedKey(digest, new Uint8Array([...signature, 7]))).toBeUndefined();
    expect(recoverCompressedKey(digest, new Uint8Array(65))).toBeUndefined();
  });
});
