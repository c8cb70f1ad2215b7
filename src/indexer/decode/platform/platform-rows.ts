import type {
  BlockchainRow, L1ValidatorDetail, Owners, PrimaryRows, PrimaryTxRow, RewardType, StakerKind, StakerRow, TxAmounts, TxDetails, UtxoRow,
} from '../../../store/writers/primary/rows.js';
import { emptyPrimaryRows } from '../../../store/writers/primary/rows.js';
import type { SourcedBlock } from '../../sources/primary/block-source.js';
import type { TransferableOutput, TxOutput } from './avax-components.js';
import { conversionIdOf, conversionValidationId, l1MessageOfWarp, type L1Message } from './l1-messages.js';
import { PLATFORM_BLOCK_TYPE_NAMES, type DecodedPlatformContainer } from './platform-container.js';
import type { PlatformTx, PlatformUnsignedTx } from './platform-tx.js';
import { sameBytes } from '../../../lib/bytes.js';
import { addressTxsOf, AssetSums, hexKey, spendRowOf, utxoRowOf, type CreatedOutput, type TxPlace } from './rows-common.js';

/** What the P-chain rows are built against. */
export interface PlatformChainContext {
  /** Store id of the P-chain. */
  chain: number;
  blockchainId: Uint8Array;
  avaxAssetId: Uint8Array;
}

/** What the node said about the staker a RewardValidatorTx ends: its staking tx and the reward UTXOs (platform.getRewardUTXOs). */
export interface RewardLookup {
  stakingTx?: PlatformTx;
  rewardUtxos: { txId: Uint8Array; outputIndex: number; assetId: Uint8Array; output: TxOutput }[];
  /** False when the node does not serve platform.getRewardUTXOs (the rewards paid are then unknown). */
  rewardUtxosKnown?: boolean;
}

export interface PlatformRowsInput {
  blocks: readonly SourcedBlock<DecodedPlatformContainer>[];
  /** The block after the last one, when the last is a proposal: its type says whether the proposal committed. */
  nextBlock?: DecodedPlatformContainer;
  /** Keyed by hex of the staking tx id. */
  rewards?: ReadonlyMap<string, RewardLookup>;
  /** Time of the block before the first, for Apricot blocks that carry none. */
  previousTimestamp?: bigint;
}

export const PRIMARY_NETWORK_ID = new Uint8Array(32);

