import type { PrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import type { L1ValidatorDetail, Owners } from '../../../../store/writers/primary/rows.js';
import { assetAmountsWire, type AssetAmountWire } from './asset-amounts.js';
import { enumOrUnknown, P_CHAIN_TX_TYPES } from './enums.js';
import { bech32, cb58, evmAddress, feePercent, hex, memoText, nodeIdText, seconds } from './format.js';
import { genesisDataWire } from './genesis.js';
import { pChainUtxoWire, type PChainUtxoWire, type UtxoContext } from './utxos.js';
import { hexOf } from '../../../../lib/hex.js';

export interface SubnetOwnershipInfoWire {
  locktime: number;
  threshold: number;
  addresses: string[];
}

export interface BlsCredentialsWire {
  publicKey: string;
  proofOfPossession: string;
}

export interface L1ValidatorDetailsTransactionWire {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  balanceChange?: number;
  blsCredentials?: { publicKey: string; proofOfPossession?: string };
}

/** glacier.json PChainTransaction. */
export interface PChainTransactionWire {
  txHash: string;
  txType: (typeof P_CHAIN_TX_TYPES)[number];
  blockTimestamp: number;
  blockNumber: string;
  blockHash: string;
  consumedUtxos: PChainUtxoWire[];
  emittedUtxos: PChainUtxoWire[];
  value: AssetAmountWire[];
  amountBurned: AssetAmountWire[];
  amountStaked: AssetAmountWire[];
  amountL1ValidatorBalanceBurned: AssetAmountWire[];
  sourceChain?: string;
  destinationChain?: string;
  startTimestamp?: number;
  endTimestamp?: number;
  delegationFeePercent?: string;
  nodeId?: string;
  subnetId?: string;
  l1ValidatorManagerDetails?: { blockchainId: string; contractAddress: string };
  l1ValidatorDetails?: L1ValidatorDetailsTransactionWire[];
  estimatedReward?: string;
  rewardTxHash?: string;
  rewardAddresses?: string[];
  memo?: string;
  stakingTxHash?: string;
  subnetOwnershipInfo?: SubnetOwnershipInfoWire;
  blsCredentials?: BlsCredentialsWire;
  blockchainInfo?: { chainName: string; vmId: string; genesisData?: Record<string, unknown> | string };
}

const STAKING_TX_TYPES = new Set(['AddValidatorTx', 'AddDelegatorTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'AddAutoRenewedValidatorTx']);
const DELEGATOR_TX_TYPES = new Set(['AddDelegatorTx', 'AddPermissionlessDelegatorTx']);

export function ownershipWire(hrp: string, owners: Owners): SubnetOwnershipInfoWire {
  return { locktime: seconds(owners.locktime), threshold: owners.threshold, addresses: owners.addresses.map((a) => bech32(hrp, a)) };
}

/** A contract address: checksummed when it is an EVM address, hex otherwise. */
export function contractAddressWire(address: Uint8Array): string {
  return address.length === 20 ? evmAddress(address) : hex(address);
}

/** The staker's reward: what the node expects while it stakes, what was paid once rewarded. */
function estimatedReward(tx: PrimaryTransaction): bigint | undefined {
  const s = tx.staker;
  if (!s || !STAKING_TX_TYPES.has(tx.txType)) return undefined;
  if (s.potentialReward !== undefined) return s.potentialReward;
  if (s.endKind !== 'rewarded') return undefined;
  return DELEGATOR_TX_TYPES.has(tx.txType) ? s.delegatorReward : s.validationReward;
}

/**
 * One L1 validator as a tx changed it. The conversion and registration carry everything; the weight, balance
 * and disable txs name only the validation id, so node and subnet come from the validator's record and the
 * balance shown is its current one (the store keeps no balance history).
 */
function l1DetailWire(tx: PrimaryTransaction, d: L1ValidatorDetail): L1ValidatorDetailsTransactionWire | undefined {
  const state = tx.l1ValidatorStates?.get(hexOf(d.validationId));
  const nodeId = d.nodeId.length > 0 ? d.nodeId : state?.nodeId;
  const subnetId = d.subnetId.length > 0 ? d.subnetId : state?.subnetId;
  if (!nodeId || !subnetId) return undefined;
  const creates = tx.txType === 'ConvertSubnetToL1Tx' || tx.txType === 'RegisterL1ValidatorTx';
  const remaining = tx.txType === 'DisableL1ValidatorTx' ? 0n : creates ? (d.balance ?? 0n) : (state?.balance ?? d.balance ?? 0n);
  const out: L1ValidatorDetailsTransactionWire = {
    validationId: cb58(d.validationId),
    validationIdHex: hex(d.validationId),
    nodeId: nodeIdText(nodeId),
    subnetId: cb58(subnetId),
    weight: Number(d.weight ?? state?.weight ?? 0n),
    remainingBalance: Number(remaining),
  };
  if (d.balance !== undefined) out.balanceChange = Number(d.balance);
  const publicKey = d.blsPublicKey ?? state?.blsPublicKey;
  const pop = d.proofOfPossession ?? state?.proofOfPossession;
  if (publicKey) out.blsCredentials = { publicKey: hex(publicKey), ...(pop ? { proofOfPossession: hex(pop) } : {}) };
  return out;
}

export function pChainTransactionWire(tx: PrimaryTransaction, ctx: UtxoContext): PChainTransactionWire {
  const d = tx.details;
  const out: PChainTransactionWire = {
    txHash: cb58(tx.txId),
    txType: enumOrUnknown(P_CHAIN_TX_TYPES, tx.txType),
    blockTimestamp: seconds(tx.blockTimestamp),
    blockNumber: tx.blockHeight.toString(),
    blockHash: cb58(tx.blockId),
    consumedUtxos: tx.consumedUtxos.map((u) => pChainUtxoWire(u, ctx)),
    emittedUtxos: tx.emittedUtxos.map((u) => pChainUtxoWire(u, ctx)),
    value: assetAmountsWire(ctx.assets, tx.amounts.value),
    amountBurned: assetAmountsWire(ctx.assets, tx.amounts.burned),
    amountStaked: assetAmountsWire(ctx.assets, tx.amounts.staked),
    amountL1ValidatorBalanceBurned: assetAmountsWire(ctx.assets, tx.amounts.l1Burned),
  };
  if (tx.sourceChain) out.sourceChain = cb58(tx.sourceChain);
  if (tx.destinationChain) out.destinationChain = cb58(tx.destinationChain);
  if (tx.startTime !== undefined) out.startTimestamp = seconds(tx.startTime);
  if (tx.endTime !== undefined) out.endTimestamp = seconds(tx.endTime);
  if (tx.delegationShares !== undefined) out.delegationFeePercent = feePercent(tx.delegationShares);
  if (tx.nodeId) out.nodeId = nodeIdText(tx.nodeId);
  if (tx.subnetId) out.subnetId = cb58(tx.subnetId);
  if (d.l1Manager) out.l1ValidatorManagerDetails = { blockchainId: cb58(d.l1Manager.blockchainId), contractAddress: contractAddressWire(d.l1Manager.address) };
  if (d.l1Validators) {
    out.l1ValidatorDetails = d.l1Validators.map((v) => l1DetailWire(tx, v)).filter((v): v is L1ValidatorDetailsTransactionWire => v !== undefined);
  }
  const reward = estimatedReward(tx);
  if (reward !== undefined) out.estimatedReward = reward.toString();
  if (tx.staker?.endTxId && STAKING_TX_TYPES.has(tx.txType) && tx.staker.endKind !== 'removed') out.rewardTxHash = cb58(tx.staker.endTxId);
  if (d.rewardOwner) out.rewardAddresses = d.rewardOwner.addresses.map((a) => bech32(ctx.hrp, a));
  if (tx.memo.length > 0) out.memo = memoText(tx.memo);
  if (tx.stakingTxId) out.stakingTxHash = cb58(tx.stakingTxId);
  if (d.subnetOwner) out.subnetOwnershipInfo = ownershipWire(ctx.hrp, d.subnetOwner);
  if (d.bls) out.blsCredentials = { publicKey: hex(d.bls.publicKey), proofOfPossession: hex(d.bls.proofOfPossession) };
  if (d.blockchain) {
    const created = tx.createdBlockchain;
    const genesisData = created ? genesisDataWire(created.genesisJson, created.genesisData) : undefined;
    out.blockchainInfo = { chainName: d.blockchain.name, vmId: cb58(d.blockchain.vmId), ...(genesisData !== undefined ? { genesisData } : {}) };
  }
  return out;
}
