import { X509Certificate, constants, createPrivateKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { ripemd160 as nobleRipemd160 } from '@noble/hashes/legacy.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/hash.js';
import { bitString, derNull, explicit, integer, oid, sequence, set, utf8String, x509Time } from '../../lib/x509/der.js';
import { buildSelfSignedP256Certificate, p256PrivateKeyToPkcs8 } from '../../lib/x509/ecdsa-p256-certificate.js';
import { LinearWriter } from '../linear/writer.js';
import { fuzzDecoder } from '../container/fuzz.fixtures.js';
import { decodeProposerBlock, encodeOptionBlock, encodeProposerBlock } from './block.js';
import { proposerNodeIdFromCertificate, signedHeaderBytes, signedHeaderDigest } from './header.js';
import { stakingDigestSigner, verifyProposerBlock } from './staking-signature.js';

const id = (b: number) => new Uint8Array(32).fill(b);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fromHex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));
const inner = new Uint8Array([0xaa, 0xbb, 0xcc]);

// Field writers for hand-built expected bytes (big-endian, as node-apis.md §5.2).
const u32Hex = (n: number) => n.toString(16).padStart(8, '0');
const u64Hex = (n: bigint) => BigInt.asUintN(64, n).toString(16).padStart(16, '0');
const lenPrefixed = (b: Uint8Array) => u32Hex(b.length) + hex(b);

const CERT_NOT_BEFORE = Date.UTC(1999, 11, 31) / 1000;
const CERT_NOT_AFTER = Date.UTC(2120, 0, 1) / 1000;

/** A throwaway RSA-2048 staking identity: the key and a minimal self-signed X.509 v3 cert (sha256WithRSAEncryption). */
function rsaStakingIdentity(): { privateKey: KeyObject; certificate: Uint8Array } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const algorithm = sequence(oid('1.2.840.113549.1.1.11'), derNull());
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8String('firn test staker'))));
  const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
  const tbs = sequence(explicit(0, integer(2)), integer(1), algorithm, name, sequence(x509Time(CERT_NOT_BEFORE), x509Time(CERT_NOT_AFTER)), name, spki);
  return { privateKey, certificate: sequence(tbs, algorithm, bitString(new Uint8Array(sign('sha256', tbs, privateKey)))) };
}

/** A P-256 staking identity from a fixed scalar (the kind of cert AvalancheGo generates today). */
function p256StakingIdentity(): { privateKey: KeyObject; certificate: Uint8Array } {
  const secret = sha256(new TextEncoder().encode('firn proposervm test staker'));
  return {
    privateKey: createPrivateKey({ key: Buffer.from(p256PrivateKeyToPkcs8(secret)), format: 'der', type: 'pkcs8' }),
    certificate: buildSelfSignedP256Certificate({ privateKey: secret, notBefore: CERT_NOT_BEFORE, notAfter: CERT_NOT_AFTER }),
  };
}

const rsa = rsaStakingIdentity();
const ecdsa = p256StakingIdentity();

describe('test staking identities', () => {
  it('are certificates node:crypto parses, carrying the signing keys', () => {
    const rsaCert = new X509Certificate(rsa.certificate);
    expect(rsaCert.publicKey.asymmetricKeyType).toBe('rsa');
    expect(rsaCert.verify(rsaCert.publicKey)).toBe(true);
    const ecCert = new X509Certificate(ecdsa.certificate);
    expect(ecCert.publicKey.asymmetricKeyType).toBe('ec');
    expect(ecCert.verify(ecCert.publicKey)).toBe(true);
  });
});

