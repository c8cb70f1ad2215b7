import { compareBytes } from '../../../lib/bytes.js';
import { idToString, nodeIdToString } from '../../../lib/cb58.js';
import { bytesToHex } from '../../../lib/hex.js';
import { sha256 } from '../../../lib/hash.js';
import type { AtomicElement } from '../shared-memory/shared-memory.js';
import type { PlatformConfig } from './config.js';
import { toGas, txComplexity } from './fees.js';
import { executeL1Tx, isL1Tx } from './l1-executor.js';
import { calculateReward } from './reward.js';
import { TxError, verifyCredentials, verifySpendUtxos } from './spend.js';
import { PRIMARY_NETWORK_ID, PRIORITY, type StateDiff, type Staker } from './state.js';
import { syntacticVerify, type ChainContext } from './syntactic.js';
import { allInputs, allOutputs, utxoInputId, type Owners, type SignedTx, type TransferableInput } from './tx-codec.js';
import { decodeUtxo, encodeUtxo, type Utxo } from './utxo.js';

/**
 * Standard (decision) tx execution as AvalancheGo's standardTxExecutor does it post-Etna: verify on a diff,
 * then consume inputs, produce outputs and apply the tx's own effect. Errors carry AvalancheGo's messages.
 */
export interface ExecContext extends ChainContext {
  avaxAssetId: Uint8Array;
  config: PlatformConfig;
  /** Chains of the primary network other than P (atomic peers). */
  peers: Uint8Array[];
  sharedGet(peer: Uint8Array, keys: Uint8Array[]): Promise<Uint8Array[]>;
  /**
   * VerifyWarpMessages: checks a signed warp message's BLS signature against its source chain's validator set
   * at the current P-chain height (67% quorum); throws AvalancheGo's error.
   */
  verifyWarpMessage(message: Uint8Array): Promise<void>;
}

export interface AtomicRequest { peer: Uint8Array; removes: Uint8Array[]; puts: AtomicElement[] }

export interface Execution {
  atomic?: AtomicRequest;
  /** Gas the tx consumed from the block's capacity. */
  gas: bigint;
}

const isPrimary = (id: Uint8Array) => compareBytes(id, PRIMARY_NETWORK_ID) === 0;
const utxoIdString = (i: TransferableInput) => `${idToString(i.txId)}:${i.outputIndex}`;

function wrapFlow(f: () => void, prefix?: string): void {
  try {
    f();
  } catch (e) {
    throw new TxError(prefix ? `${prefix}: ${(e as Error).message}` : (e as Error).message);
  }
}

function verifyMemo(memo: Uint8Array): void {
  if (memo.length !== 0) throw new TxError(`memo exceeds maximum length: ${memo.length} > 0`);
}

/** The fee the tx must burn at this gas price. */
export function requiredFee(ctx: ExecContext, tx: SignedTx, price: bigint): { fee: bigint; gas: bigint } {
  const complexity = txComplexity(tx.unsigned);
  if (!complexity) throw new TxError('unsupported tx type');
  const gas = toGas(complexity, ctx.config.fee.weights);
  return { fee: gas * price, gas };
}

function readUtxos(diff: StateDiff, ins: TransferableInput[]): Utxo[] {
  return ins.map((i) => {
    const u = diff.getUtxo(utxoInputId(i.txId, i.outputIndex));
    if (!u) throw new TxError(`failed to read consumed UTXO ${utxoIdString(i)} due to: not found`);
    return u;
  });
}

function spend(ctx: ExecContext, diff: StateDiff, tx: SignedTx, creds: Uint8Array[][], fee: bigint, utxos?: Utxo[]): void {
  const ins = allInputs(tx.unsigned);
  const outs = allOutputs(tx.unsigned);
  const consumed = utxos ?? readUtxos(diff, ins);
  verifySpendUtxos(sha(tx), consumed, ins, outs, creds, new Map([[idToString(ctx.avaxAssetId), fee]]), diff.timestamp);
}

const hashCache = new WeakMap<SignedTx, Uint8Array>();
function sha(tx: SignedTx): Uint8Array {
  let h = hashCache.get(tx);
  if (!h) hashCache.set(tx, (h = sha256(tx.unsignedBytes)));
  return h;
}

