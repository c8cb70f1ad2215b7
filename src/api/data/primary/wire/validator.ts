import type { Validator } from '../../../../store/queries/primary/validators.js';
import { bech32, cb58, feePercent, hex, nodeIdText, seconds } from './format.js';
import type { BlsCredentialsWire } from './p-chain-transaction.js';
import { hexOf } from '../../../../lib/hex.js';

export interface RewardsWire {
  validationRewardAmount: string;
  delegationRewardAmount: string;
  rewardAddresses?: string[];
  rewardTxHash?: string;
}

interface ValidatorCommonWire {
  txHash: string;
  nodeId: string;
  subnetId: string;
  amountStaked: string;
  delegationFee?: string;
  startTimestamp: number;
  endTimestamp: number;
  blsCredentials?: BlsCredentialsWire;
}

export interface CompletedValidatorWire extends ValidatorCommonWire {
  validationStatus: 'completed';
  delegatorCount: number;
  amountDelegated?: string;
  rewards: RewardsWire;
}

export interface ActiveValidatorWire extends ValidatorCommonWire {
  validationStatus: 'active';
  stakePercentage: number;
  delegatorCount: number;
  amountDelegated?: string;
  uptimePerformance: number;
  delegationCapacity?: string;
  potentialRewards: RewardsWire;
  validatorHealth: { reachabilityPercent: number; benchedPChainRequestsPercent: number; benchedXChainRequestsPercent: number; benchedCChainRequestsPercent: number };
  geolocation: null;
}

export interface PendingValidatorWire extends ValidatorCommonWire {
  validationStatus: 'pending';
}

export interface RemovedValidatorWire extends ValidatorCommonWire {
  validationStatus: 'removed';
  removeTxHash: string;
  removeTimestamp: number;
}

/** glacier.json ListValidatorDetailsResponse item: a union discriminated by validationStatus (data-api.md §7.8). */
export type ValidatorWire = CompletedValidatorWire | ActiveValidatorWire | PendingValidatorWire | RemovedValidatorWire;

export interface ValidatorContext {
  hrp: string;
  /** Weight staking now on each subnet, by hex subnet id (stake percentages). */
  activeStake: ReadonlyMap<string, bigint>;
}

/** Percent with 4 decimals (a share of stake). */
function percentOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 1_000_000n) / whole) / 10_000;
}

function common(v: Validator): ValidatorCommonWire {
  const out: ValidatorCommonWire = {
    txHash: cb58(v.txId),
    nodeId: nodeIdText(v.nodeId),
    subnetId: cb58(v.subnetId),
    amountStaked: v.weight.toString(),
    startTimestamp: seconds(v.startTime),
    endTimestamp: seconds(v.endTime),
  };
  if (v.delegationShares !== undefined) out.delegationFee = feePercent(v.delegationShares);
  if (v.bls) out.blsCredentials = { publicKey: hex(v.bls.publicKey), proofOfPossession: hex(v.bls.proofOfPossession) };
  return out;
}

function rewardAddresses(v: Validator, hrp: string): { rewardAddresses?: string[] } {
  return v.rewardOwner ? { rewardAddresses: v.rewardOwner.addresses.map((a) => bech32(hrp, a)) } : {};
}

/**
 * A validation in the shape of its status. Active validations carry what the node reported while the indexer
 * followed it: uptime (0 until first reported), potential and accrued rewards. Firn observes neither
 * benching nor geolocation: benched shares are 0, reachability is 100 while the node is connected, and
 * geolocation is null (the one field the real service declares nullable).
 */
export function validatorWire(v: Validator, ctx: ValidatorContext): ValidatorWire {
  const base = common(v);
  switch (v.status) {
    case 'pending':
      return { ...base, validationStatus: 'pending' };
    case 'removed':
      if (v.endTxId && v.endTimestamp !== undefined) {
        return { ...base, validationStatus: 'removed', removeTxHash: cb58(v.endTxId), removeTimestamp: seconds(v.endTimestamp) };
      }
      return completed(v, base, ctx.hrp);
    case 'completed':
      return completed(v, base, ctx.hrp);
    case 'active': {
      const total = ctx.activeStake.get(hexOf(v.subnetId)) ?? 0n;
      const uptime = v.uptime ?? 0;
      return {
        ...base,
        validationStatus: 'active',
        stakePercentage: percentOf(v.weight, total),
        delegatorCount: v.delegatorCount,
        amountDelegated: v.activeDelegated.toString(),
        uptimePerformance: uptime,
        ...(v.delegationCapacity !== undefined ? { delegationCapacity: v.delegationCapacity.toString() } : {}),
        potentialRewards: {
          validationRewardAmount: (v.potentialReward ?? 0n).toString(),
          delegationRewardAmount: (v.accruedDelegateeReward ?? 0n).toString(),
          ...rewardAddresses(v, ctx.hrp),
        },
        validatorHealth: {
          reachabilityPercent: v.connected === undefined ? uptime : v.connected ? 100 : 0,
          benchedPChainRequestsPercent: 0,
          benchedXChainRequestsPercent: 0,
          benchedCChainRequestsPercent: 0,
        },
        geolocation: null,
      };
    }
  }
}

function completed(v: Validator, base: ValidatorCommonWire, hrp: string): CompletedValidatorWire {
  return {
    ...base,
    validationStatus: 'completed',
    delegatorCount: v.delegatorCount,
    amountDelegated: v.amountDelegated.toString(),
    rewards: {
      validationRewardAmount: (v.validationReward ?? 0n).toString(),
      delegationRewardAmount: (v.delegationFees ?? 0n).toString(),
      ...rewardAddresses(v, hrp),
      ...(v.endTxId ? { rewardTxHash: cb58(v.endTxId) } : {}),
    },
  };
}