describe('proposervm post-fork block (type 0)', () => {
  it('lays out an unsigned block field by field; id = sha256(bytes without the empty signature prefix)', () => {
    const { id: blockId, bytes } = encodeProposerBlock({ parentId: id(1), timestamp: 1_700_000_000n, pChainHeight: 42n, certificate: new Uint8Array(0), inner });
    const expected = new LinearWriter()
      .u16(0).u32(0).raw(id(1)).i64(1_700_000_000n).u64(42n).u32(0).u32(3).raw(inner).u32(0).finish();
    expect(hex(bytes)).toBe(hex(expected));
    expect(bytes.length).toBe(2 + 4 + 32 + 8 + 8 + 4 + 4 + 3 + 4);
    expect(hex(blockId)).toBe(hex(sha256(bytes.subarray(0, bytes.length - 4))));

    const d = decodeProposerBlock(bytes);
    expect(d).toMatchObject({ kind: 'post-fork', timestamp: 1_700_000_000n, pChainHeight: 42n });
    expect(hex(d.id)).toBe(hex(blockId));
    expect(hex(d.parentId)).toBe(hex(id(1)));
    expect(hex(d.inner)).toBe(hex(inner));
    expect(d.certificate?.length).toBe(0);
    expect(d.signature?.length).toBe(0);
    expect(d.epoch).toBeUndefined();
    expect(d.proposerNodeId).toBeUndefined();
    expect(() => verifyProposerBlock(d, id(9))).not.toThrow();
  });

  it('emits type 0 when the epoch is absent or all zero', () => {
    const zero = encodeProposerBlock({ parentId: id(1), timestamp: 5n, pChainHeight: 1n, certificate: new Uint8Array(0), inner, epoch: { pChainHeight: 0n, number: 0n, startTime: 0n } });
    const none = encodeProposerBlock({ parentId: id(1), timestamp: 5n, pChainHeight: 1n, certificate: new Uint8Array(0), inner });
    expect(hex(zero.bytes)).toBe(hex(none.bytes));
    expect(hex(zero.bytes.subarray(2, 6))).toBe('00000000');
  });

  it('handles negative timestamps and the full uint64 range', () => {
    const { bytes } = encodeProposerBlock({ parentId: id(1), timestamp: -1n, pChainHeight: 2n ** 64n - 1n, certificate: new Uint8Array(0), inner: new Uint8Array(0) });
    expect(hex(bytes.subarray(38, 54))).toBe('ffffffffffffffff'.repeat(2));
    expect(decodeProposerBlock(bytes)).toMatchObject({ timestamp: -1n, pChainHeight: 2n ** 64n - 1n });
  });

  it('signs the sha256 of the 98-byte header with an RSA staking key (PKCS#1 v1.5)', () => {
    const chainId = id(7);
    const seen: Uint8Array[] = [];
    const signer = stakingDigestSigner(rsa.privateKey);
    const fields = { parentId: id(2), timestamp: 1_700_000_001n, pChainHeight: 3n, certificate: rsa.certificate, inner };
    const { id: blockId, bytes } = encodeProposerBlock(fields, (digest) => { seen.push(digest); return signer(digest); }, chainId);

    const header = signedHeaderBytes(chainId, id(2), blockId);
    expect(header.length).toBe(98);
    expect(hex(header)).toBe('0000' + hex(chainId) + hex(id(2)) + hex(blockId));
    expect(seen.map(hex)).toEqual([hex(sha256(header))]);
    expect(hex(signedHeaderDigest(chainId, id(2), blockId))).toBe(hex(sha256(header)));

    const d = decodeProposerBlock(bytes);
    expect(d.signature?.length).toBe(256); // RSA-2048
    expect(hex(d.id)).toBe(hex(blockId));
    expect(hex(d.id)).toBe(hex(sha256(bytes.subarray(0, bytes.length - 4 - 256))));
    expect(hex(d.certificate ?? new Uint8Array())).toBe(hex(rsa.certificate));
    // The standard PKCS#1 v1.5 / SHA-256 signature over the header, i.e. what Go's rsa.VerifyPKCS1v15 checks.
    const pub = new X509Certificate(rsa.certificate).publicKey;
    expect(verify('sha256', header, { key: pub, padding: constants.RSA_PKCS1_PADDING }, d.signature ?? new Uint8Array())).toBe(true);
    expect(() => verifyProposerBlock(d, chainId)).not.toThrow();
    expect(() => verifyProposerBlock(d, id(8))).toThrow('crypto/rsa: verification error');
  });

  it('names the proposer by NodeID = ripemd160(sha256(DER certificate))', () => {
    for (const cert of [rsa.certificate, ecdsa.certificate]) {
      const expected = nobleRipemd160(nobleSha256(cert));
      expect(hex(proposerNodeIdFromCertificate(cert))).toBe(hex(expected));
      const { bytes } = encodeProposerBlock({ parentId: id(2), timestamp: 1n, pChainHeight: 1n, certificate: cert, inner }, stakingDigestSigner(cert === rsa.certificate ? rsa.privateKey : ecdsa.privateKey), id(1));
      expect(hex(decodeProposerBlock(bytes).proposerNodeId ?? new Uint8Array())).toBe(hex(expected));
    }
    expect(hex(proposerNodeIdFromCertificate(rsa.certificate))).not.toBe(hex(proposerNodeIdFromCertificate(ecdsa.certificate)));
  });

  it('signs with an ECDSA P-256 key as an ASN.1 signature over the header', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const chainId = id(3);
    let signature: Uint8Array = new Uint8Array();
    const { id: blockId } = encodeProposerBlock(
      { parentId: id(4), timestamp: 9n, pChainHeight: 9n, certificate: new Uint8Array([1]), inner },
      (digest) => (signature = stakingDigestSigner(privateKey)(digest)),
      chainId,
    );
    expect(signature[0]).toBe(0x30);
    expect(verify('sha256', signedHeaderBytes(chainId, id(4), blockId), { key: publicKey, dsaEncoding: 'der' }, signature)).toBe(true);
  });

  it('refuses inconsistent signing inputs and out-of-range fields', () => {
    const base = { parentId: id(1), timestamp: 1n, pChainHeight: 1n, certificate: new Uint8Array(0), inner };
    expect(() => encodeProposerBlock(base, () => new Uint8Array(1), id(1))).toThrow('signature provided when none was expected');
    expect(() => encodeProposerBlock({ ...base, certificate: rsa.certificate })).toThrow('a certificate needs a signer');
    expect(() => encodeProposerBlock({ ...base, certificate: rsa.certificate }, () => new Uint8Array(1))).toThrow('chainId is required');
    expect(() => encodeProposerBlock({ ...base, parentId: new Uint8Array(31) })).toThrow('parentId must be 32 bytes but is 31');
    expect(() => encodeProposerBlock({ ...base, pChainHeight: -1n })).toThrow('pChainHeight out of uint64 range');
    expect(() => encodeProposerBlock({ ...base, timestamp: 2n ** 63n })).toThrow('timestamp out of int64 range');
  });
});

