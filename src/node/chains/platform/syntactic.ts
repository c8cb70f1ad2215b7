import { bls12_381 } from '@noble/curves/bls12-381.js';
import { compareBytes } from '../../../lib/bytes.js';
import { verifyProofOfPossession as checkProofOfPossession } from '../../../codec/warp/bls.js';
import { TxError } from './spend.js';
import type { BaseFields, BlsSigner, ConvertValidator, Owners, TransferableInput, TransferableOutput, UnsignedTx } from './tx-codec.js';

/** Per-tx well-formedness checks (each tx's SyntacticVerify in vms/platformvm/txs), with AvalancheGo's messages. */
export interface ChainContext { networkId: number; chainId: Uint8Array }

const MAX_MEMO = 256;
const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

export function verifyOwners(o: Pick<Owners, 'threshold' | 'addresses'>): void {
  if (o.threshold > o.addresses.length) throw new TxError('output is unspendable');
  if (o.threshold === 0 && o.addresses.length > 0) throw new TxError('output representation should be optimized');
  for (let i = 1; i < o.addresses.length; i++) if (compareBytes(o.addresses[i - 1]!, o.addresses[i]!) >= 0) throw new TxError('addresses not sorted and unique');
}

function verifyOutput(o: TransferableOutput): void {
  if (o.output.amount === 0n) throw new TxError('output has no value');
  verifyOwners(o.output.owners);
}

function verifyInput(i: TransferableInput): void {
  if (i.amount === 0n) throw new TxError('input has no value');
  for (let k = 1; k < i.sigIndices.length; k++) if (i.sigIndices[k]! <= i.sigIndices[k - 1]!) throw new TxError('address indices not sorted and unique');
}

function compareOutputs(a: TransferableOutput, b: TransferableOutput): number {
  return compareBytes(a.assetId, b.assetId) || compareBytes(a.output.bytes, b.output.bytes);
}

function compareInputs(a: TransferableInput, b: TransferableInput): number {
  return compareBytes(a.txId, b.txId) || a.outputIndex - b.outputIndex;
}

export function outputsSorted(outs: TransferableOutput[]): boolean {
  for (let i = 1; i < outs.length; i++) if (compareOutputs(outs[i - 1]!, outs[i]!) > 0) return false;
  return true;
}

function inputsSortedUnique(ins: TransferableInput[]): boolean {
  for (let i = 1; i < ins.length; i++) if (compareInputs(ins[i - 1]!, ins[i]!) >= 0) return false;
  return true;
}

function verifyBase(b: BaseFields, ctx: ChainContext): void {
  if (b.networkId !== ctx.networkId) throw new TxError('metadata failed verification: tx has wrong network ID');
  if (compareBytes(b.blockchainId, ctx.chainId) !== 0) throw new TxError('metadata failed verification: tx has wrong chain ID');
  if (b.memo.length > MAX_MEMO) throw new TxError(`metadata failed verification: memo exceeds maximum length: ${b.memo.length} > ${MAX_MEMO}`);
  for (const o of b.outs) wrap('output failed verification', () => verifyOutput(o));
  for (const i of b.ins) wrap('input failed verification', () => verifyInput(i));
  if (!outputsSorted(b.outs)) throw new TxError('outputs not sorted');
  if (!inputsSortedUnique(b.ins)) throw new TxError('inputs not sorted and unique');
}

function wrap(prefix: string, f: () => void, withPrefix = true): void {
  try {
    f();
  } catch (e) {
    throw new TxError(withPrefix ? `${prefix}: ${(e as Error).message}` : (e as Error).message);
  }
}

export function verifyProofOfPossession(s: BlsSigner): boolean {
  try {
    const sigs = bls12_381.longSignatures;
    const pk = bls12_381.G1.Point.fromBytes(s.publicKey);
    pk.assertValidity();
    return sigs.verify(sigs.Signature.fromBytes(s.proofOfPossession), sigs.hash(s.publicKey, POP_DST), pk);
  } catch {
    return false;
  }
}

function verifyStake(stake: TransferableOutput[], weight: bigint, label: 'validator' | 'delegator'): void {
  for (const o of stake) wrap('failed to verify output', () => verifyOutput(o));
  const asset = stake[0]!.assetId;
  let total = 0n;
  for (const o of stake) {
    total += o.output.amount;
    if (compareBytes(o.assetId, asset) !== 0) throw new TxError('multiple staked assets');
  }
  if (!outputsSorted(stake)) throw new TxError('outputs not sorted');
  if (total !== weight) {
    throw new TxError(label === 'validator' ? `validator weight mismatch: weight ${weight} != stake ${total}` : `validator weight mismatch, delegator weight ${weight} total stake weight ${total}`);
  }
}

/** secp256k1fx.Input.Verify. */
function verifySigIndices(indices: number[]): void {
  for (let k = 1; k < indices.length; k++) if (indices[k]! <= indices[k - 1]!) throw new TxError('address indices not sorted and unique');
}

/** ids.ToNodeID on a []byte node ID. */
export function nodeIdFromBytes(b: Uint8Array): Uint8Array {
  if (b.length !== 20) throw new TxError(`invalid hash length: expected 20 bytes but got ${b.length}`);
  return b;
}

/** txs.ConvertSubnetToL1Validator.Verify. */
function verifyConvertValidator(v: ConvertValidator): void {
  if (v.weight === 0n) throw new TxError('validator weight must be non-zero');
  const nodeId = nodeIdFromBytes(v.nodeId);
  if (nodeId.every((b) => b === 0)) throw new TxError('validator nodeID cannot be empty');
  wrap('', () => checkProofOfPossession(v.signer.publicKey, v.signer.proofOfPossession), false);
  verifyOwners(v.remainingBalanceOwner);
  verifyOwners(v.deactivationOwner);
}