const STAKING_TYPES = new Set(['AddValidatorTx', 'AddDelegatorTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'AddAutoRenewedValidatorTx']);

/** A block's time: Banff time, else the proposervm timestamp, else the chain time an AdvanceTimeTx set, else the previous block's, else acceptance. */
function blockTimeOf(b: SourcedBlock<DecodedPlatformContainer>, previous: bigint | undefined): bigint {
  const c = b.block;
  if (c.time !== undefined) return c.time;
  if (c.proposer?.timestamp !== undefined) return c.proposer.timestamp;
  for (const tx of c.txs) if (tx.unsigned.type === 'AdvanceTimeTx') return tx.unsigned.time;
  return previous ?? b.acceptedAt ?? 0n;
}

/** Whether the proposal at `index` committed (undefined when its option is not known). */
function outcomeOf(blocks: readonly SourcedBlock<DecodedPlatformContainer>[], index: number, next?: DecodedPlatformContainer): 'commit' | 'abort' | undefined {
  const option = blocks[index + 1]?.block ?? next;
  if (!option) return undefined;
  if (option.blockType === 'banff-commit' || option.blockType === 'apricot-commit') return 'commit';
  if (option.blockType === 'banff-abort' || option.blockType === 'apricot-abort') return 'abort';
  return undefined;
}

/** Rows for a range of P-chain blocks. Pure: everything from the node is in `input`. */
export function platformRows(ctx: PlatformChainContext, input: PlatformRowsInput): PrimaryRows {
  const rows = emptyPrimaryRows();
  let previous = input.previousTimestamp;
  input.blocks.forEach((sourced, blockIndex) => {
    const c = sourced.block;
    const timestamp = blockTimeOf(sourced, previous);
    previous = timestamp;
    rows.blocks.push({
      chain: ctx.chain, height: c.height, blockId: c.blockId, parentId: c.parentId, blockType: PLATFORM_BLOCK_TYPE_NAMES[c.blockType],
      timestamp, size: c.size, innerSize: c.innerSize, txIds: c.txs.map((t) => t.id),
      ...(c.proposer ? {
        proposerId: c.proposer.id, proposerParentId: c.proposer.parentId,
        ...(c.proposer.nodeId ? { proposerNodeId: c.proposer.nodeId } : {}),
        ...(c.proposer.pChainHeight !== undefined ? { proposerPChainHeight: c.proposer.pChainHeight } : {}),
        ...(c.proposer.timestamp !== undefined ? { proposerTimestamp: c.proposer.timestamp } : {}),
      } : {}),
      ...(sourced.acceptedAt !== undefined ? { acceptedAt: sourced.acceptedAt } : {}),
    });
    const outcome = c.blockType === 'banff-proposal' || c.blockType === 'apricot-proposal' ? outcomeOf(input.blocks, blockIndex, input.nextBlock) : undefined;
    c.txs.forEach((tx, txIndex) => {
      const place: TxPlace = { chain: ctx.chain, blockchainId: ctx.blockchainId, txId: tx.id, txType: tx.unsigned.type, blockHeight: c.height, blockTimestamp: timestamp, txIndex };
      // A proposal block's last tx is its proposal: aborted, it changed nothing (a RewardValidatorTx still ends its staker).
      const isProposal = outcome !== undefined && txIndex === c.txs.length - 1;
      if (isProposal && outcome === 'abort' && tx.unsigned.type !== 'RewardValidatorTx') addAbortedTx(rows, ctx, place, c.blockId, tx);
      else addPlatformTx(rows, ctx, place, c.blockId, tx, { outcome: isProposal ? outcome : undefined, rewards: input.rewards });
    });
  });
  return rows;
}

/** A proposal tx its block's option aborted: kept as a tx of the block, without effects. */
function addAbortedTx(rows: PrimaryRows, ctx: PlatformChainContext, place: TxPlace, blockId: Uint8Array, tx: PlatformTx): void {
  const u = tx.unsigned;
  rows.txs.push({
    chain: ctx.chain, txId: tx.id, blockHeight: place.blockHeight, blockId, blockTimestamp: place.blockTimestamp, txIndex: place.txIndex,
    txType: u.type, memo: 'base' in u ? u.base.memo : new Uint8Array(0), bytes: tx.bytes, unsignedSize: tx.unsignedBytes.length, amounts: {}, details: { aborted: true },
  });
}

interface TxContext {
  outcome: 'commit' | 'abort' | undefined;
  rewards: ReadonlyMap<string, RewardLookup> | undefined;
}

function addPlatformTx(rows: PrimaryRows, ctx: PlatformChainContext, place: TxPlace, blockId: Uint8Array, tx: PlatformTx, txc: TxContext): void {
  const u = tx.unsigned;
  const details: TxDetails = {};
  const row: PrimaryTxRow = {
    chain: ctx.chain, txId: tx.id, blockHeight: place.blockHeight, blockId, blockTimestamp: place.blockTimestamp, txIndex: place.txIndex,
    txType: u.type, memo: 'base' in u ? u.base.memo : new Uint8Array(0), bytes: tx.bytes, unsignedSize: tx.unsignedBytes.length, amounts: {}, details,
  };
  const involved: Uint8Array[] = [];
  const consumed = new AssetSums();
  const value = new AssetSums();
  const staked = new AssetSums();
  const l1Burned = new AssetSums();

  // Inputs: the base inputs, then imported ones (from shared memory).
  if ('base' in u) {
    let inputIndex = 0;
    for (const input of u.base.inputs) {
      rows.spends.push(spendRowOf(place, input, inputIndex++, ctx.blockchainId));
      consumed.add(input.assetId, input.amount);
    }
    if (u.type === 'ImportTx') {
      row.sourceChain = u.sourceChain;
      for (const input of u.importedInputs) {
        rows.spends.push(spendRowOf(place, input, inputIndex++, u.sourceChain));
        consumed.add(input.assetId, input.amount);
      }
    }
  }

  // Outputs: base outputs, then stake or exported outputs numbered after them.
  const created: CreatedOutput[] = [];
  if ('base' in u) {
    u.base.outputs.forEach((o, i) => created.push({ outputIndex: i, assetId: o.assetId, output: o.output, consumableOn: ctx.blockchainId }));
    const after = u.base.outputs.length;
    if (u.type === 'ExportTx') {
      row.destinationChain = u.destinationChain;
      u.exportedOutputs.forEach((o, i) => created.push({ outputIndex: after + i, assetId: o.assetId, output: o.output, consumableOn: u.destinationChain }));
    }
    const stake = stakeOf(u);
    if (stake) {
      const period = stakingPeriod(u, place.blockTimestamp);
      stake.forEach((o, i) => {
        created.push({ outputIndex: after + i, assetId: o.assetId, output: o.output, consumableOn: ctx.blockchainId, staked: period });
        staked.add(o.assetId, o.output.amount);
      });
    }
  }
  for (const o of created) {
    rows.utxos.push(utxoRowOf(place, o));
    involved.push(...o.output.owners.addresses);
    if (!o.staked) value.add(o.assetId, o.output.amount);
  }

  switch (u.type) {
    case 'AddValidatorTx':
    case 'AddDelegatorTx':
    case 'AddPermissionlessValidatorTx':
    case 'AddPermissionlessDelegatorTx':
    case 'AddSubnetValidatorTx':
    case 'AddAutoRenewedValidatorTx': {
      const staker = stakerOf(ctx.chain, place, u, false);
      rows.stakers.push(staker);
      row.nodeId = staker.nodeId;
      row.subnetId = staker.subnetId;
      // The effective period (the node's startTime), not the tx's field: since Durango the validation starts
      // at the accepting block's time, usually a second or two after the field a wallet filled in.
      if (u.type !== 'AddAutoRenewedValidatorTx') {
        row.startTime = staker.startTime;
        row.endTime = staker.endTime;
      }
      row.weight = staker.weight;
      if (staker.delegationShares !== undefined) row.delegationShares = staker.delegationShares;
      if (staker.rewardOwner) details.rewardOwner = staker.rewardOwner;
      if (staker.delegationRewardOwner) details.delegationRewardOwner = staker.delegationRewardOwner;
      if (staker.bls) details.bls = staker.bls;
      involved.push(...(staker.rewardOwner?.addresses ?? []), ...(staker.delegationRewardOwner?.addresses ?? []));
      break;
    }
    case 'RemoveSubnetValidatorTx':
      row.nodeId = u.nodeId;
      row.subnetId = u.subnetId;
      rows.stakerEnds.push({ chain: ctx.chain, removed: { nodeId: u.nodeId, subnetId: u.subnetId }, kind: 'removed', txId: tx.id, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp });
      break;
    case 'RewardValidatorTx':
      addReward(rows, ctx, place, row, u.stakingTxId, txc, involved);
      break;
    case 'RewardAutoRenewedValidatorTx':
      row.stakingTxId = u.stakingTxId;
      details.time = u.timestamp;
      break;
    case 'SetAutoRenewedValidatorConfigTx':
      row.stakingTxId = u.stakingTxId;
      break;
    case 'AdvanceTimeTx':
      details.time = u.time;
      break;
    case 'CreateSubnetTx':
      row.subnetId = tx.id;
      details.subnetOwner = u.owner;
      involved.push(...u.owner.addresses);
      rows.subnets.push({ chain: ctx.chain, subnetId: tx.id, blockHeight: place.blockHeight, txIndex: place.txIndex, blockTimestamp: place.blockTimestamp, owner: u.owner });
      break;
    case 'TransferSubnetOwnershipTx':
      row.subnetId = u.subnetId;
      details.subnetOwner = u.owner;
      involved.push(...u.owner.addresses);
      rows.subnetChanges.push({ chain: ctx.chain, subnetId: u.subnetId, txId: tx.id, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp, owner: u.owner });
      break;
    case 'CreateChainTx':
      row.subnetId = u.subnetId;
      details.blockchain = { blockchainId: tx.id, subnetId: u.subnetId, name: u.chainName, vmId: u.vmId, fxIds: u.fxIds };
      rows.blockchains.push(blockchainRowOf(ctx.chain, tx.id, u, place.blockHeight, place.blockTimestamp, false));
      break;
    case 'TransformSubnetTx':
      row.subnetId = u.subnetId;
      details.assetId = u.assetId;
      break;
    case 'ConvertSubnetToL1Tx': {
      row.subnetId = u.subnetId;
      details.l1Manager = { blockchainId: u.chainId, address: u.address };
      const validators: L1ValidatorDetail[] = u.validators.map((v, i) => ({
        validationId: conversionValidationId(u.subnetId, i), nodeId: v.nodeId, subnetId: u.subnetId, weight: v.weight, balance: v.balance,
        blsPublicKey: v.signer.publicKey, proofOfPossession: v.signer.proofOfPossession,
        remainingBalanceOwner: v.remainingBalanceOwner, deactivationOwner: v.deactivationOwner,
      }));
      details.l1Validators = validators;
      const conversionId = conversionIdOf(u.subnetId, u.chainId, u.address, u.validators.map((v) => ({ nodeId: v.nodeId, blsPublicKey: v.signer.publicKey, weight: v.weight })));
      rows.subnetChanges.push({
        chain: ctx.chain, subnetId: u.subnetId, txId: tx.id, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp,
        conversion: { conversionId, managerChainId: u.chainId, managerAddress: u.address },
      });
      for (const v of validators) addL1Validator(rows, place, v);
      u.validators.forEach((v) => {
        l1Burned.add(ctx.avaxAssetId, v.balance);
        involved.push(...v.remainingBalanceOwner.addresses, ...v.deactivationOwner.addresses);
      });
      break;
    }
    case 'RegisterL1ValidatorTx': {
      l1Burned.add(ctx.avaxAssetId, u.balance);
      const message = safeL1Message(u.message);
      if (message?.type === 'RegisterL1Validator') {
        row.subnetId = message.subnetId;
        row.weight = message.weight;
        details.expiry = message.expiry;
        const v: L1ValidatorDetail = {
          validationId: message.validationId, nodeId: message.nodeId, subnetId: message.subnetId, weight: message.weight, balance: u.balance,
          blsPublicKey: message.blsPublicKey, proofOfPossession: u.proofOfPossession,
          remainingBalanceOwner: message.remainingBalanceOwner, deactivationOwner: message.disableOwner,
        };
        details.l1Validators = [v];
        addL1Validator(rows, place, v);
        involved.push(...message.remainingBalanceOwner.addresses, ...message.disableOwner.addresses);
      }
      break;
    }
    case 'SetL1ValidatorWeightTx': {
      const message = safeL1Message(u.message);
      if (message?.type === 'L1ValidatorWeight') {
        row.weight = message.weight;
        details.l1Validators = [{ validationId: message.validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0), weight: message.weight, nonce: message.nonce }];
        rows.l1Changes.push({ chain: ctx.chain, validationId: message.validationId, txId: tx.id, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp, kind: 'weight', weight: message.weight, nonce: message.nonce });
        rows.l1ValidationTxs.push(l1TxOf(place, message.validationId));
      }
      break;
    }
    case 'IncreaseL1ValidatorBalanceTx':
      l1Burned.add(ctx.avaxAssetId, u.balance);
      details.l1Validators = [{ validationId: u.validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0), balance: u.balance }];
      rows.l1Changes.push({ chain: ctx.chain, validationId: u.validationId, txId: tx.id, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp, kind: 'balance', balanceIncrease: u.balance });
      rows.l1ValidationTxs.push(l1TxOf(place, u.validationId));
      break;
    case 'DisableL1ValidatorTx':
      details.l1Validators = [{ validationId: u.validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0) }];
      rows.l1Changes.push({ chain: ctx.chain, validationId: u.validationId, txId: tx.id, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp, kind: 'disable' });
      rows.l1ValidationTxs.push(l1TxOf(place, u.validationId));
      break;
    default:
      break;
  }

  const amounts: TxAmounts = { value: value.list(), burned: consumed.minus(value, staked, l1Burned).list(), staked: staked.list(), l1Burned: l1Burned.list() };
  row.amounts = amounts;
  rows.txs.push(row);
  rows.addressTxs.push(...addressTxsOf(place, involved));
}