describe('proposervm Granite block (type 2)', () => {
  it('places the epoch after the inner block and before the signature', () => {
    const epoch = { pChainHeight: 10n, number: 2n, startTime: 1_700_000_000n };
    const { id: blockId, bytes } = encodeProposerBlock({ parentId: id(5), timestamp: 1_700_000_030n, pChainHeight: 11n, certificate: new Uint8Array(0), inner, epoch });
    const expected = new LinearWriter()
      .u16(0).u32(2).raw(id(5)).i64(1_700_000_030n).u64(11n).u32(0).u32(3).raw(inner)
      .u64(10n).u64(2n).i64(1_700_000_000n).u32(0).finish();
    expect(hex(bytes)).toBe(hex(expected));
    expect(hex(blockId)).toBe(hex(sha256(bytes.subarray(0, bytes.length - 4))));
    const d = decodeProposerBlock(bytes);
    expect(d.kind).toBe('granite');
    expect(d.epoch).toEqual(epoch);
    expect(() => verifyProposerBlock(d, id(1))).not.toThrow();
  });

  it('signs Granite blocks over the id that covers the epoch', () => {
    const epoch = { pChainHeight: 1n, number: 1n, startTime: 5n };
    const { id: blockId, bytes } = encodeProposerBlock({ parentId: id(5), timestamp: 6n, pChainHeight: 1n, certificate: ecdsa.certificate, inner, epoch }, stakingDigestSigner(ecdsa.privateKey), id(6));
    const d = decodeProposerBlock(bytes);
    expect(hex(d.id)).toBe(hex(blockId));
    expect(() => verifyProposerBlock(d, id(6))).not.toThrow();
  });
});

