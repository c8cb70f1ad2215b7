import { X509Certificate, constants, createPrivateKey, privateEncrypt, verify, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { signedHeaderBytes } from './header.js';
import { isZeroEpoch, type DecodedProposerBlock } from './block.js';

/** ASN.1 DigestInfo prefix for SHA-256 (RFC 8017 §9.2), so RSA PKCS#1 v1.5 can sign a ready-made digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * A `sign` callback for encodeProposerBlock from a staking private key (PEM or KeyObject): RSA PKCS#1 v1.5 / SHA-256
 * or ECDSA P-256 (ASN.1 DER), the two schemes staking/verify.go accepts. The callback receives sha256(header).
 */
export function stakingDigestSigner(privateKey: KeyObject | string): (digest: Uint8Array) => Uint8Array {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  if (key.asymmetricKeyType === 'rsa') {
    return (digest) => new Uint8Array(privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest])));
  }
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    const d = key.export({ format: 'jwk' }).d;
    if (!d) throw new Error('EC key has no private scalar');
    const secret = new Uint8Array(Buffer.from(d, 'base64url'));
    return (digest) => p256.sign(digest, secret, { prehash: false, format: 'der' });
  }
  throw new Error('staking: cannot verify signature: unsupported algorithm');
}

/**
 * AvalancheGo's block.verify(chainID): an unsigned block must carry no signature, a Granite block needs a non-zero
 * epoch, and a signed block's signature must verify under its certificate's key over the 98-byte header.
 */
export function verifyProposerBlock(block: DecodedProposerBlock, chainId: Uint8Array): void {
  if (block.kind === 'option') return;
  if (block.kind === 'granite' && isZeroEpoch(block.epoch)) throw new Error('epoch must be provided after granite');
  const cert = block.certificate ?? new Uint8Array(0);
  const sig = block.signature ?? new Uint8Array(0);
  if (cert.length === 0) {
    if (sig.length > 0) throw new Error('signature provided when none was expected');
    return;
  }
  let publicKey: KeyObject;
  try {
    publicKey = new X509Certificate(cert).publicKey;
  } catch (err) {
    throw new Error(`invalid certificate: ${(err as Error).message}`);
  }
  const header = signedHeaderBytes(chainId, block.parentId, block.id);
  if (publicKey.asymmetricKeyType === 'rsa') {
    if (!verify('sha256', header, { key: publicKey, padding: constants.RSA_PKCS1_PADDING }, sig)) throw new Error('crypto/rsa: verification error');
    return;
  }
  if (publicKey.asymmetricKeyType === 'ec') {
    if (!verify('sha256', header, { key: publicKey, dsaEncoding: 'der' }, sig)) throw new Error('staking: ECDSA verification failure');
    return;
  }
  throw new Error('staking: cannot verify signature: unsupported algorithm');
}
