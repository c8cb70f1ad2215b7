import secp256k1 from 'secp256k1';

/**
 * The compressed secp256k1 key behind a 65-byte [r ‖ s ‖ v] signature over a 32-byte digest (Avalanche's
 * credential format), or undefined when the signature is malformed or does not recover.
 */
export function recoverCompressedKey(digest: Uint8Array, signature: Uint8Array): Uint8Array | undefined {
  if (signature.length !== 65 || digest.length !== 32) return undefined;
  try {
    return new Uint8Array(secp256k1.ecdsaRecover(signature.subarray(0, 64), signature[64]!, digest, true));
  } catch {
    return undefined;
  }
}