describe('proposervm blocks written out field by field', () => {
  const chainId = id(4);
  const parentId = id(1);
  const oneByteInner = Uint8Array.of(3);

  it('an RSA-signed post-fork block: encode gives the expected bytes, decode gives the fields', () => {
    const unsignedHex =
      '0000' + // codec version
      u32Hex(0) + // type: statelessBlock
      hex(parentId) +
      u64Hex(123n) + // timestamp
      u64Hex(2n) + // P-chain height
      lenPrefixed(rsa.certificate) +
      lenPrefixed(oneByteInner);
    const blockId = sha256(fromHex(unsignedHex));
    const header = fromHex('0000' + hex(chainId) + hex(parentId) + hex(blockId));
    // PKCS#1 v1.5 is deterministic, so node:crypto's own signature must be the one the encoder embeds.
    const signature = new Uint8Array(sign('sha256', header, { key: rsa.privateKey, padding: constants.RSA_PKCS1_PADDING }));
    const expected = unsignedHex + lenPrefixed(signature);

    const built = encodeProposerBlock(
      { parentId, timestamp: 123n, pChainHeight: 2n, certificate: rsa.certificate, inner: oneByteInner },
      stakingDigestSigner(rsa.privateKey),
      chainId,
    );
    expect(hex(built.bytes)).toBe(expected);
    expect(hex(built.id)).toBe(hex(blockId));

    const d = decodeProposerBlock(fromHex(expected));
    expect(d.kind).toBe('post-fork');
    expect(hex(d.id)).toBe(hex(blockId));
    expect(hex(d.parentId)).toBe(hex(parentId));
    expect(d.timestamp).toBe(123n);
    expect(d.pChainHeight).toBe(2n);
    expect(hex(d.certificate ?? new Uint8Array())).toBe(hex(rsa.certificate));
    expect(hex(d.inner)).toBe('03');
    expect(hex(d.signature ?? new Uint8Array())).toBe(hex(signature));
    expect(d.epoch).toBeUndefined();
    expect(() => verifyProposerBlock(d, chainId)).not.toThrow();
    expect(() => verifyProposerBlock(d, id(5))).toThrow('crypto/rsa: verification error');
  });

  it('an ECDSA-signed Granite block: the epoch sits between the inner block and the signature', () => {
    const epoch = { pChainHeight: 9n, number: 3n, startTime: 1_700_000_000n };
    const unsignedHex =
      '0000' + u32Hex(2) + hex(parentId) + u64Hex(1_700_000_031n) + u64Hex(10n) +
      lenPrefixed(ecdsa.certificate) + lenPrefixed(oneByteInner) +
      u64Hex(9n) + u64Hex(3n) + u64Hex(1_700_000_000n);
    const blockId = sha256(fromHex(unsignedHex));
    const header = fromHex('0000' + hex(chainId) + hex(parentId) + hex(blockId));
    // node:crypto ECDSA nonces are random: embed its signature and check the encoder reproduces the rest exactly.
    const signature = new Uint8Array(sign('sha256', header, { key: ecdsa.privateKey, dsaEncoding: 'der' }));
    const expected = unsignedHex + lenPrefixed(signature);

    const again = encodeProposerBlock(
      { parentId, timestamp: 1_700_000_031n, pChainHeight: 10n, certificate: ecdsa.certificate, inner: oneByteInner, epoch },
      (digest) => {
        expect(hex(digest)).toBe(hex(sha256(header)));
        return signature;
      },
      chainId,
    );
    expect(hex(again.bytes)).toBe(expected);
    expect(hex(again.id)).toBe(hex(blockId));

    const d = decodeProposerBlock(fromHex(expected));
    expect(d).toMatchObject({ kind: 'granite', timestamp: 1_700_000_031n, pChainHeight: 10n, epoch });
    expect(hex(d.id)).toBe(hex(blockId));
    expect(() => verifyProposerBlock(d, chainId)).not.toThrow();
    expect(() => verifyProposerBlock(d, id(5))).toThrow('staking: ECDSA verification failure');
  });

  it('a type-2 block with a zero epoch parses, but verification rejects it', () => {
    const unsignedHex =
      '0000' + u32Hex(2) + hex(parentId) + u64Hex(123n) + u64Hex(2n) +
      lenPrefixed(ecdsa.certificate) + lenPrefixed(oneByteInner) +
      u64Hex(0n) + u64Hex(0n) + u64Hex(0n);
    const blockId = sha256(fromHex(unsignedHex));
    const header = fromHex('0000' + hex(chainId) + hex(parentId) + hex(blockId));
    const signature = new Uint8Array(sign('sha256', header, { key: ecdsa.privateKey, dsaEncoding: 'der' }));
    const d = decodeProposerBlock(fromHex(unsignedHex + lenPrefixed(signature)));
    expect(d.kind).toBe('granite');
    expect(d.epoch).toEqual({ pChainHeight: 0n, number: 0n, startTime: 0n });
    expect(hex(d.id)).toBe(hex(blockId));
    expect(hex(d.inner)).toBe('03');
    expect(() => verifyProposerBlock(d, chainId)).toThrow('epoch must be provided after granite');
    // The signature itself is valid over the header built from the id that covers the (zero) epoch.
    expect(() => verifyProposerBlock({ ...d, kind: 'post-fork' }, chainId)).not.toThrow();
    expect(() => verifyProposerBlock({ ...d, kind: 'post-fork' }, id(5))).toThrow('staking: ECDSA verification failure');
    // The encoder never emits this form: a zero epoch gives a type 0 block.
    const built = encodeProposerBlock(
      { parentId, timestamp: 123n, pChainHeight: 2n, certificate: ecdsa.certificate, inner: oneByteInner, epoch: { pChainHeight: 0n, number: 0n, startTime: 0n } },
      () => signature,
      chainId,
    );
    expect(hex(built.bytes.subarray(2, 6))).toBe(u32Hex(0));
  });

  it('an unsigned Granite block', () => {
    const expected =
      '0000' + u32Hex(2) + hex(parentId) + u64Hex(-5n) + u64Hex(2n ** 64n - 1n) +
      lenPrefixed(new Uint8Array(0)) + lenPrefixed(oneByteInner) +
      u64Hex(1n) + u64Hex(2n) + u64Hex(-3n) + lenPrefixed(new Uint8Array(0));
    const built = encodeProposerBlock({
      parentId, timestamp: -5n, pChainHeight: 2n ** 64n - 1n, certificate: new Uint8Array(0), inner: oneByteInner,
      epoch: { pChainHeight: 1n, number: 2n, startTime: -3n },
    });
    expect(hex(built.bytes)).toBe(expected);
    expect(hex(built.id)).toBe(hex(sha256(fromHex(expected.slice(0, -8)))));
    expect(decodeProposerBlock(fromHex(expected))).toMatchObject({ kind: 'granite', timestamp: -5n, epoch: { startTime: -3n } });
  });
});

