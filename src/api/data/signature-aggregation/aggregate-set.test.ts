import { describe, expect, it } from 'vitest';
import { blsPublicKeyOf, blsSign } from '../../../codec/warp/bls.js';
import { flattenValidatorSet } from '../../../codec/warp/canonical-set.js';
import { encodeUnsignedMessage } from '../../../codec/warp/unsigned-message.js';
import { verifyBitSetSignature } from '../../../codec/warp/verify.js';
import { sha256 } from '../../../lib/hash.js';
import { aggregateForSet, QuorumNotReached, requiredWeight } from './aggregate-set.js';
import { aggregateIfValid, aggregateIfValidJs, decompressUnchecked, signatureIsValid, signatureIsValidJs } from './signatures.js';

const secrets = Array.from({ length: 5 }, (_, i) => sha256(new TextEncoder().encode(`validator-${i}`)));
const key = (s: Uint8Array) => Buffer.from(blsPublicKeyOf(s)).toString('hex');
// Weights 10, 20, 30, 40, 50 (total 150) plus 50 held by a validator without a BLS key.
const set = flattenValidatorSet([
  ...secrets.map((s, i) => ({ nodeId: sha256(s).subarray(0, 20), weight: BigInt(10 * (i + 1)), publicKey: blsPublicKeyOf(s) })),
  { nodeId: new Uint8Array(20), weight: 50n },
]);
const message = encodeUnsignedMessage(1337, sha256(new TextEncoder().encode('chain')), new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 2]));
const signBy = (indices: number[]) => new Map(indices.map((i) => [key(secrets[i]!), blsSign(secrets[i]!, message.bytes)]));

describe('aggregateForSet', () => {
  it('aggregates every collected member signature into a BitSetSignature that verifies', () => {
    const { signature, signedWeight, signers } = aggregateForSet(message.bytes, set, signBy([1, 2, 3, 4]), 67);
    expect(signedWeight).toBe(140n);
    expect(signers).toHaveLength(4);
    expect(() => verifyBitSetSignature(message, signature, 1337, set)).not.toThrow();
  });

  it('drops an invalid signature after the aggregate fails, and still signs when the rest carry the quorum', () => {
    const collected = signBy([0, 2, 3, 4]);
    collected.set(key(secrets[0]!), blsSign(secrets[0]!, new Uint8Array([9]))); // the 10-weight signer signed something else
    const { signature, signedWeight } = aggregateForSet(message.bytes, set, collected, 60);
    expect(signedWeight).toBe(120n);
    expect(() => verifyBitSetSignature(message, signature, 1337, set, 60n)).not.toThrow();
  });

  it('counts validators without keys in the total and refuses below the quorum', () => {
    expect(requiredWeight(200n, 67)).toBe(134n);
    expect(() => aggregateForSet(message.bytes, set, signBy([2, 3, 4]), 67)).toThrow(QuorumNotReached);
    expect(() => aggregateForSet(message.bytes, set, signBy([2, 3, 4]), 67)).toThrow(/carry 120 of the signing subnet's 200 weight, 67% is required/);
    const bad = signBy([1, 2, 3, 4]);
    bad.set(key(secrets[4]!), new Uint8Array(96).fill(0xaa));
    expect(() => aggregateForSet(message.bytes, set, bad, 67)).toThrow(/carry 90 of/);
  });

  it('decompresses signatures to the points they encode', () => {
    const sig = blsSign(secrets[0]!, message.bytes);
    expect(Buffer.from(decompressUnchecked(sig).toBytes(true))).toEqual(Buffer.from(sig));
    expect(() => decompressUnchecked(new Uint8Array(95))).toThrow("couldn't decompress signature");
  });
});

describe('native and pure-JS BLS agree', () => {
  const keys = secrets.map((s) => blsPublicKeyOf(s));
  const sigs = secrets.map((s) => blsSign(s, message.bytes));
  it('on a valid aggregate, byte for byte', () => {
    const native = aggregateIfValid(message.bytes, keys, sigs);
    expect(native).toBeDefined();
    expect(Buffer.from(native!)).toEqual(Buffer.from(aggregateIfValidJs(message.bytes, keys, sigs)!));
  });
  it('on a wrong message, a wrong key and a malformed signature', () => {
    const other = new Uint8Array([1, 2, 3]);
    expect(aggregateIfValid(other, keys, sigs)).toBeUndefined();
    expect(aggregateIfValidJs(other, keys, sigs)).toBeUndefined();
    const swapped = [keys[1]!, keys[0]!, ...keys.slice(2)];
    expect(aggregateIfValid(message.bytes, swapped.slice(0, 1), sigs.slice(0, 1))).toBeUndefined();
    const broken = sigs.map((s, i) => (i === 2 ? new Uint8Array(96).fill(0xff) : s));
    expect(aggregateIfValid(message.bytes, keys, broken)).toBeUndefined();
    for (let i = 0; i < 5; i++) {
      expect(signatureIsValid(message.bytes, keys[i]!, sigs[i]!)).toBe(true);
      expect(signatureIsValidJs(message.bytes, keys[i]!, sigs[i]!)).toBe(true);
      expect(signatureIsValid(other, keys[i]!, sigs[i]!)).toBe(false);
    }
  });
});
