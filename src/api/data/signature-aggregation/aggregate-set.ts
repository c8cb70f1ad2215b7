import type { WarpSet } from '../../../codec/warp/canonical-set.js';
import { bitsetFromIndices, type BitSetSignature } from '../../../codec/warp/message.js';
import { aggregateIfValid, signatureIsValid } from './signatures.js';

/** Signatures collected for one message, by the signer's compressed public key (hex). */
export type CollectedSignatures = Map<string, Uint8Array>;

export interface SetAggregation {
  signature: BitSetSignature;
  signedWeight: bigint;
  /** Canonical indices of the signers. */
  signers: number[];
}

export class QuorumNotReached extends Error {
  constructor(readonly signedWeight: bigint, readonly totalWeight: bigint, quorumPercentage: number, detail: string) {
    super(`failed to collect a threshold of signatures: valid signatures carry ${signedWeight} of the signing subnet's ${totalWeight} weight, ${quorumPercentage}% is required${detail}`);
    this.name = 'QuorumNotReached';
  }
}

/** ceil(total × percent / 100): the weight that reaches `percent`. */
export function requiredWeight(totalWeight: bigint, percent: number): bigint {
  return (totalWeight * BigInt(percent) + 99n) / 100n;
}

/**
 * The BitSetSignature of the canonical validators in `collected` over `message`, once they carry
 * `quorumPercentage` of the set's total weight. Every collected signature of a set member is used (so
 * quorum + buffer is met whenever it was collected). The aggregate is verified once (not at all when the
 * caller already verified it: `verifiedAggregate`); only when it fails is each signature checked and the
 * invalid ones dropped.
 */
export function aggregateForSet(
  message: Uint8Array, set: WarpSet, collected: CollectedSignatures, quorumPercentage: number, verifiedAggregate?: Uint8Array,
): SetAggregation {
  const needed = requiredWeight(set.totalWeight, quorumPercentage);
  let entries: Array<{ index: number; signature: Uint8Array }> = [];
  set.validators.forEach((v, index) => {
    const signature = collected.get(Buffer.from(v.publicKey).toString('hex'));
    if (signature) entries.push({ index, signature });
  });
  const weightOf = (list: typeof entries) => list.reduce((n, e) => n + set.validators[e.index]!.weight, 0n);
  const check = (list: typeof entries) => {
    const weight = weightOf(list);
    if (list.length === 0 || weight < needed) {
      const why = collected.size > list.length ? ` (${collected.size - list.length} of the signatures came from keys outside the set or were invalid)` : '';
      throw new QuorumNotReached(weight, set.totalWeight, quorumPercentage, why);
    }
    return weight;
  };
  check(entries);
  const keys = (list: typeof entries) => list.map((e) => set.validators[e.index]!.publicKey);
  // An aggregate the caller verified over exactly these signatures (every one a member's) is not checked again.
  let aggregate = verifiedAggregate && entries.length === collected.size
    ? verifiedAggregate
    : aggregateIfValid(message, keys(entries), entries.map((e) => e.signature));
  if (!aggregate) {
    const total = entries.length;
    entries = entries.filter((e) => signatureIsValid(message, set.validators[e.index]!.publicKey, e.signature));
    if (entries.length === total) throw new Error('the aggregate of individually valid signatures does not verify');
    check(entries);
    aggregate = aggregateIfValid(message, keys(entries), entries.map((e) => e.signature));
    if (!aggregate) throw new Error('the aggregate of individually valid signatures does not verify');
  }
  const signers = entries.map((e) => e.index);
  return { signature: { signers: bitsetFromIndices(signers), signature: aggregate }, signedWeight: weightOf(entries), signers };
}
