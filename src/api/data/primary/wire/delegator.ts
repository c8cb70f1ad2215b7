import type { Delegator } from '../../../../store/queries/primary/delegators.js';
import { bech32, cb58, feePercent, nodeIdText, seconds } from './format.js';

interface DelegatorCommonWire {
  txHash: string;
  nodeId: string;
  rewardAddresses: string[];
  amountDelegated: string;
  delegationFee: string;
  startTimestamp: number;
  endTimestamp: number;
}

export interface CompletedDelegatorWire extends DelegatorCommonWire {
  delegationStatus: 'completed';
  grossReward: string;
  netReward: string;
}

export interface ActiveDelegatorWire extends DelegatorCommonWire {
  delegationStatus: 'active' | 'pending';
  estimatedGrossReward: string;
  estimatedNetReward: string;
}

/** glacier.json ListDelegatorDetailsResponse item: a union discriminated by delegationStatus. */
export type DelegatorWire = CompletedDelegatorWire | ActiveDelegatorWire;

const MILLION = 1_000_000n;

/** What the delegator keeps of a gross reward after the validator's fee (AvalancheGo's reward.Split). */
export function netOfFee(gross: bigint, shares: number): bigint {
  return (gross * (MILLION - BigInt(shares))) / MILLION;
}

/**
 * A delegation in the shape of its status. Completed: the rewards paid (0 when not rewarded). Active and
 * pending: the node's potential reward for it (0 until reported) and what remains after the validator's fee.
 * delegationFee is the fee of the validation it delegates to ("0.0000000000000000" when the store lacks it).
 */
export function delegatorWire(d: Delegator, hrp: string): DelegatorWire {
  const shares = d.validatorDelegationShares ?? 0;
  const base: DelegatorCommonWire = {
    txHash: cb58(d.txId),
    nodeId: nodeIdText(d.nodeId),
    rewardAddresses: (d.rewardOwner?.addresses ?? []).map((a) => bech32(hrp, a)),
    amountDelegated: d.weight.toString(),
    delegationFee: feePercent(shares),
    startTimestamp: seconds(d.startTime),
    endTimestamp: seconds(d.endTime),
  };
  if (d.status === 'completed') {
    return { ...base, delegationStatus: 'completed', grossReward: (d.grossReward ?? 0n).toString(), netReward: (d.netReward ?? 0n).toString() };
  }
  const gross = d.potentialReward ?? 0n;
  return { ...base, delegationStatus: d.status, estimatedGrossReward: gross.toString(), estimatedNetReward: netOfFee(gross, shares).toString() };
}