function safeL1Message(warp: Uint8Array): L1Message | undefined {
  try {
    return l1MessageOfWarp(warp);
  } catch {
    return undefined;
  }
}

function l1TxOf(place: TxPlace, validationId: Uint8Array) {
  return { chain: place.chain, validationId, blockHeight: place.blockHeight, txIndex: place.txIndex, txId: place.txId, txType: place.txType, blockTimestamp: place.blockTimestamp };
}

function addL1Validator(rows: PrimaryRows, place: TxPlace, v: L1ValidatorDetail): void {
  rows.l1Validators.push({
    chain: place.chain, validationId: v.validationId, subnetId: v.subnetId, nodeId: v.nodeId, weight: v.weight ?? 0n, balance: v.balance ?? 0n,
    blsPublicKey: v.blsPublicKey ?? new Uint8Array(48), ...(v.proofOfPossession ? { proofOfPossession: v.proofOfPossession } : {}),
    remainingBalanceOwner: v.remainingBalanceOwner ?? EMPTY_OWNERS, deactivationOwner: v.deactivationOwner ?? EMPTY_OWNERS,
    createdTxId: place.txId, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp,
  });
  rows.l1ValidationTxs.push(l1TxOf(place, v.validationId));
}

const EMPTY_OWNERS: Owners = { locktime: 0n, threshold: 0, addresses: [] };

