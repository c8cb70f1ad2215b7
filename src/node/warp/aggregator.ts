import { flattenValidatorSet } from '../../codec/warp/canonical-set.js';
import { encodeWarpMessage, type WarpMessage } from '../../codec/warp/message.js';
import type { UnsignedWarpMessage } from '../../codec/warp/unsigned-message.js';
import { aggregateBitSetSignature, verifyBitSetSignature, weightOf } from '../../codec/warp/verify.js';
import { compareBytes } from '../../lib/bytes.js';
import type { SetEntry } from '../chains/platform/chain-store.js';
import type { WarpSignatureService } from './signature-service.js';

/**
 * Signature aggregation inside the devnet process: every validator this process runs is asked (through the
 * same ACP-118 verification), the signatures of those in the signing subnet's canonical set at the P-chain
 * height are aggregated, and the result must carry the quorum.
 */
export interface AggregationInput {
  message: UnsignedWarpMessage;
  justification: Uint8Array;
  /** The signing subnet's validator set at the chosen P-chain height. */
  validators: SetEntry[];
  networkId: number;
  /** Percent of the subnet's weight required (default 67). */
  quorumPercentage?: number;
}

export async function aggregateInProcess(service: WarpSignatureService, input: AggregationInput): Promise<WarpMessage> {
  const quorum = BigInt(input.quorumPercentage ?? 67);
  const set = flattenValidatorSet(input.validators);
  const signed = await service.sign(input.message.bytes, input.justification);
  const byIndex = new Map<number, Uint8Array>();
  set.validators.forEach((v, i) => {
    const s = signed.find((x) => compareBytes(x.publicKey, v.publicKey) === 0);
    if (s) byIndex.set(i, s.signature);
  });
  const weight = weightOf(set, byIndex.keys());
  if (byIndex.size === 0 || weight * 100n < set.totalWeight * quorum) {
    throw new Error(
      `failed to collect a threshold of signatures: the validators this devnet runs hold ${weight} of the signing subnet's ${set.totalWeight} weight, ${quorum}% is required`,
    );
  }
  const signature = aggregateBitSetSignature(byIndex);
  verifyBitSetSignature(input.message, signature, input.networkId, set, quorum, 100n);
  return encodeWarpMessage(input.message, signature);
}
