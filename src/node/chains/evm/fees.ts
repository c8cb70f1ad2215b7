/**
 * coreth's fee rules from Fortuna on (ACP-176, vms/evm/acp176 + vms/components/gas), Granite's
 * millisecond advance and ACP-226 minimum block delay, and the block gas cost (0 from Granite on).
 * Pure functions over bigints; uint64 arithmetic saturates as in avalanchego's `safemath`.
 */
export const MAX_UINT64 = (1n << 64n) - 1n;

export const ACP176 = {
  minTargetPerSecond: 1_000_000n, // P
  targetConversion: 1024n * (1n << 15n), // D
  maxTargetExcessDiff: 32_768n, // Q
  minGasPrice: 1n, // M
  timeToFillCapacity: 5n,
  targetToMax: 2n,
  targetToPriceUpdateConversion: 87n,
} as const;

export const ACP226 = {
  /** delay_ms = fakeExp(1, excess, 2^20) */
  conversion: 1n << 20n,
  maxDelayExcessDiff: 200n,
  initialDelayExcess: 7_970_124n,
} as const;

/** The EIP-4844 fake exponential factor·e^(num/den), saturating at 2^64−1 (gas.CalculatePrice). */
export function fakeExponential(factor: bigint, numerator: bigint, denominator: bigint): bigint {
  let i = 1n;
  let output = 0n;
  let acc = factor * denominator;
  while (acc > 0n) {
    output += acc;
    acc = (acc * numerator) / (denominator * i);
    i++;
    if (output / denominator > MAX_UINT64) return MAX_UINT64;
  }
  const r = output / denominator;
  return r > MAX_UINT64 ? MAX_UINT64 : r;
}

const satAdd = (a: bigint, b: bigint) => (a + b > MAX_UINT64 ? MAX_UINT64 : a + b);
const satMul = (a: bigint, b: bigint) => (a * b > MAX_UINT64 ? MAX_UINT64 : a * b);
const satSub = (a: bigint, b: bigint) => (a > b ? a - b : 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** ACP-176 state carried in `header.Extra[0:24]`: gas capacity, gas excess, target excess. */
export interface FeeState {
  capacity: bigint;
  excess: bigint;
  targetExcess: bigint;
}

export const ZERO_FEE_STATE: FeeState = { capacity: 0n, excess: 0n, targetExcess: 0n };

/** T: target gas per second (memoized: the target excess rarely changes and every fee step needs T). */
const targetMemo = new Map<bigint, bigint>();
export function targetPerSecond(s: FeeState): bigint {
  let t = targetMemo.get(s.targetExcess);
  if (t === undefined) {
    t = fakeExponential(ACP176.minTargetPerSecond, s.targetExcess, ACP176.targetConversion);
    if (targetMemo.size > 4096) targetMemo.clear();
    targetMemo.set(s.targetExcess, t);
  }
  return t;
}

/** C = TargetToMax · TimeToFillCapacity · T = the header gas limit. */
export function maxCapacity(target: bigint): bigint {
  return satMul(satMul(target, ACP176.targetToMax), ACP176.timeToFillCapacity);
}

/** price = fakeExp(M, excess, 87·T). */
export function gasPrice(s: FeeState): bigint {
  const k = satMul(ACP176.targetToPriceUpdateConversion, targetPerSecond(s));
  return fakeExponential(ACP176.minGasPrice, s.excess, k);
}

/** Granite+: refill capacity and drain excess by elapsed milliseconds (T_ms = T/1000, R_ms = 2·T_ms). */
export function advanceMilliseconds(s: FeeState, ms: bigint): FeeState {
  const t = targetPerSecond(s);
  const tMs = t / 1000n;
  return {
    capacity: min(satAdd(s.capacity, satMul(tMs * ACP176.targetToMax, ms)), maxCapacity(t)),
    excess: satSub(s.excess, satMul(tMs, ms)),
    targetExcess: s.targetExcess,
  };
}

/** Fortuna (pre-Granite): the same by whole seconds. */
export function advanceSeconds(s: FeeState, seconds: bigint): FeeState {
  const t = targetPerSecond(s);
  return {
    capacity: min(satAdd(s.capacity, satMul(t * ACP176.targetToMax, seconds)), maxCapacity(t)),
    excess: satSub(s.excess, satMul(t, seconds)),
    targetExcess: s.targetExcess,
  };
}

/** After the block: consume gasUsed + extDataGasUsed. Throws if the block used more than the capacity. */
export function consumeGas(s: FeeState, gas: bigint): FeeState {
  if (gas > s.capacity) throw new Error(`insufficient capacity: ${gas} > ${s.capacity}`);
  return { capacity: s.capacity - gas, excess: satAdd(s.excess, gas), targetExcess: s.targetExcess };
}

/** The smallest target excess whose target reaches `desired` gas/s (acp176.DesiredTargetExcess). */
const desiredMemo = new Map<bigint, bigint>();
export function desiredTargetExcess(desired: bigint): bigint {
  const hit = desiredMemo.get(desired);
  if (hit !== undefined) return hit;
  let lo = 0n;
  let hi = 1n << 40n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (targetPerSecond({ capacity: 0n, excess: 0n, targetExcess: mid }) >= desired) hi = mid;
    else lo = mid + 1n;
  }
  desiredMemo.set(desired, lo);
  return lo;
}