function stakeOf(u: PlatformUnsignedTx): TransferableOutput[] | undefined {
  return 'stake' in u ? u.stake : undefined;
}

/**
 * When a staker actually stakes: post-Durango the P-chain starts it at once (the tx's start time is ignored),
 * before that at its start time, which was never before the block's. So the later of the two, and for
 * auto-renewed validators the block time plus the period. The node's getCurrentValidators corrects the rare
 * post-Durango tx whose start time lies ahead (see the snapshots).
 */
export function stakingPeriod(u: PlatformUnsignedTx, blockTime: bigint): { start: bigint; end: bigint } {
  if (u.type === 'AddAutoRenewedValidatorTx') return { start: blockTime, end: blockTime + u.period };
  if ('validator' in u) return { start: u.validator.startTime > blockTime ? u.validator.startTime : blockTime, end: u.validator.endTime };
  return { start: blockTime, end: blockTime };
}

/** The staker a staking tx adds. `genesis` for txs known from the node's APIs rather than from a block. */
export function stakerOf(chain: number, place: Pick<TxPlace, 'txId' | 'blockHeight' | 'blockTimestamp' | 'txIndex'>, u: PlatformUnsignedTx, genesis: boolean): StakerRow {
  const period = stakingPeriod(u, place.blockTimestamp);
  const base = { chain, txId: place.txId, txType: u.type, startTime: period.start, endTime: period.end, blockHeight: place.blockHeight, txIndex: place.txIndex, blockTimestamp: place.blockTimestamp, genesis };
  const sum = (outs: TransferableOutput[]) => outs.reduce((n, o) => n + o.output.amount, 0n);
  switch (u.type) {
    case 'AddValidatorTx':
      return { ...base, kind: 'validator', nodeId: u.validator.nodeId, subnetId: PRIMARY_NETWORK_ID, weight: u.validator.weight, delegationShares: u.shares, rewardOwner: u.rewardsOwner, delegationRewardOwner: u.rewardsOwner };
    case 'AddDelegatorTx':
      return { ...base, kind: 'delegator', nodeId: u.validator.nodeId, subnetId: PRIMARY_NETWORK_ID, weight: u.validator.weight, rewardOwner: u.rewardsOwner };
    case 'AddSubnetValidatorTx':
      return { ...base, kind: 'subnet-validator', nodeId: u.validator.nodeId, subnetId: u.subnetId, weight: u.validator.weight };
    case 'AddPermissionlessValidatorTx':
      return {
        ...base, kind: 'validator', nodeId: u.validator.nodeId, subnetId: u.subnetId, weight: u.validator.weight, delegationShares: u.shares,
        rewardOwner: u.validatorRewardsOwner, delegationRewardOwner: u.delegatorRewardsOwner, ...(u.signer ? { bls: u.signer } : {}),
      };
    case 'AddPermissionlessDelegatorTx':
      return { ...base, kind: 'delegator', nodeId: u.validator.nodeId, subnetId: u.subnetId, weight: u.validator.weight, rewardOwner: u.rewardsOwner };
    case 'AddAutoRenewedValidatorTx':
      return {
        ...base, kind: 'auto-renewed-validator', nodeId: u.nodeId, subnetId: PRIMARY_NETWORK_ID, weight: sum(u.stake), delegationShares: u.shares,
        rewardOwner: u.validatorRewardsOwner, delegationRewardOwner: u.delegatorRewardsOwner, ...(u.signer ? { bls: u.signer } : {}),
      };
    default:
      throw new Error(`${u.type} adds no staker`);
  }
}

