import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '../hash.js';
import { bitString, boolean, explicit, integer, octetString, oid, sequence, set, utf8String, x509Time } from './der.js';

/** OIDs (RFC 5480, RFC 5758, RFC 5280). */
const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const OID_PRIME256V1 = '1.2.840.10045.3.1.7';
const OID_ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const OID_COMMON_NAME = '2.5.4.3';
const OID_KEY_USAGE = '2.5.29.15';
const OID_BASIC_CONSTRAINTS = '2.5.29.19';

export interface P256CertificateOptions {
  /** 32-byte P-256 private scalar. */
  privateKey: Uint8Array;
  /** Unix seconds. */
  notBefore: number;
  notAfter: number;
  serialNumber?: bigint;
  /** Subject and issuer CN; an empty Name when omitted (as AvalancheGo's generated staking certs). */
  commonName?: string;
}

/** 65-byte uncompressed SEC1 public key (`04 ‖ X ‖ Y`), the form AvalancheGo's staking parser requires. */
export function p256PublicKey(privateKey: Uint8Array): Uint8Array {
  return p256.getPublicKey(privateKey, false);
}

/** ECDSA P-256 over an already computed 32-byte digest; ASN.1 DER signature (low-S). */
export function p256SignDigest(privateKey: Uint8Array, digest: Uint8Array): Uint8Array {
  if (digest.length !== 32) throw new Error(`expected a 32-byte digest but got ${digest.length}`);
  return p256.sign(digest, privateKey, { prehash: false, format: 'der' });
}

export function p256VerifyDigest(publicKey: Uint8Array, digest: Uint8Array, derSignature: Uint8Array): boolean {
  return p256.verify(derSignature, digest, publicKey, { prehash: false, format: 'der', lowS: false });
}

function name(commonName: string | undefined): Uint8Array {
  if (commonName === undefined) return sequence();
  return sequence(set(sequence(oid(OID_COMMON_NAME), utf8String(commonName))));
}

function subjectPublicKeyInfo(publicKey: Uint8Array): Uint8Array {
  return sequence(sequence(oid(OID_EC_PUBLIC_KEY), oid(OID_PRIME256V1)), bitString(publicKey));
}

/**
 * Self-signed X.509 v3 certificate for a P-256 key, signed with ecdsa-with-SHA256. Extensions: keyUsage
 * digitalSignature (critical) and basicConstraints CA=false (critical). Deterministic (RFC 6979 nonces).
 */
export function buildSelfSignedP256Certificate(options: P256CertificateOptions): Uint8Array {
  const publicKey = p256PublicKey(options.privateKey);
  const signatureAlgorithm = sequence(oid(OID_ECDSA_WITH_SHA256));
  const subject = name(options.commonName);
  // keyUsage BIT STRING: digitalSignature is bit 0 → 0x80 with 7 unused bits.
  const keyUsage = sequence(oid(OID_KEY_USAGE), boolean(true), octetString(Uint8Array.of(0x03, 0x02, 0x07, 0x80)));
  const basicConstraints = sequence(oid(OID_BASIC_CONSTRAINTS), boolean(true), octetString(sequence()));
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(options.serialNumber ?? 0n),
    signatureAlgorithm,
    subject,
    sequence(x509Time(options.notBefore), x509Time(options.notAfter)),
    subject,
    subjectPublicKeyInfo(publicKey),
    explicit(3, sequence(keyUsage, basicConstraints)),
  );
  const signature = p256SignDigest(options.privateKey, sha256(tbs));
  return sequence(tbs, signatureAlgorithm, bitString(signature));
}

/** PKCS#8 PrivateKeyInfo (RFC 5208) wrapping an RFC 5915 ECPrivateKey, as node:crypto and Go's x509 read it. */
export function p256PrivateKeyToPkcs8(privateKey: Uint8Array): Uint8Array {
  if (privateKey.length !== 32) throw new Error(`expected a 32-byte P-256 private key but got ${privateKey.length}`);
  const ecPrivateKey = sequence(integer(1), octetString(privateKey), explicit(1, bitString(p256PublicKey(privateKey))));
  return sequence(integer(0), sequence(oid(OID_EC_PUBLIC_KEY), oid(OID_PRIME256V1)), octetString(ecPrivateKey));
}

/** Wraps DER bytes as PEM text. */
export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * A P-256 signer over whole messages with node:crypto (OpenSSL): it hashes with SHA-256 itself, so it takes
 * the message, not a digest — about 20× faster than the pure-JS signer on the block-building path.
 * Returns the ASN.1 DER signature Go's ecdsa.VerifyASN1 accepts.
 */
export function p256NativeSigner(privateKey: Uint8Array): (message: Uint8Array) => Uint8Array {
  const key = createPrivateKey({ key: Buffer.from(p256PrivateKeyToPkcs8(privateKey)), format: 'der', type: 'pkcs8' });
  return (message) => new Uint8Array(nodeSign('sha256', message, key));
}