const PRIMARY = new Uint8Array(32);
const isPrimary = (id: Uint8Array) => compareBytes(id, PRIMARY) === 0;

export function syntacticVerify(tx: UnsignedTx, ctx: ChainContext): void {
  switch (tx.kind) {
    case 'BaseTx':
    case 'CreateSubnetTx':
      verifyBase(tx.base, ctx);
      if (tx.kind === 'CreateSubnetTx') verifyOwners(tx.owner);
      return;
    case 'CreateChainTx': {
      if (isPrimary(tx.subnetId)) throw new TxError("new blockchain can't be validated by primary network");
      const name = new TextEncoder().encode(tx.chainName);
      if (name.length > 128) throw new TxError('name too long');
      if (tx.vmId.every((b) => b === 0)) throw new TxError('invalid VM ID');
      for (let i = 1; i < tx.fxIds.length; i++) if (compareBytes(tx.fxIds[i - 1]!, tx.fxIds[i]!) >= 0) throw new TxError('feature extensions IDs must be sorted and unique');
      if (tx.genesisData.length > 1024 * 1024) throw new TxError('genesis too long');
      if (!/^[A-Za-z0-9 ]*$/.test(tx.chainName)) throw new TxError('illegal name character');
      verifyBase(tx.base, ctx);
      return;
    }
    case 'ImportTx':
      if (tx.importedInputs.length === 0) throw new TxError('tx has no imported inputs');
      verifyBase(tx.base, ctx);
      for (const i of tx.importedInputs) wrap('input failed verification', () => verifyInput(i));
      if (!inputsSortedUnique(tx.importedInputs)) throw new TxError('inputs not sorted and unique');
      return;
    case 'ExportTx':
      if (tx.exportedOutputs.length === 0) throw new TxError('no export outputs');
      verifyBase(tx.base, ctx);
      for (const o of tx.exportedOutputs) wrap('output failed verification', () => verifyOutput(o));
      if (tx.exportedOutputs.some((o) => o.output.stakeableLocktime !== 0n)) throw new TxError('wrong locktime reported');
      if (!outputsSorted(tx.exportedOutputs)) throw new TxError('outputs not sorted');
      return;
    case 'AddSubnetValidatorTx':
      if (isPrimary(tx.subnetId)) throw new TxError("can't add primary network validator with AddSubnetValidatorTx");
      verifyBase(tx.base, ctx);
      return;
    case 'RemoveSubnetValidatorTx':
      if (isPrimary(tx.subnetId)) throw new TxError("can't remove primary network validator with RemoveSubnetValidatorTx");
      verifyBase(tx.base, ctx);
      return;
    case 'TransferSubnetOwnershipTx':
      if (isPrimary(tx.subnetId)) throw new TxError('cannot transfer ownership of a permissionless subnet');
      verifyBase(tx.base, ctx);
      verifyOwners(tx.owner);
      return;
    case 'AddPermissionlessValidatorTx': {
      if (tx.validator.nodeId.every((b) => b === 0)) throw new TxError('validator nodeID cannot be empty');
      if (tx.stake.length === 0) throw new TxError('no stake');
      if (tx.shares > 1_000_000) throw new TxError('a staker can only require at most 100% reward to delegate to them');
      wrap('failed to verify BaseTx', () => verifyBase(tx.base, ctx));
      wrap('failed to verify validator, signer, or rewards owners', () => {
        if (tx.validator.weight === 0n) throw new TxError('weight is 0');
        if (tx.signer && !verifyProofOfPossession(tx.signer)) throw new TxError('invalid proof of possession');
        verifyOwners(tx.validatorRewardsOwner);
        verifyOwners(tx.delegatorRewardsOwner);
      });
      const hasKey = tx.signer !== null;
      if (hasKey !== isPrimary(tx.subnetId)) throw new TxError(`invalid signer: hasKey=${hasKey} != isPrimaryNetwork=${isPrimary(tx.subnetId)}`);
      verifyStake(tx.stake, tx.validator.weight, 'validator');
      return;
    }
    case 'AddPermissionlessDelegatorTx':
      if (tx.stake.length === 0) throw new TxError('no stake');
      wrap('failed to verify BaseTx', () => verifyBase(tx.base, ctx));
      wrap('failed to verify validator or rewards owner', () => {
        if (tx.validator.weight === 0n) throw new TxError('weight is 0');
        verifyOwners(tx.rewardsOwner);
      });
      verifyStake(tx.stake, tx.validator.weight, 'delegator');
      return;
    case 'ConvertSubnetToL1Tx':
      if (isPrimary(tx.subnetId)) throw new TxError('cannot convert a permissionless subnet');
      if (tx.address.length > 4096) throw new TxError('address is too long');
      if (tx.validators.length === 0) throw new TxError('conversion must include at least one validator');
      for (let i = 1; i < tx.validators.length; i++) {
        if (compareBytes(tx.validators[i - 1]!.nodeId, tx.validators[i]!.nodeId) >= 0) throw new TxError('conversion validators must be sorted and unique');
      }
      verifyBase(tx.base, ctx);
      for (const v of tx.validators) verifyConvertValidator(v);
      verifySigIndices(tx.subnetAuth);
      return;
    case 'RegisterL1ValidatorTx':
    case 'SetL1ValidatorWeightTx':
      verifyBase(tx.base, ctx);
      return;
    case 'IncreaseL1ValidatorBalanceTx':
      if (tx.balance === 0n) throw new TxError('balance must be greater than 0');
      verifyBase(tx.base, ctx);
      return;
    case 'DisableL1ValidatorTx':
      verifyBase(tx.base, ctx);
      verifySigIndices(tx.disableAuth);
      return;
    default:
      return;
  }
}