export function isStakingTx(u: PlatformUnsignedTx): boolean {
  return STAKING_TYPES.has(u.type) || u.type === 'AddSubnetValidatorTx';
}

export function stakerKindOf(u: PlatformUnsignedTx): StakerKind | undefined {
  return isStakingTx(u) ? stakerOf(0, { txId: new Uint8Array(32), blockHeight: 0n, blockTimestamp: 0n, txIndex: 0 }, u, false).kind : undefined;
}

/** The stake outputs of a staking tx known only from the node (a genesis validator): UTXOs once the stake returns. */
export function knownStakeUtxos(ctx: PlatformChainContext, tx: PlatformTx, staker: StakerRow): UtxoRow[] {
  const u = tx.unsigned;
  const stake = stakeOf(u);
  if (!stake || !('base' in u)) return [];
  const place: TxPlace = { chain: ctx.chain, blockchainId: ctx.blockchainId, txId: tx.id, txType: u.type, blockHeight: staker.blockHeight, blockTimestamp: staker.blockTimestamp, txIndex: staker.txIndex };
  const after = u.base.outputs.length;
  return stake.map((o, i) => utxoRowOf(place, { outputIndex: after + i, assetId: o.assetId, output: o.output, consumableOn: ctx.blockchainId, staked: { start: staker.startTime, end: staker.endTime } }));
}

