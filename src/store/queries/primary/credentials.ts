import { recoverCompressedKey } from '../../../lib/secp256k1-signer.js';
import { sha256 } from '../../../lib/hash.js';

export interface CredentialSignature {
  signature: Uint8Array;
  /** Compressed secp256k1 key that made the signature (absent when it does not recover). */
  publicKey?: Uint8Array;
}

/**
 * The keys behind 65-byte [r ‖ s ‖ v] signatures over sha256 of a tx's signed part. The indexer stores them
 * with the signatures; rows written before it did are recovered here, for the page being served.
 */
export function withPublicKeys(signedPart: Uint8Array | undefined, signatures: readonly CredentialSignature[]): CredentialSignature[] {
  let digest: Uint8Array | undefined;
  return signatures.map((s) => {
    if (s.publicKey || !signedPart) return s;
    digest ??= sha256(signedPart);
    const publicKey = recoverCompressedKey(digest, s.signature);
    return publicKey ? { signature: s.signature, publicKey } : { signature: s.signature };
  });
}
