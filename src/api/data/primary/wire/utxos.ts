import type { PrimaryUtxo } from '../../../../store/queries/primary/utxos.js';
import type { RewardType } from '../../../../store/writers/primary/rows.js';
import { assetAmountWire, type AssetAmountWire, type AssetBook } from './asset-amounts.js';
import { bech32, cb58, hex, seconds } from './format.js';

export interface UtxoContext {
  hrp: string;
  assets: AssetBook;
}

/** glacier.json PChainUtxo. */
export interface PChainUtxoWire {
  addresses: string[];
  asset: AssetAmountWire;
  consumedOnChainId: string;
  createdOnChainId: string;
  utxoId: string;
  amount: string;
  assetId: string;
  blockNumber: string;
  blockTimestamp: number;
  outputIndex: number;
  txHash: string;
  utxoType: 'STAKE' | 'TRANSFER';
  consumingTxHash?: string;
  utxoBytes?: string;
  consumingBlockNumber?: string;
  consumingBlockTimestamp?: number;
  platformLocktime?: number;
  rewardType?: RewardType;
  stakeableLocktime?: number;
  staked?: boolean;
  threshold?: number;
  utxoStartTimestamp?: number;
  utxoEndTimestamp?: number;
}

export interface UtxoCredentialWire {
  signature?: string;
  publicKey?: string;
}

/** glacier.json Utxo (X-chain and C-chain atomic). */
export interface XChainUtxoWire {
  addresses: string[];
  asset: AssetAmountWire;
  consumedOnChainId: string;
  createdOnChainId: string;
  utxoId: string;
  creationTxHash: string;
  locktime: number;
  outputIndex: string;
  threshold: number;
  timestamp: number;
  utxoType: string;
  consumingTxHash?: string;
  utxoBytes?: string;
  consumingTxTimestamp?: number;
  credentials?: UtxoCredentialWire[];
  groupId?: number;
  payload?: string;
}

/** Where a UTXO is (or will be) spent: where it was consumed, else where it can be. */
function consumedOn(u: PrimaryUtxo): Uint8Array {
  return u.consumed?.consumedOn ?? u.created?.consumableOn ?? u.createdOn;
}

/** Signatures and public keys in base64, as the real service shows them. */
export function credentialsWire(credentials: readonly { signature: Uint8Array; publicKey?: Uint8Array }[]): UtxoCredentialWire[] {
  return credentials.map((c) => ({
    signature: Buffer.from(c.signature).toString('base64'),
    ...(c.publicKey ? { publicKey: Buffer.from(c.publicKey).toString('base64') } : {}),
  }));
}

/**
 * A P-chain UTXO. One the store only saw spent (created before the indexed range, e.g. a genesis allocation)
 * has no owners, and block "0" at time 0 as its creation.
 */
export function pChainUtxoWire(u: PrimaryUtxo, ctx: UtxoContext): PChainUtxoWire {
  const c = u.created;
  const out: PChainUtxoWire = {
    addresses: (c?.addresses ?? []).map((a) => bech32(ctx.hrp, a)),
    asset: assetAmountWire(ctx.assets, u.assetId, u.amount),
    consumedOnChainId: cb58(consumedOn(u)),
    createdOnChainId: cb58(u.createdOn),
    utxoId: cb58(u.utxoId),
    amount: u.amount.toString(),
    assetId: cb58(u.assetId),
    blockNumber: (c?.blockHeight ?? 0n).toString(),
    blockTimestamp: seconds(c?.blockTimestamp ?? 0n),
    outputIndex: u.outputIndex,
    txHash: cb58(u.txId),
    utxoType: c?.staked ? 'STAKE' : 'TRANSFER',
  };
  if (u.consumed) {
    out.consumingTxHash = cb58(u.consumed.txId);
    out.consumingBlockNumber = u.consumed.blockHeight.toString();
    out.consumingBlockTimestamp = seconds(u.consumed.blockTimestamp);
  }
  if (c) {
    out.utxoBytes = hex(c.bytes);
    out.platformLocktime = seconds(c.locktime);
    out.threshold = c.threshold;
    out.staked = c.staked;
    if (c.rewardType) out.rewardType = c.rewardType;
    if (c.stakeStart !== undefined) out.utxoStartTimestamp = seconds(c.stakeStart);
    if (c.stakeEnd !== undefined) out.utxoEndTimestamp = seconds(c.stakeEnd);
  }
  const stakeable = c?.stakeableLocktime;
  if (stakeable !== undefined) out.stakeableLocktime = seconds(stakeable);
  return out;
}

/**
 * An X-chain (or C-chain atomic) UTXO. One the store only saw spent shows what its input said (amount,
 * asset, id) with no owners, locktime and threshold 0, time 0 and type `transfer` (inputs spend transfer outputs).
 */
export function xChainUtxoWire(u: PrimaryUtxo, ctx: UtxoContext): XChainUtxoWire {
  const c = u.created;
  const out: XChainUtxoWire = {
    addresses: (c?.addresses ?? []).map((a) => bech32(ctx.hrp, a)),
    asset: assetAmountWire(ctx.assets, u.assetId, u.amount),
    consumedOnChainId: cb58(consumedOn(u)),
    createdOnChainId: cb58(u.createdOn),
    utxoId: cb58(u.utxoId),
    creationTxHash: cb58(u.txId),
    locktime: seconds(c?.locktime ?? 0n),
    outputIndex: String(u.outputIndex),
    threshold: c?.threshold ?? 0,
    timestamp: seconds(c?.blockTimestamp ?? 0n),
    utxoType: c?.outputType ?? 'transfer',
  };
  if (u.consumed) {
    out.consumingTxHash = cb58(u.consumed.txId);
    out.consumingTxTimestamp = seconds(u.consumed.blockTimestamp);
    if (u.consumed.credentials) out.credentials = credentialsWire(u.consumed.credentials);
  }
  if (c) {
    out.utxoBytes = hex(c.bytes);
    if (c.groupId !== undefined) out.groupId = c.groupId;
    if (c.payload) out.payload = hex(c.payload);
  }
  return out;
}