function addReward(rows: PrimaryRows, ctx: PlatformChainContext, place: TxPlace, row: PrimaryTxRow, stakingTxId: Uint8Array, txc: TxContext, involved: Uint8Array[]): void {
  row.stakingTxId = stakingTxId;
  const lookup = txc.rewards?.get(hexKey(stakingTxId));
  const stakingTx = lookup?.stakingTx;
  const u = stakingTx?.unsigned;
  if (stakingTx && u && isStakingTx(u)) {
    // The staking tx may be in the genesis (or before the indexed range): stored unless already there.
    const staker = stakerOf(ctx.chain, { txId: stakingTx.id, blockHeight: 0n, blockTimestamp: 'validator' in u ? u.validator.startTime : 0n, txIndex: 0 }, u, true);
    rows.known.stakers.push(staker);
    rows.known.utxos.push(...knownStakeUtxos(ctx, stakingTx, staker));
    row.nodeId = staker.nodeId;
    row.subnetId = staker.subnetId;
  }
  let validationReward = 0n;
  let delegationFees = 0n;
  let delegatorReward = 0n;
  const utxos = [...(lookup?.rewardUtxos ?? [])].sort((a, b) => a.outputIndex - b.outputIndex);
  const value = new AssetSums();
  let validatorRewardSeen = false;
  for (const r of utxos) {
    const type = rewardTypeOf(u, r.output.owners, validatorRewardSeen);
    if (type === 'VALIDATOR') validatorRewardSeen = true;
    if (type === 'VALIDATOR') validationReward += r.output.amount;
    else if (type === 'VALIDATOR_FEE') delegationFees += r.output.amount;
    else delegatorReward += r.output.amount;
    rows.utxos.push(utxoRowOf(place, { outputIndex: r.outputIndex, assetId: r.assetId, output: r.output, consumableOn: ctx.blockchainId }, { utxoTxId: r.txId, rewardType: type }));
    involved.push(...r.output.owners.addresses);
    value.add(r.assetId, r.output.amount);
  }
  const committed = txc.outcome === 'commit' || (txc.outcome === undefined && utxos.length > 0);
  rows.stakerEnds.push({
    chain: ctx.chain, stakingTxId, kind: committed ? 'rewarded' : 'not-rewarded', txId: place.txId, blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp,
    ...(committed && lookup?.rewardUtxosKnown !== false ? { validationReward, delegationFees, delegatorReward } : {}),
    ...(stakingTx ? {} : { stakerUnknown: true }),
  });
}

