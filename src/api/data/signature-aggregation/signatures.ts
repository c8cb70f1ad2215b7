import blst from '@chainsafe/blst';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { BLS_SIGNATURE_LEN, blsVerify, publicKeyFromBytes, signatureFromBytes, aggregatePublicKeys } from '../../../codec/warp/bls.js';

/**
 * Fast handling of many validators' G2 signatures. Decompressing with the subgroup check costs ~4 ms a point in
 * pure JS, so signatures are decompressed without it, summed, and only the aggregate is checked (subgroup and
 * pairing). The aggregate is what verifiers check, so an accepted aggregate is a valid one; when it fails, the
 * caller falls back to checking each signature fully and dropping the bad ones.
 */
type G2Point = ReturnType<typeof bls12_381.G2.Point.fromAffine>;
const G2 = bls12_381.G2.Point;
const Fp = bls12_381.fields.Fp;
const Fp2 = bls12_381.fields.Fp2;
const B2 = Fp2.create({ c0: 4n, c1: 4n });
const HALF_P = (Fp.ORDER - 1n) / 2n;

function fpFrom(bytes: Uint8Array): bigint {
  const v = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  if (v >= Fp.ORDER) throw new Error("couldn't decompress signature");
  return v;
}

/** A compressed G2 point on the curve (no subgroup check), or an error like bls.SignatureFromBytes'. */
export function decompressUnchecked(bytes: Uint8Array): G2Point {
  if (bytes.length !== BLS_SIGNATURE_LEN) throw new Error("couldn't decompress signature");
  const flags = bytes[0]! & 0xe0;
  if ((flags & 0x80) === 0 || (flags & 0x40) !== 0) throw new Error("couldn't decompress signature");
  const head = bytes.slice(0, 48);
  head[0]! &= 0x1f;
  const x = Fp2.create({ c1: fpFrom(head), c0: fpFrom(bytes.subarray(48)) });
  let y;
  try {
    y = Fp2.sqrt(Fp2.add(Fp2.pow(x, 3n), B2));
  } catch {
    throw new Error("couldn't decompress signature");
  }
  // The sort bit is the sign of y.c1 (y.c0 when y.c1 is 0), as in the ZCash encoding.
  const sign = y.c1 !== 0n ? y.c1 > HALF_P : y.c0 > HALF_P;
  if (sign !== ((flags & 0x20) !== 0)) y = Fp2.neg(y);
  return G2.fromAffine({ x, y });
}

/**
 * Aggregates `signatures` and checks the aggregate against the aggregate of `publicKeys` (compressed G1) over
 * `message`: the aggregate's bytes when it verifies, undefined when it does not (or a signature is malformed).
 * Native blst (AvalancheGo's own library): signatures are summed without per-point subgroup checks and the
 * aggregate is group-checked once in the verification, as `aggregateIfValidJs` does in pure JS.
 */
export function aggregateIfValid(message: Uint8Array, publicKeys: Uint8Array[], signatures: Uint8Array[]): Uint8Array | undefined {
  if (signatures.length === 0 || signatures.length !== publicKeys.length) return undefined;
  try {
    const aggregate = blst.aggregateSerializedSignatures(signatures, false);
    const keys = publicKeys.map((k) => blst.PublicKey.fromBytes(k, true));
    if (!blst.fastAggregateVerify(message, keys, aggregate, true)) return undefined;
    return aggregate.toBytes(true);
  } catch {
    return undefined;
  }
}

/** The same check in pure JS (@noble/curves): the reference the native path is tested against. */
export function aggregateIfValidJs(message: Uint8Array, publicKeys: Uint8Array[], signatures: Uint8Array[]): Uint8Array | undefined {
  if (signatures.length === 0) return undefined;
  let sum: G2Point;
  try {
    sum = signatures.map(decompressUnchecked).reduce((a, b) => a.add(b));
  } catch {
    return undefined;
  }
  if (sum.is0()) return undefined;
  const bytes = sum.toBytes(true);
  let aggregate;
  try {
    aggregate = signatureFromBytes(bytes); // the subgroup check, once
  } catch {
    return undefined;
  }
  const key = aggregatePublicKeys(publicKeys.map(publicKeyFromBytes));
  return blsVerify(key, aggregate, message) ? bytes : undefined;
}

/** One validator's signature, fully checked (as AvalancheGo's bls.Verify). */
export function signatureIsValid(message: Uint8Array, publicKey: Uint8Array, signature: Uint8Array): boolean {
  try {
    return blst.verify(message, blst.PublicKey.fromBytes(publicKey, true), blst.Signature.fromBytes(signature, true), true, true);
  } catch {
    return false;
  }
}

/** The same check in pure JS (@noble/curves). */
export function signatureIsValidJs(message: Uint8Array, publicKey: Uint8Array, signature: Uint8Array): boolean {
  try {
    return blsVerify(publicKeyFromBytes(publicKey), signatureFromBytes(signature), message);
  } catch {
    return false;
  }
}

