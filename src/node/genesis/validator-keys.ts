import { bls12_381 } from '@noble/curves/bls12-381.js';
import { p256 } from '@noble/curves/nist.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { nodeIdToString } from '../../lib/cb58.js';
import { ripemd160, sha256 } from '../../lib/hash.js';
import {
  buildSelfSignedP256Certificate,
  p256PrivateKeyToPkcs8,
  p256PublicKey,
  p256SignDigest,
  toPem,
} from '../../lib/x509/ecdsa-p256-certificate.js';

/** Proof-of-possession DST (vms/platformvm/signer, blst "minimal-pubkey-size" scheme). */
export const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
/** Signature DST used for warp messages. */
export const BLS_SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

/** AvalancheGo's generated staking certs start at time.Date(2000, January, 0) = 1999-12-31 UTC. */
const CERT_NOT_BEFORE = Date.UTC(1999, 11, 31) / 1000;
/** A fixed far expiry (AvalancheGo uses now + 100 years, which would make the bytes time-dependent). */
const CERT_NOT_AFTER = Date.UTC(2125, 0, 1) / 1000;

export interface ValidatorKeys {
  /** 20-byte node id = ripemd160(sha256(certificate DER)). */
  nodeId: Uint8Array;
  nodeIdString: string;
  /** 32-byte P-256 staking private key. */
  stakingPrivateKey: Uint8Array;
  /** 65-byte uncompressed P-256 public key. */
  stakingPublicKey: Uint8Array;
  /** Self-signed X.509 DER certificate: what proposervm blocks carry and what the node id hashes. */
  stakingCertificate: Uint8Array;
  stakingCertificatePem: string;
  /** PKCS#8 PEM of the staking key (what AvalancheGo's staker.key holds). */
  stakingKeyPem: string;
  /** 32-byte big-endian BLS12-381 secret key. */
  blsSecretKey: Uint8Array;
  /** 48-byte compressed G1 public key. */
  blsPublicKey: Uint8Array;
  /** 96-byte compressed G2 signature over the public key with the PoP DST. */
  blsProofOfPossession: Uint8Array;
}

function material(seed: string, index: number, purpose: string, attempt: number): Uint8Array {
  return new TextEncoder().encode(`${seed}/validator/${index}/${purpose}/${attempt}`);
}

/** A valid P-256 scalar from sha256 of the seed material (re-hashed in the negligible case it is out of range). */
function stakingPrivateKey(seed: string, index: number): Uint8Array {
  for (let attempt = 0; ; attempt++) {
    const candidate = sha256(material(seed, index, 'staking', attempt));
    if (p256.utils.isValidSecretKey(candidate)) return candidate;
  }
}

/** A BLS secret key in [1, r): 64 hash bytes reduced mod (r − 1), plus one (no modulo bias worth noting). */
function blsSecretKey(seed: string, index: number): Uint8Array {
  const r = bls12_381.fields.Fr.ORDER;
  const wide = BigInt('0x' + Buffer.from(sha512(material(seed, index, 'bls', 0))).toString('hex'));
  const scalar = (wide % (r - 1n)) + 1n;
  return Uint8Array.from(Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex'));
}

export function blsPublicKey(secretKey: Uint8Array): Uint8Array {
  return bls12_381.longSignatures.getPublicKey(secretKey).toBytes(true);
}

export function blsProofOfPossession(secretKey: Uint8Array): Uint8Array {
  const sigs = bls12_381.longSignatures;
  return sigs.sign(sigs.hash(blsPublicKey(secretKey), BLS_POP_DST), secretKey).toBytes(true);
}

export function verifyBlsProofOfPossession(publicKey: Uint8Array, proof: Uint8Array): boolean {
  const sigs = bls12_381.longSignatures;
  return sigs.verify(proof, sigs.hash(publicKey, BLS_POP_DST), publicKey);
}

/** Node id of a staking certificate (ids.NodeIDFromCert). */
export function nodeIdFromCertificate(certificateDer: Uint8Array): Uint8Array {
  return ripemd160(sha256(certificateDer));
}

/** Deterministic key material of genesis validator `index`, derived from `seed`. */
export function deriveValidatorKeys(seed: string, index: number): ValidatorKeys {
  const stakingKey = stakingPrivateKey(seed, index);
  const certificate = buildSelfSignedP256Certificate({ privateKey: stakingKey, notBefore: CERT_NOT_BEFORE, notAfter: CERT_NOT_AFTER });
  const nodeId = nodeIdFromCertificate(certificate);
  const blsKey = blsSecretKey(seed, index);
  return {
    nodeId,
    nodeIdString: nodeIdToString(nodeId),
    stakingPrivateKey: stakingKey,
    stakingPublicKey: p256PublicKey(stakingKey),
    stakingCertificate: certificate,
    stakingCertificatePem: toPem('CERTIFICATE', certificate),
    stakingKeyPem: toPem('PRIVATE KEY', p256PrivateKeyToPkcs8(stakingKey)),
    blsSecretKey: blsKey,
    blsPublicKey: blsPublicKey(blsKey),
    blsProofOfPossession: blsProofOfPossession(blsKey),
  };
}

/**
 * ECDSA P-256 signature (ASN.1 DER) with a staking key over a 32-byte digest, as staking.CheckSignature verifies:
 * proposervm signs sha256(header).
 */
export function signDigestWithStakingKey(keys: Pick<ValidatorKeys, 'stakingPrivateKey'>, digest: Uint8Array): Uint8Array {
  return p256SignDigest(keys.stakingPrivateKey, digest);
}