/**
 * Which reward a reward UTXO is. A validator's validation reward goes first, to its validation rewards owner;
 * what its delegators paid it follows, to its delegation rewards owner. A delegator's own reward goes to its
 * rewards owner (before Cortina its validator's cut was paid out with the same tx id, to the validator's owner).
 */
function rewardTypeOf(u: PlatformUnsignedTx | undefined, owners: Owners, validatorRewardSeen: boolean): RewardType {
  const isDelegator = u?.type === 'AddDelegatorTx' || u?.type === 'AddPermissionlessDelegatorTx';
  if (isDelegator) return 'rewardsOwner' in u && sameOwners(u.rewardsOwner, owners) ? 'DELEGATOR' : 'VALIDATOR_FEE';
  if (!validatorRewardSeen) {
    const validationOwner = u?.type === 'AddValidatorTx' ? u.rewardsOwner : u && 'validatorRewardsOwner' in u ? u.validatorRewardsOwner : undefined;
    if (!validationOwner || sameOwners(validationOwner, owners)) return 'VALIDATOR';
  }
  return 'VALIDATOR_FEE';
}

function sameOwners(a: Owners, b: Owners): boolean {
  return a.locktime === b.locktime && a.threshold === b.threshold && a.addresses.length === b.addresses.length && a.addresses.every((x, i) => sameBytes(x, b.addresses[i]!));
}

/** A CreateChainTx as a blockchain row; the genesis is parsed when it is a JSON object (EVM chains: its config.chainId). */
export function blockchainRowOf(chain: number, blockchainId: Uint8Array, u: Extract<PlatformUnsignedTx, { type: 'CreateChainTx' }>, blockHeight: bigint,
  blockTimestamp: bigint, genesis: boolean): BlockchainRow {
  const json = parseGenesis(u.genesisData);
  const evmChainId = evmChainIdOf(json);
  return {
    chain, blockchainId, subnetId: u.subnetId, name: u.chainName, vmId: u.vmId, fxIds: u.fxIds, genesisData: u.genesisData,
    ...(json ? { genesisJson: json } : {}), ...(evmChainId !== undefined ? { evmChainId } : {}), blockHeight, blockTimestamp, genesis,
  };
}

function parseGenesis(bytes: Uint8Array): Record<string, unknown> | undefined {
  if (bytes.length === 0 || bytes[0] !== 0x7b) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function evmChainIdOf(json: Record<string, unknown> | undefined): bigint | undefined {
  const config = json?.config;
  if (typeof config !== 'object' || config === null) return undefined;
  const id = (config as Record<string, unknown>).chainId;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return BigInt(id);
  if (typeof id === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(id)) return BigInt(id);
  return undefined;
}
