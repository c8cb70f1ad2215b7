import type { RewardConfig } from './config.js';

export const PERCENT_DENOMINATOR = 1_000_000n;
const MAX_U64 = 0xffff_ffff_ffff_ffffn;

/**
 * AvalancheGo's reward formula (vms/platformvm/reward/calculator.go), integer arithmetic in the same order:
 * Reward = RemainingSupply × StakedAmount/CurrentSupply × MintingRate × Duration/MintingPeriod, where
 * MintingRate = MinRate + (MaxRate − MinRate) × Duration/MintingPeriod; capped at the remaining supply.
 */
export function calculateReward(c: RewardConfig, stakedDuration: bigint, stakedAmount: bigint, currentSupply: bigint): bigint {
  const durationNanos = stakedDuration * 1_000_000_000n;
  const periodNanos = c.mintingPeriod * 1_000_000_000n;
  const rateNumerator = (c.maxConsumptionRate - c.minConsumptionRate) * durationNanos + c.minConsumptionRate * periodNanos;
  const rateDenominator = periodNanos * PERCENT_DENOMINATOR;
  const remaining = c.supplyCap - currentSupply;
  let reward = remaining * rateNumerator * stakedAmount * durationNanos;
  reward = reward / rateDenominator / currentSupply / periodNanos;
  if (reward > MAX_U64) return remaining;
  return reward < remaining ? reward : remaining;
}

/** reward.Split: [amount × shares / 1e6, remainder], rounding in the delegatee's favour as AvalancheGo does. */
export function splitReward(total: bigint, shares: number): [bigint, bigint] {
  const remainderShares = PERCENT_DENOMINATOR - BigInt(shares);
  let remainder = remainderShares * (total / PERCENT_DENOMINATOR);
  if (remainderShares * total <= MAX_U64) remainder = (remainderShares * total) / PERCENT_DENOMINATOR;
  return [total - remainder, remainder];
}