describe('proposervm option block (type 1)', () => {
  it('is u16 0 | u32 1 | parent | inner with id = sha256(all bytes)', () => {
    const { id: blockId, bytes } = encodeOptionBlock(id(9), inner);
    expect(hex(bytes)).toBe('0000' + '00000001' + hex(id(9)) + '00000003' + 'aabbcc');
    expect(hex(blockId)).toBe(hex(sha256(bytes)));
    const d = decodeProposerBlock(bytes);
    expect(d.kind).toBe('option');
    expect(hex(d.id)).toBe(hex(blockId));
    expect(hex(d.parentId)).toBe(hex(id(9)));
    expect(hex(d.inner)).toBe('aabbcc');
    expect(d.timestamp).toBeUndefined();
    expect(d.signature).toBeUndefined();
  });
});

describe('proposervm malformed input', () => {
  const unsigned = encodeProposerBlock({ parentId: id(1), timestamp: 1n, pChainHeight: 1n, certificate: new Uint8Array(0), inner }).bytes;

  it('rejects trailing bytes, truncation, unknown types and versions', () => {
    expect(() => decodeProposerBlock(new Uint8Array([...unsigned, 0]))).toThrow('trailing buffer space');
    expect(() => decodeProposerBlock(unsigned.subarray(0, unsigned.length - 1))).toThrow(/insufficient length/);
    expect(() => decodeProposerBlock(new Uint8Array(0))).toThrow("couldn't unpack codec version");
    expect(() => decodeProposerBlock(new Uint8Array([0, 0, 0]))).toThrow(/couldn't unmarshal interface/);
    const type3 = unsigned.slice();
    type3[5] = 3;
    expect(() => decodeProposerBlock(type3)).toThrow("couldn't unmarshal interface: unknown type ID 3");
    const v1 = unsigned.slice();
    v1[1] = 1;
    expect(() => decodeProposerBlock(v1)).toThrow('unknown codec version');
    const hugeInner = unsigned.slice();
    new DataView(hugeInner.buffer).setUint32(2 + 4 + 32 + 16 + 4, 0xffffffff);
    expect(() => decodeProposerBlock(hugeInner)).toThrow(/slice too large|insufficient length/);
  });

  it('rejects a signature on an unsigned block at verification', () => {
    const withSig = new LinearWriter().u16(0).u32(0).raw(id(1)).i64(1n).u64(1n).u32(0).u32(0).u32(2).raw(new Uint8Array([1, 2])).finish();
    const d = decodeProposerBlock(withSig);
    expect(hex(d.id)).toBe(hex(sha256(withSig.subarray(0, withSig.length - 6))));
    expect(() => verifyProposerBlock(d, id(1))).toThrow('signature provided when none was expected');
  });

  it('only ever throws Error on random, truncated and mutated input', () => {
    const seeds = [
      unsigned,
      encodeOptionBlock(id(3), inner).bytes,
      encodeProposerBlock({ parentId: id(1), timestamp: 1n, pChainHeight: 1n, certificate: new Uint8Array(0), inner, epoch: { pChainHeight: 1n, number: 1n, startTime: 1n } }).bytes,
      encodeProposerBlock({ parentId: id(2), timestamp: 1n, pChainHeight: 1n, certificate: ecdsa.certificate, inner }, stakingDigestSigner(ecdsa.privateKey), id(1)).bytes,
    ];
    const ok = fuzzDecoder(decodeProposerBlock, seeds, 4000, 7);
    expect(ok).toBeGreaterThan(0);
  });
});
