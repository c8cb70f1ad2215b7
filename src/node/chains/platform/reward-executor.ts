import { bytesToHex } from '../../../lib/hex.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { splitReward } from './reward.js';
import { TxError } from './spend.js';
import { PRIORITY, type StateDiff, type StateView, type Staker } from './state.js';
import { TYPE, type Output, type Owners, type SignedTx } from './tx-codec.js';
import type { Utxo } from './utxo.js';

/**
 * RewardValidatorTx (proposalTxExecutor.RewardValidatorTx): the first current staker, whose end time is the
 * chain time, leaves the staker set; its stake comes back as UTXOs on both paths, the reward only on commit,
 * and on abort the supply minted for its potential reward is taken back.
 */
export interface RewardOutcome {
  staker: Staker;
  /** Reward UTXOs created on each path (getRewardUTXOs). */
  commitRewards: Utxo[];
  abortRewards: Utxo[];
}

function outputFor(amount: bigint, owner: Owners): Output {
  const bytes = new LinearWriter(24 + owner.bytes.length).u32(TYPE.TRANSFER_OUTPUT).u64(amount).raw(owner.bytes.subarray(4)).finish();
  return { amount, owners: owner, stakeableLocktime: 0n, bytes };
}

/** The staker the next RewardValidatorTx must remove, if its time has come. */
export function nextStakerToReward(view: StateView): Staker | undefined {
  const first = view.stakers()[0];
  if (!first || first.endTime !== view.timestamp || first.priority === PRIORITY.subnetPermissionedValidator) return undefined;
  return first;
}

export function executeRewardValidatorTx(
  view: StateView,
  commit: StateDiff,
  abort: StateDiff,
  stakerTxId: Uint8Array,
  lookupTx: (txId: Uint8Array) => SignedTx | undefined,
  avaxAssetId: Uint8Array,
): RewardOutcome {
  const staker = view.stakers()[0];
  if (!staker) throw new TxError('failed to get next staker to remove: not found');
  if (bytesToHex(staker.txId) !== bytesToHex(stakerTxId)) throw new TxError('attempting to remove wrong staker');
  if (staker.endTime !== view.timestamp) throw new TxError('attempting to remove staker before their end time');
  const stx = lookupTx(staker.txId);
  if (!stx) throw new TxError('failed to get next removed staker tx: not found');
  const u = stx.unsigned;
  if (u.kind !== 'AddPermissionlessValidatorTx' && u.kind !== 'AddPermissionlessDelegatorTx' && u.kind !== 'AddValidatorTx' && u.kind !== 'AddDelegatorTx') {
    throw new TxError('unexpected staker transaction type');
  }

  const outputsLen = u.base.outs.length;
  for (const d of [commit, abort]) {
    u.stake.forEach((o, i) => d.addUtxo({ txId: staker.txId, outputIndex: outputsLen + i, assetId: o.assetId, output: o.output }));
  }
  const base = outputsLen + u.stake.length;
  const commitRewards: Utxo[] = [];
  const abortRewards: Utxo[] = [];
  const mint = (list: Utxo[], d: StateDiff, amount: bigint, owner: Owners, index: number) => {
    const utxo: Utxo = { txId: staker.txId, outputIndex: index, assetId: avaxAssetId, output: outputFor(amount, owner) };
    d.addUtxo(utxo);
    list.push(utxo);
  };

  if (u.kind === 'AddPermissionlessValidatorTx' || u.kind === 'AddValidatorTx') {
    const validationOwner = u.kind === 'AddValidatorTx' ? u.rewardsOwner : u.validatorRewardsOwner;
    const delegationOwner = u.kind === 'AddValidatorTx' ? u.rewardsOwner : u.delegatorRewardsOwner;
    let offset = 0;
    if (staker.potentialReward > 0n) {
      mint(commitRewards, commit, staker.potentialReward, validationOwner, base);
      offset++;
    }
    const delegateeReward = view.delegateeReward(staker.subnetId, staker.nodeId);
    if (delegateeReward > 0n) {
      mint(commitRewards, commit, delegateeReward, delegationOwner, base + offset);
      mint(abortRewards, abort, delegateeReward, delegationOwner, base);
      commit.setDelegateeReward(staker.subnetId, staker.nodeId, 0n);
      abort.setDelegateeReward(staker.subnetId, staker.nodeId, 0n);
    }
    commit.deleteStaker(staker);
    abort.deleteStaker(staker);
  } else {
    const validator = view.getValidator(staker.subnetId, staker.nodeId);
    const vtx = validator && lookupTx(validator.txId);
    if (!validator || !vtx || (vtx.unsigned.kind !== 'AddPermissionlessValidatorTx' && vtx.unsigned.kind !== 'AddValidatorTx')) throw new TxError('wrong transaction type');
    const [delegateeReward, delegatorReward] = splitReward(staker.potentialReward, vtx.unsigned.shares);
    if (delegatorReward > 0n) mint(commitRewards, commit, delegatorReward, u.rewardsOwner, base);
    if (delegateeReward > 0n) {
      // Post-Cortina the validator's cut accrues and is paid when the validator itself is rewarded.
      commit.setDelegateeReward(staker.subnetId, staker.nodeId, view.delegateeReward(staker.subnetId, staker.nodeId) + delegateeReward);
    }
    commit.deleteStaker(staker);
    abort.deleteStaker(staker);
  }
  abort.supply -= staker.potentialReward;
  return { staker, commitRewards, abortRewards };
}