function consumeAndProduce(diff: StateDiff, tx: SignedTx): void {
  const u = tx.unsigned;
  if (!('base' in u)) return;
  for (const i of u.base.ins) diff.consumeUtxo(utxoInputId(i.txId, i.outputIndex));
  u.base.outs.forEach((o, index) => diff.addUtxo({ txId: tx.id, outputIndex: index, assetId: o.assetId, output: o.output }));
}

/** Checks the subnet owner's signature (the last credential); returns the credentials left for the inputs. */
function verifySubnetAuth(diff: StateDiff, tx: SignedTx, subnetId: Uint8Array, sigIndices: number[]): Uint8Array[][] {
  const subnet = diff.getSubnet(subnetId);
  if (!subnet) throw new TxError('not found');
  return verifyAuthorization(diff, tx, subnet.owner, sigIndices);
}

/** verifyPoASubnetAuthorization: also refuses subnets that were converted to L1s. */
function verifyPoASubnetAuth(diff: StateDiff, tx: SignedTx, subnetId: Uint8Array, sigIndices: number[]): Uint8Array[][] {
  const creds = verifySubnetAuth(diff, tx, subnetId, sigIndices);
  if (diff.getConversion(subnetId)) throw new TxError(`"${idToString(subnetId)}" is immutable`);
  return creds;
}

function verifyAuthorization(diff: StateDiff, tx: SignedTx, owner: Owners, sigIndices: number[]): Uint8Array[][] {
  if (tx.creds.length === 0) throw new TxError('should have the same number of credentials as inputs');
  const authCred = tx.creds[tx.creds.length - 1]!;
  try {
    verifyCredentials(sha(tx), sigIndices, authCred, owner, diff.timestamp);
  } catch (e) {
    throw new TxError(`unauthorized modification: ${(e as Error).message}`);
  }
  return tx.creds.slice(0, -1);
}

function putStaker(ctx: ExecContext, diff: StateDiff, tx: SignedTx, s: Omit<Staker, 'startTime' | 'potentialReward'>, rewarded: boolean): void {
  const start = diff.timestamp;
  let potentialReward = 0n;
  if (rewarded) {
    potentialReward = calculateReward(ctx.config.reward, s.endTime - start, s.weight, diff.supply);
    diff.supply += potentialReward;
  }
  diff.putStaker({ ...s, startTime: start, potentialReward });
}