/** Moves targetExcess toward `desired` by at most `maxDiff`, rescales excess to keep the price, caps capacity. */
export function updateTargetExcess(s: FeeState, desired: bigint, maxDiff: bigint = ACP176.maxTargetExcessDiff): FeeState {
  const prevTarget = targetPerSecond(s);
  const change = desired > s.targetExcess ? min(desired - s.targetExcess, maxDiff) : -min(s.targetExcess - desired, maxDiff);
  const targetExcess = s.targetExcess + change;
  const next = { ...s, targetExcess };
  const newTarget = targetPerSecond(next);
  const scaled = prevTarget === 0n ? s.excess : (s.excess * newTarget) / prevTarget;
  return {
    capacity: min(s.capacity, maxCapacity(newTarget)),
    excess: scaled > MAX_UINT64 ? MAX_UINT64 : scaled,
    targetExcess,
  };
}

/** Extra prefix: capacity ‖ excess ‖ targetExcess, uint64 big-endian each. */
export function encodeFeeState(s: FeeState): Uint8Array {
  const out = new Uint8Array(24);
  const v = new DataView(out.buffer);
  v.setBigUint64(0, s.capacity);
  v.setBigUint64(8, s.excess);
  v.setBigUint64(16, s.targetExcess);
  return out;
}

export function decodeFeeState(extra: Uint8Array): FeeState {
  if (extra.length < 24) throw new Error(`expected at least 24 bytes of extra data, got ${extra.length}`);
  const v = new DataView(extra.buffer, extra.byteOffset, 24);
  return { capacity: v.getBigUint64(0), excess: v.getBigUint64(8), targetExcess: v.getBigUint64(16) };
}

/** ACP-226: the minimum delay in ms after a block with this excess. */
export function minDelayMs(excess: bigint): bigint {
  return fakeExponential(1n, excess, ACP226.conversion);
}

/** The smallest delay excess giving at least `desiredMs` (0 ms → excess 0). */
export function desiredDelayExcess(desiredMs: bigint): bigint {
  let lo = 0n;
  let hi = 1n << 32n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (minDelayMs(mid) >= desiredMs) hi = mid;
    else lo = mid + 1n;
  }
  return lo;
}

/** Per block, minDelayExcess moves toward the node's desired value by at most 200; without one it stays. */
export function nextDelayExcess(parent: bigint, desired?: bigint): bigint {
  if (desired === undefined) return parent;
  if (desired > parent) return parent + min(desired - parent, ACP226.maxDelayExcessDiff);
  return parent - min(parent - desired, ACP226.maxDelayExcessDiff);
}

/**
 * AP4/AP5 block gas cost (ap4/cost.go): parentCost ± step·|2 − elapsed|, clamped to [0, 1,000,000];
 * Granite+ always 0.
 */
export function blockGasCost(opts: { granite: boolean; parentCost?: bigint; step: bigint; elapsedSeconds: bigint }): bigint {
  if (opts.granite) return 0n;
  if (opts.parentCost === undefined) return 0n;
  const target = 2n;
  const maxCost = 1_000_000n;
  let cost: bigint;
  if (opts.elapsedSeconds < target) cost = opts.parentCost + opts.step * (target - opts.elapsedSeconds);
  else cost = opts.parentCost - opts.step * (opts.elapsedSeconds - target);
  return cost < 0n ? 0n : cost > maxCost ? maxCost : cost;
}

/** What the builder needs for the next block. */
export interface FeeConfig {
  /** Desired gas target (gas/s), coreth's `gas-target`. Undefined keeps the parent's target. */
  desiredTargetPerSecond?: bigint;
  /**
   * Devnet: the target the chain starts at right after genesis (coreth starts at the minimum, 1M gas/s, and
   * moves ≤ Q per block). Undefined = coreth's behaviour.
   */
  initialTargetPerSecond?: bigint;
  /** Desired minimum block delay (ms), coreth's `min-delay-target`. Undefined keeps the parent's value. */
  desiredMinDelayMs?: bigint;
}

/** Devnet defaults: target 20M gas/s from block 1 (gas limit 200M), so the base fee stays at 1 wei under local load. */
export const DEVNET_FEE_CONFIG: FeeConfig = { desiredTargetPerSecond: 20_000_000n, initialTargetPerSecond: 20_000_000n };

export interface NextBlockFees {
  /** State after advancing to the child's time, before its gas is consumed. */
  state: FeeState;
  baseFee: bigint;
  gasLimit: bigint;
}

/**
 * Fee state for a child of `parent` at `childMs` (Granite: advance by ms). `parentState` is undefined when
 * the parent is genesis (zero state, or the devnet's initial target).
 */
export function feesForChild(parentState: FeeState | undefined, parentMs: bigint, childMs: bigint, cfg: FeeConfig): NextBlockFees {
  let s = parentState ?? ZERO_FEE_STATE;
  if (parentState === undefined && cfg.initialTargetPerSecond !== undefined) {
    s = { ...s, targetExcess: desiredTargetExcess(cfg.initialTargetPerSecond) };
  }
  const elapsed = childMs > parentMs ? childMs - parentMs : 0n;
  s = advanceMilliseconds(s, elapsed);
  return { state: s, baseFee: gasPrice(s), gasLimit: maxCapacity(targetPerSecond(s)) };
}

/** Fee state written into the child's extra after its gas was used. */
export function feeStateAfterBlock(before: FeeState, gasUsed: bigint, cfg: FeeConfig): FeeState {
  let s = consumeGas(before, gasUsed);
  if (cfg.desiredTargetPerSecond !== undefined) s = updateTargetExcess(s, desiredTargetExcess(cfg.desiredTargetPerSecond));
  return s;
}
