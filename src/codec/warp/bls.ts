import { bls12_381 } from '@noble/curves/bls12-381.js';

/**
 * AvalancheGo's BLS scheme (utils/crypto/bls, blst "minimal-pubkey-size"): G1 public keys (48 bytes
 * compressed), G2 signatures (96 bytes compressed), signatures over the raw message with the POP
 * ciphersuite's signature DST, proofs of possession over the compressed public key with the POP DST.
 */
export const BLS_SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
export const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
export const BLS_PUBLIC_KEY_LEN = 48;
export const BLS_SIGNATURE_LEN = 96;

const sigs = bls12_381.longSignatures;
export type BlsPublicKey = ReturnType<typeof sigs.getPublicKey>;
export type BlsSignature = ReturnType<typeof sigs.Signature.fromBytes>;

const keyCache = new Map<string, BlsPublicKey>();
const KEY_CACHE_LIMIT = 4096;

/** bls.PublicKeyFromCompressedBytes: decompresses and key-validates (subgroup, not infinity). */
export function publicKeyFromBytes(bytes: Uint8Array): BlsPublicKey {
  const k = Buffer.from(bytes).toString('hex');
  const cached = keyCache.get(k);
  if (cached) return cached;
  if (bytes.length !== BLS_PUBLIC_KEY_LEN) throw new Error("couldn't decompress public key");
  let p: BlsPublicKey;
  try {
    p = bls12_381.G1.Point.fromBytes(bytes);
  } catch {
    throw new Error("couldn't decompress public key");
  }
  try {
    p.assertValidity();
  } catch {
    throw new Error('invalid public key');
  }
  if (p.is0()) throw new Error('invalid public key');
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
  keyCache.set(k, p);
  return p;
}

/** bls.SignatureFromBytes: decompresses and checks the subgroup. */
export function signatureFromBytes(bytes: Uint8Array): BlsSignature {
  if (bytes.length !== BLS_SIGNATURE_LEN) throw new Error("couldn't decompress signature");
  let s: BlsSignature;
  try {
    s = sigs.Signature.fromBytes(bytes);
  } catch {
    throw new Error("couldn't decompress signature");
  }
  try {
    s.assertValidity();
  } catch {
    throw new Error('invalid signature');
  }
  return s;
}

/** The 96-byte uncompressed form (blst Serialize), the canonical validator ordering key. */
export function uncompressedPublicKey(compressed: Uint8Array): Uint8Array {
  return publicKeyFromBytes(compressed).toBytes(false);
}

export function blsPublicKeyOf(secretKey: Uint8Array): Uint8Array {
  return sigs.getPublicKey(secretKey).toBytes(true);
}

/** A warp signature: the raw message bytes under the signature DST. */
export function blsSign(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  return sigs.sign(sigs.hash(message, BLS_SIGNATURE_DST), secretKey).toBytes(true);
}

export function blsVerify(publicKey: BlsPublicKey, signature: BlsSignature, message: Uint8Array): boolean {
  try {
    return sigs.verify(signature, sigs.hash(message, BLS_SIGNATURE_DST), publicKey);
  } catch {
    return false;
  }
}

export function blsProofOfPossession(secretKey: Uint8Array): Uint8Array {
  return sigs.sign(sigs.hash(blsPublicKeyOf(secretKey), BLS_POP_DST), secretKey).toBytes(true);
}

/** signer.ProofOfPossession.Verify, with its errors. */
export function verifyProofOfPossession(publicKey: Uint8Array, proof: Uint8Array): void {
  const pk = publicKeyFromBytes(publicKey);
  const sig = signatureFromBytes(proof);
  let ok = false;
  try {
    ok = sigs.verify(sig, sigs.hash(publicKey, BLS_POP_DST), pk);
  } catch {
    ok = false;
  }
  if (!ok) throw new Error('invalid proof of possession');
}

export function aggregatePublicKeys(keys: BlsPublicKey[]): BlsPublicKey {
  if (keys.length === 0) throw new Error('no public keys');
  return sigs.aggregatePublicKeys(keys);
}

export function aggregateSignatures(signatures: BlsSignature[]): Uint8Array {
  if (signatures.length === 0) throw new Error('no signatures');
  return sigs.aggregateSignatures(signatures).toBytes(true);
}