/** Verifies and executes a decision tx on `diff` at `price`; throws TxError with AvalancheGo's message. */
export async function executeStandardTx(ctx: ExecContext, diff: StateDiff, tx: SignedTx, price: bigint): Promise<Execution> {
  const u = tx.unsigned;
  const cfg = ctx.config;
  switch (u.kind) {
    case 'AddValidatorTx':
      throw new TxError('AddValidatorTx is not permitted post-Durango');
    case 'AddDelegatorTx':
      throw new TxError('AddDelegatorTx is not permitted post-Durango');
    case 'RewardValidatorTx':
    case 'AdvanceTimeTx':
    case 'Unsupported':
      throw new TxError('wrong transaction type');
    case 'RegisterL1ValidatorTx':
    case 'SetL1ValidatorWeightTx':
      try {
        await ctx.verifyWarpMessage(u.message);
      } catch (e) {
        throw new TxError(`failed verifying warp messages: ${(e as Error).message}`);
      }
      break;
    default:
      break;
  }
  syntacticVerify(u, ctx);
  verifyMemo(u.base.memo);
  const { fee, gas } = requiredFee(ctx, tx, price);
  const txId = tx.id;

  if (isL1Tx(u)) {
    executeL1Tx(diff, tx, u, fee, {
      spend: (creds, produced) => wrapFlow(() => spend(ctx, diff, tx, creds, produced)),
      consumeAndProduce: () => consumeAndProduce(diff, tx),
      poaSubnetAuth: (subnetId, sigIndices) => verifyPoASubnetAuth(diff, tx, subnetId, sigIndices),
      authorize: (owner, sigIndices) => verifyAuthorization(diff, tx, owner, sigIndices),
      avaxAssetId: ctx.avaxAssetId,
      validatorFee: cfg.validatorFee,
    });
    return { gas };
  }

  switch (u.kind) {
    case 'BaseTx':
    case 'CreateSubnetTx':
      spend(ctx, diff, tx, tx.creds, fee);
      consumeAndProduce(diff, tx);
      if (u.kind === 'CreateSubnetTx') diff.putSubnet({ id: txId, owner: u.owner, createdAt: diff.timestamp });
      return { gas };

    case 'CreateChainTx': {
      const creds = verifyPoASubnetAuth(diff, tx, u.subnetId, u.subnetAuth);
      spend(ctx, diff, tx, creds, fee);
      consumeAndProduce(diff, tx);
      diff.putChain({ id: txId, subnetId: u.subnetId, name: u.chainName, vmId: u.vmId });
      return { gas };
    }

    case 'ImportTx': {
      if (!ctx.peers.some((p) => compareBytes(p, u.sourceChain) === 0)) throw new TxError('same subnet check failed: source chain is not in the primary network');
      const keys = u.importedInputs.map((i) => utxoInputId(i.txId, i.outputIndex));
      let raw: Uint8Array[];
      try {
        raw = await ctx.sharedGet(u.sourceChain, keys);
      } catch (e) {
        throw new TxError(`failed to get shared memory: ${(e as Error).message}`);
      }
      const utxos = u.base.ins.map((i) => {
        const utxo = diff.getUtxo(utxoInputId(i.txId, i.outputIndex));
        if (!utxo) throw new TxError(`failed to get UTXO ${utxoIdString(i)}: not found`);
        return utxo;
      });
      for (const b of raw) utxos.push(decodeUtxo(b));
      spend(ctx, diff, tx, tx.creds, fee, utxos);
      consumeAndProduce(diff, tx);
      return { gas, atomic: { peer: u.sourceChain, removes: keys, puts: [] } };
    }

    case 'ExportTx': {
      if (!ctx.peers.some((p) => compareBytes(p, u.destinationChain) === 0)) throw new TxError('same subnet check failed: destination chain is not in the primary network');
      wrapFlow(() => spend(ctx, diff, tx, tx.creds, fee), 'failed verifySpend');
      consumeAndProduce(diff, tx);
      const puts = u.exportedOutputs.map((o, i): AtomicElement => {
        const utxo: Utxo = { txId, outputIndex: u.base.outs.length + i, assetId: o.assetId, output: o.output };
        return { key: utxoInputId(txId, utxo.outputIndex), value: encodeUtxo(utxo), traits: o.output.owners.addresses };
      });
      return { gas, atomic: { peer: u.destinationChain, removes: [], puts } };
    }

    case 'AddSubnetValidatorTx': {
      const duration = u.validator.end - diff.timestamp;
      if (duration < cfg.minStakeDuration) throw new TxError('staking period is too short');
      if (duration > cfg.maxStakeDuration) throw new TxError('staking period is too long');
      if (diff.getValidator(u.subnetId, u.validator.nodeId)) {
        throw new TxError(`attempted to issue duplicate validator for ${nodeIdToString(u.validator.nodeId)} on subnet ${idToString(u.subnetId)}`);
      }
      const primary = diff.getValidator(PRIMARY_NETWORK_ID, u.validator.nodeId);
      if (!primary) throw new TxError(`${nodeIdToString(u.validator.nodeId)} isn't a current or pending validator of the primary network`);
      if (!(diff.timestamp >= primary.startTime && u.validator.end <= primary.endTime)) {
        throw new TxError('proposed staking period is not inside dependent staking period');
      }
      const creds = verifyPoASubnetAuth(diff, tx, u.subnetId, u.subnetAuth);
      wrapFlow(() => spend(ctx, diff, tx, creds, fee), 'flow check failed');
      diff.putStaker({ txId, nodeId: u.validator.nodeId, subnetId: u.subnetId, weight: u.validator.weight, startTime: diff.timestamp, endTime: u.validator.end, potentialReward: 0n, priority: PRIORITY.subnetPermissionedValidator });
      consumeAndProduce(diff, tx);
      return { gas };
    }

    case 'RemoveSubnetValidatorTx': {
      const v = diff.getValidator(u.subnetId, u.nodeId);
      if (!v) throw new TxError(`${nodeIdToString(u.nodeId)} isn't a current or pending validator of ${idToString(u.subnetId)}: not found`);
      if (v.priority !== PRIORITY.subnetPermissionedValidator) throw new TxError('attempting to remove permissionless validator');
      const creds = verifySubnetAuth(diff, tx, u.subnetId, u.subnetAuth);
      wrapFlow(() => spend(ctx, diff, tx, creds, fee), 'flow check failed');
      diff.deleteStaker(v);
      consumeAndProduce(diff, tx);
      return { gas };
    }

    case 'TransferSubnetOwnershipTx': {
      const creds = verifySubnetAuth(diff, tx, u.subnetId, u.subnetAuth);
      wrapFlow(() => spend(ctx, diff, tx, creds, fee), 'flow check failed');
      const subnet = diff.getSubnet(u.subnetId)!;
      diff.putSubnet({ ...subnet, owner: u.owner });
      consumeAndProduce(diff, tx);
      return { gas };
    }

    case 'AddPermissionlessValidatorTx': {
      if (!isPrimary(u.subnetId)) throw new TxError('permissionless subnets are not supported on this devnet');
      const duration = u.validator.end - diff.timestamp;
      const asset = u.stake[0]!.assetId;
      if (u.validator.weight < cfg.minValidatorStake) throw new TxError('weight of this validator is too low');
      if (u.validator.weight > cfg.maxValidatorStake) throw new TxError('weight of this validator is too large');
      if (u.shares < cfg.minDelegationFee) throw new TxError('staker charges an insufficient delegation fee');
      if (duration < cfg.minStakeDuration) throw new TxError('staking period is too short');
      if (duration > cfg.maxStakeDuration) throw new TxError('staking period is too long');
      if (compareBytes(asset, ctx.avaxAssetId) !== 0) throw new TxError(`incorrect staked assetID: ${idToString(ctx.avaxAssetId)} != ${idToString(asset)}`);
      if (diff.getValidator(u.subnetId, u.validator.nodeId)) throw new TxError(`duplicate validator: ${nodeIdToString(u.validator.nodeId)} on ${idToString(u.subnetId)}`);
      wrapFlow(() => spend(ctx, diff, tx, tx.creds, fee), 'flow check failed');
      putStaker(ctx, diff, tx, { txId, nodeId: u.validator.nodeId, subnetId: u.subnetId, weight: u.validator.weight, endTime: u.validator.end, priority: PRIORITY.primaryValidator }, true);
      consumeAndProduce(diff, tx);
      return { gas };
    }

    case 'AddPermissionlessDelegatorTx': {
      if (!isPrimary(u.subnetId)) throw new TxError('permissionless subnets are not supported on this devnet');
      const start = diff.timestamp;
      const duration = u.validator.end - start;
      const asset = u.stake[0]!.assetId;
      if (u.validator.weight < cfg.minDelegatorStake) throw new TxError('weight of this validator is too low');
      if (duration < cfg.minStakeDuration) throw new TxError('staking period is too short');
      if (duration > cfg.maxStakeDuration) throw new TxError('staking period is too long');
      if (compareBytes(asset, ctx.avaxAssetId) !== 0) throw new TxError(`incorrect staked assetID: ${idToString(ctx.avaxAssetId)} != ${idToString(asset)}`);
      const v = diff.getValidator(u.subnetId, u.validator.nodeId);
      if (!v) throw new TxError(`failed to fetch the validator for ${nodeIdToString(u.validator.nodeId)} on ${idToString(u.subnetId)}: not found`);
      let maxWeight = cfg.maxValidatorWeightFactor * v.weight;
      if (maxWeight > cfg.maxValidatorStake) maxWeight = cfg.maxValidatorStake;
      if (!(start >= v.startTime && u.validator.end <= v.endTime)) throw new TxError('proposed staking period is not inside dependent staking period');
      const key = bytesToHex(v.nodeId);
      let current = v.weight;
      for (const s of diff.stakers()) if (s.priority === PRIORITY.primaryDelegator && compareBytes(s.subnetId, v.subnetId) === 0 && bytesToHex(s.nodeId) === key) current += s.weight;
      if (current + u.validator.weight > maxWeight) throw new TxError('validator would be over delegated');
      wrapFlow(() => spend(ctx, diff, tx, tx.creds, fee), 'flow check failed');
      putStaker(ctx, diff, tx, { txId, nodeId: u.validator.nodeId, subnetId: u.subnetId, weight: u.validator.weight, endTime: u.validator.end, priority: PRIORITY.primaryDelegator }, true);
      consumeAndProduce(diff, tx);
      return { gas };
    }
  }
}
