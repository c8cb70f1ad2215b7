import type { CorethHeader } from '../evm/coreth-header.js';
import type { FeeConfig } from './fee-config.js';

/**
 * Subnet-EVM's dynamic fees (plugin/evm/customheader/dynamic_fee_windower.go, upgrade/subnetevm/window.go):
 * the gas used over the last 10 seconds, kept in the first 80 bytes of each header's Extra, moves the base
 * fee toward the FeeConfig's target. Subnet-EVM keeps this window algorithm; ACP-176 is the C-chain's.
 */
export const WINDOW_LEN = 10;
export const WINDOW_SIZE = 8 * WINDOW_LEN;

const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_UINT256 = (1n << 256n) - 1n;
const satAdd = (a: bigint, b: bigint) => (a + b > MAX_UINT64 ? MAX_UINT64 : a + b);

export type FeeWindow = bigint[];

export function emptyWindow(): FeeWindow {
  return new Array<bigint>(WINDOW_LEN).fill(0n);
}

export function parseWindow(extra: Uint8Array): FeeWindow {
  if (extra.length < WINDOW_SIZE) {
    throw new Error(`insufficient length for window: expected at least ${WINDOW_SIZE} bytes but got ${extra.length} bytes`);
  }
  const v = new DataView(extra.buffer, extra.byteOffset, WINDOW_SIZE);
  return Array.from({ length: WINDOW_LEN }, (_, i) => v.getBigUint64(i * 8));
}

export function windowBytes(w: FeeWindow): Uint8Array {
  const out = new Uint8Array(WINDOW_SIZE);
  const v = new DataView(out.buffer);
  w.forEach((x, i) => v.setBigUint64(i * 8, x));
  return out;
}

/** Adds to the last (most recent) second, saturating. */
function add(w: FeeWindow, amount: bigint): FeeWindow {
  const out = [...w];
  out[WINDOW_LEN - 1] = satAdd(out[WINDOW_LEN - 1]!, amount);
  return out;
}

/** Drops the oldest `n` seconds. */
function shift(w: FeeWindow, n: bigint): FeeWindow {
  if (n >= BigInt(WINDOW_LEN)) return emptyWindow();
  const k = Number(n);
  return [...w.slice(k), ...new Array<bigint>(k).fill(0n)];
}

const sum = (w: FeeWindow) => w.reduce(satAdd, 0n);

/**
 * The window of a child of `parent` at `timestamp` (seconds): the parent's window plus its gas, rolled
 * forward by the elapsed seconds; empty after genesis or a pre-SubnetEVM parent.
 */
export function childWindow(parent: CorethHeader, timestamp: bigint, parentIsSubnetEvm: boolean): FeeWindow {
  if (!parentIsSubnetEvm || parent.number === 0n) return emptyWindow();
  const w = parseWindow(parent.extra);
  if (timestamp < parent.timestamp) throw new Error(`invalid timestamp: timestamp ${timestamp} prior to parent timestamp ${parent.timestamp}`);
  return shift(add(w, parent.gasUsed), timestamp - parent.timestamp);
}

/** baseFeeFromWindow: the child's base fee under `fee` (the fee config in force at the parent). */
export function childBaseFee(parent: CorethHeader, timestamp: bigint, fee: FeeConfig, parentIsSubnetEvm: boolean): bigint {
  if (!parentIsSubnetEvm || parent.number === 0n) return fee.minBaseFee;
  const total = sum(childWindow(parent, timestamp, parentIsSubnetEvm));
  const parentBaseFee = parent.baseFee ?? fee.minBaseFee;
  const target = fee.targetGas;
  if (total === target) return parentBaseFee;
  let baseFee: bigint;
  if (total > target) {
    const delta = (((total - target) * parentBaseFee) / target) / fee.baseFeeChangeDenominator;
    baseFee = parentBaseFee + (delta > 1n ? delta : 1n);
  } else {
    let delta = (((target - total) * parentBaseFee) / target) / fee.baseFeeChangeDenominator;
    if (delta < 1n) delta = 1n;
    const windowsElapsed = (timestamp - parent.timestamp) / BigInt(WINDOW_LEN);
    if (windowsElapsed > 1n) delta *= windowsElapsed;
    baseFee = parentBaseFee - delta;
  }
  if (baseFee < fee.minBaseFee) return fee.minBaseFee;
  return baseFee > MAX_UINT256 ? MAX_UINT256 : baseFee;
}
