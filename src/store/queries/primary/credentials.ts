import secp256k1 from 'secp256k1';
import { sha256 } from '../../../lib/hash.js';

export interface CredentialSignature {
  signature: Uint8Array;
  /** Compressed secp256k1 key that made the signature (absent when it does not recover). */
  publicKey?: Uint8Array;
}

/**
 * The keys behind 65-byte [r ‖ s ‖ v] signatures over sha256 of a tx's signed part. Done when read, for the
 * page being served, because recovery costs more than decoding the whole tx does.
 */
export function withPublicKeys(signedPart: Uint8Array | undefined, signatures: readonly { signature: Uint8Array }[]): CredentialSignature[] {
  const digest = signedPart ? sha256(signedPart) : undefined;
  return signatures.map(({ signature }) => {
    if (!digest || signature.length !== 65) return { signature };
    try {
      return { signature, publicKey: new Uint8Array(secp256k1.ecdsaRecover(signature.subarray(0, 64), signature[64] ?? 0, digest, true)) };
    } catch {
      return { signature };
    }
  });
}
