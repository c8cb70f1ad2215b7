import type { AtomicTx } from './tx-codec.js';

/**
 * coreth's atomic gas and fee rules with every upgrade active (AP3 dynamic fees, AP5 fixed gas, Fortuna
 * capacity): gas is 1 per unsigned byte, 1,000 per signature and 10,000 per tx; the fee is that gas at
 * the block's base fee, paid in nAVAX by burning AVAX.
 */
export const TX_BYTES_GAS = 1n;
export const COST_PER_SIGNATURE = 1_000n;
/** ap5.AtomicTxIntrinsicGas. */
export const ATOMIC_TX_INTRINSIC_GAS = 10_000n;
/** 1 nAVAX = 10^9 wei (atomic.X2CRate). */
export const X2C_RATE = 1_000_000_000n;
/** ap5.AtomicGasLimit: the most gas one atomic tx may use to enter the mempool. */
export const MAX_ATOMIC_TX_MEMPOOL_GAS = 100_000n;
/** targetAtomicTxsSize: the soft limit on one block's atomic txs, and the largest tx the mempool takes. */
export const TARGET_ATOMIC_TXS_SIZE = 40 * 1024;

const MAX_UINT64 = (1n << 64n) - 1n;

/** Tx.GasUsed(fixedFee = true). */
export function atomicGasUsed(tx: AtomicTx): bigint {
  const bytes = BigInt(tx.unsignedBytes.length) * TX_BYTES_GAS;
  const sigs = tx.kind === 'ImportTx' ? tx.importedInputs.reduce((n, i) => n + i.sigIndices.length, 0) : tx.ins.length;
  return bytes + BigInt(sigs) * COST_PER_SIGNATURE + ATOMIC_TX_INTRINSIC_GAS;
}

/** Amount of `assetId` consumed and not produced (Burned); throws on an underflow as safemath.Sub does. */
export function atomicBurned(tx: AtomicTx, assetId: Uint8Array): bigint {
  const same = (a: Uint8Array) => Buffer.compare(a, assetId) === 0;
  let input = 0n;
  let spent = 0n;
  if (tx.kind === 'ImportTx') {
    for (const i of tx.importedInputs) if (same(i.assetId)) input += i.amount;
    for (const o of tx.outs) if (same(o.assetId)) spent += o.amount;
  } else {
    for (const i of tx.ins) if (same(i.assetId)) input += i.amount;
    for (const o of tx.exportedOutputs) if (same(o.assetId)) spent += o.amount;
  }
  if (input > MAX_UINT64 || spent > MAX_UINT64) throw new Error('overflow');
  if (spent > input) throw new Error('underflow');
  return input - spent;
}

/** CalculateDynamicFee: ceil(gas × baseFee / X2CRate) nAVAX. */
export function atomicDynamicFee(gas: bigint, baseFeeWei: bigint): bigint {
  const fee = (gas * baseFeeWei + X2C_RATE - 1n) / X2C_RATE;
  if (fee > MAX_UINT64) throw new Error('overflow occurred while calculating the fee');
  return fee;
}

/** EffectiveGasPrice: burned AVAX in wei per gas, rounded down (how the mempool ranks conflicting txs). */
export function atomicGasPrice(tx: AtomicTx, avaxAssetId: Uint8Array): bigint {
  const gas = atomicGasUsed(tx);
  return (atomicBurned(tx, avaxAssetId) * X2C_RATE) / gas;
}
