import { describe, it, expect } from 'vitest';
import { X509Certificate, createPrivateKey, createPublicKey, createSign, createVerify } from 'node:crypto';
import { sha256 } from '../hash.js';
import {
  buildSelfSignedP256Certificate,
  p256NativeSigner,
  p256PrivateKeyToPkcs8,
  p256PublicKey,
  p256SignDigest,
  p256VerifyDigest,
  toPem,
} from './ecdsa-p256-certificate.js';

const privateKey = sha256(new TextEncoder().encode('x509 test key'));
const options = { privateKey, notBefore: Date.UTC(1999, 11, 31) / 1000, notAfter: Date.UTC(2120, 0, 1) / 1000 };

describe('self-signed P-256 certificate', () => {
  it('parses with node:crypto and carries the key', () => {
    const der = buildSelfSignedP256Certificate({ ...options, commonName: 'firn' });
    const cert = new X509Certificate(der);
    expect(cert.subject).toBe('CN=firn');
    expect(cert.issuer).toBe('CN=firn');
    expect(cert.publicKey.asymmetricKeyType).toBe('ec');
    const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
    expect(Buffer.from(spki).subarray(-65).equals(Buffer.from(p256PublicKey(privateKey)))).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.validFrom).toContain('1999');
    expect(cert.validTo).toContain('2120');
  });

  it('parses with an empty subject and is deterministic', () => {
    const a = buildSelfSignedP256Certificate(options);
    const b = buildSelfSignedP256Certificate(options);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const cert = new X509Certificate(a);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.ca).toBe(false);
  });

  it('signs digests that node:crypto verifies, and verifies node:crypto signatures', () => {
    const message = new TextEncoder().encode('hello');
    const sig = p256SignDigest(privateKey, sha256(message));
    const cert = new X509Certificate(buildSelfSignedP256Certificate(options));
    expect(createVerify('sha256').update(message).verify(cert.publicKey, Buffer.from(sig))).toBe(true);

    const pkcs8 = createPrivateKey({ key: Buffer.from(p256PrivateKeyToPkcs8(privateKey)), format: 'der', type: 'pkcs8' });
    const nodeSig = createSign('sha256').update(message).sign(pkcs8);
    expect(p256VerifyDigest(p256PublicKey(privateKey), sha256(message), nodeSig)).toBe(true);
    expect(p256VerifyDigest(p256PublicKey(privateKey), sha256(new TextEncoder().encode('other')), nodeSig)).toBe(false);
    expect(createPublicKey(pkcs8).export({ type: 'spki', format: 'der' }).equals(cert.publicKey.export({ type: 'spki', format: 'der' }))).toBe(true);
  });

  it('writes PEM', () => {
    const pem = toPem('CERTIFICATE', buildSelfSignedP256Certificate(options));
    expect(new X509Certificate(pem).verify(new X509Certificate(pem).publicKey)).toBe(true);
  });
});

describe('p256NativeSigner', () => {
  it('signs messages that verify against the key, like the digest signer', () => {
    const key = new Uint8Array(32).fill(5);
    const message = new TextEncoder().encode('proposervm header');
    const sig = p256NativeSigner(key)(message);
    expect(p256VerifyDigest(p256PublicKey(key), sha256(message), sig)).toBe(true);
    expect(p256VerifyDigest(p256PublicKey(key), sha256(new Uint8Array(3)), sig)).toBe(false);
  });
});
