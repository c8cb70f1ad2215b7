import { aggregatePublicKeys, aggregateSignatures, blsVerify, publicKeyFromBytes, signatureFromBytes, type BlsSignature } from './bls.js';
import type { WarpSet } from './canonical-set.js';
import { bitLength, bitsetFromIndices, isMinimalBitset, signerIndices, type BitSetSignature } from './message.js';
import type { UnsignedWarpMessage } from './unsigned-message.js';

/**
 * BitSetSignature.Verify (vms/platformvm/warp/signature.go) with AvalancheGo's errors, and the reverse: an
 * aggregate BitSetSignature from individual validators' signatures.
 */
export const WARP_QUORUM_NUMERATOR = 67n;
export const WARP_QUORUM_DENOMINATOR = 100n;

/** warp.VerifyWeight: sigWeight × den ≥ total × num. */
export function verifyWeight(sigWeight: bigint, totalWeight: bigint, quorumNum: bigint, quorumDen: bigint): void {
  if (totalWeight * quorumNum > sigWeight * quorumDen) {
    throw new Error(`signature weight is insufficient: ${quorumNum}*${totalWeight} > ${quorumDen}*${sigWeight}`);
  }
}

export function verifyBitSetSignature(
  msg: UnsignedWarpMessage,
  signature: BitSetSignature,
  networkId: number,
  set: WarpSet,
  quorumNum = WARP_QUORUM_NUMERATOR,
  quorumDen = WARP_QUORUM_DENOMINATOR,
): void {
  if (msg.networkId !== networkId) throw new Error('wrong networkID');
  if (!isMinimalBitset(signature.signers)) throw new Error('bitset is invalid');
  const bits = bitLength(signature.signers);
  if (bits > set.validators.length) {
    throw new Error(`unknown validator: NumIndices (${bits - 1}) >= NumFilteredValidators (${set.validators.length})`);
  }
  const signers = signerIndices(signature.signers).map((i) => set.validators[i]!);
  const sigWeight = signers.reduce((n, v) => n + v.weight, 0n);
  verifyWeight(sigWeight, set.totalWeight, quorumNum, quorumDen);
  let aggSig: BlsSignature;
  try {
    aggSig = signatureFromBytes(signature.signature);
  } catch (e) {
    throw new Error(`failed to parse signature: ${(e as Error).message}`);
  }
  const aggKey = aggregatePublicKeys(signers.map((v) => publicKeyFromBytes(v.publicKey)));
  if (!blsVerify(aggKey, aggSig, msg.bytes)) throw new Error('signature is invalid');
}

/** Aggregates the signatures of canonical validators (by index) into a BitSetSignature. */
export function aggregateBitSetSignature(signatures: Map<number, Uint8Array>): BitSetSignature {
  const indices = [...signatures.keys()].sort((a, b) => a - b);
  return { signers: bitsetFromIndices(indices), signature: aggregateSignatures(indices.map((i) => signatureFromBytes(signatures.get(i)!))) };
}

/** The weight the given canonical indices carry. */
export function weightOf(set: WarpSet, indices: Iterable<number>): bigint {
  let w = 0n;
  for (const i of indices) w += set.validators[i]?.weight ?? 0n;
  return w;
}
