import type { ValidatorFeeConfig } from './config.js';
import { gasPrice } from './fees.js';

/**
 * The ACP-77 continuous fee (vms/platformvm/validators/fee): every active L1 validator pays the same price per
 * second; the price is minPrice × e^(excess / K) and the excess grows while more validators than the target
 * are active and shrinks while fewer are.
 */
export interface ValidatorFeeState {
  /** Active L1 validators. */
  current: bigint;
  excess: bigint;
}

const MAX_U64 = 0xffff_ffff_ffff_ffffn;

/** State.AdvanceTime: excess ± |current − target| × seconds, clamped to [0, MaxUint64]. */
export function advanceValidatorFee(s: ValidatorFeeState, target: bigint, seconds: bigint): ValidatorFeeState {
  let excess = s.excess;
  if (s.current < target) {
    const drop = (target - s.current) * seconds;
    excess = drop > MAX_U64 || drop > excess ? 0n : excess - drop;
  } else if (s.current > target) {
    excess += (s.current - target) * seconds;
    if (excess > MAX_U64) excess = MAX_U64;
  }
  return { current: s.current, excess };
}

const priceOf = (c: ValidatorFeeConfig, excess: bigint) => gasPrice(c.minPrice, excess, c.excessConversionConstant);

/** State.CostOf: what one validator pays over `seconds` (saturating at MaxUint64). */
export function validatorCost(s: ValidatorFeeState, c: ValidatorFeeConfig, seconds: bigint): bigint {
  if (s.current === c.target) {
    const cost = seconds * priceOf(c, s.excess);
    return cost > MAX_U64 ? MAX_U64 : cost;
  }
  let cost = 0n;
  for (let i = 0n; i < seconds; i++) {
    s = advanceValidatorFee(s, c.target, 1n);
    if (s.excess === 0n) {
      cost += c.minPrice * (seconds - i);
      return cost > MAX_U64 ? MAX_U64 : cost;
    }
    cost += priceOf(c, s.excess);
    if (cost > MAX_U64) return MAX_U64;
  }
  return cost;
}

/** State.SecondsRemaining: how long `funds` last at the evolving price, at most `maxSeconds`. */
export function secondsRemaining(s: ValidatorFeeState, c: ValidatorFeeConfig, maxSeconds: bigint, funds: bigint): bigint {
  if (c.minPrice === 0n) return maxSeconds;
  if (s.current === c.target) {
    const seconds = funds / priceOf(c, s.excess);
    return seconds < maxSeconds ? seconds : maxSeconds;
  }
  for (let seconds = 0n; seconds < maxSeconds; seconds++) {
    s = advanceValidatorFee(s, c.target, 1n);
    if (s.excess === 0n) {
      const total = seconds + funds / c.minPrice;
      return total < maxSeconds ? total : maxSeconds;
    }
    const price = priceOf(c, s.excess);
    if (price > funds) return seconds;
    funds -= price;
  }
  return maxSeconds;
}
