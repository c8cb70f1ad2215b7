import { sha256 } from '../../../lib/hash.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { readPChainOwner, type PChainOwner } from '../../../codec/warp/l1-messages.js';

/**
 * P-chain txs (vms/platformvm/txs, codec version 0) decoded into plain records for verification and execution.
 * Outputs and owners keep their encoded bytes so UTXOs and stored owners re-encode exactly as they arrived.
 */
export const TYPE = {
  TRANSFER_INPUT: 5,
  TRANSFER_OUTPUT: 7,
  CREDENTIAL: 9,
  INPUT: 10,
  OUTPUT_OWNERS: 11,
  ADD_VALIDATOR: 12,
  ADD_SUBNET_VALIDATOR: 13,
  ADD_DELEGATOR: 14,
  CREATE_CHAIN: 15,
  CREATE_SUBNET: 16,
  IMPORT: 17,
  EXPORT: 18,
  ADVANCE_TIME: 19,
  REWARD_VALIDATOR: 20,
  LOCK_IN: 21,
  LOCK_OUT: 22,
  REMOVE_SUBNET_VALIDATOR: 23,
  TRANSFORM_SUBNET: 24,
  ADD_PERMISSIONLESS_VALIDATOR: 25,
  ADD_PERMISSIONLESS_DELEGATOR: 26,
  SIGNER_EMPTY: 27,
  PROOF_OF_POSSESSION: 28,
  TRANSFER_SUBNET_OWNERSHIP: 33,
  BASE: 34,
  CONVERT_SUBNET_TO_L1: 35,
  REGISTER_L1_VALIDATOR: 36,
  SET_L1_VALIDATOR_WEIGHT: 37,
  INCREASE_L1_VALIDATOR_BALANCE: 38,
  DISABLE_L1_VALIDATOR: 39,
} as const;

export interface Owners {
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
  /** `u32 11` + fields, as an owner interface value is encoded. */
  bytes: Uint8Array;
}

export interface Output {
  amount: bigint;
  owners: Owners;
  /** stakeable.LockOut locktime; 0 when the output is a plain TransferOutput. */
  stakeableLocktime: bigint;
  /** The output interface value: type ID + fields. */
  bytes: Uint8Array;
}

export interface TransferableOutput { assetId: Uint8Array; output: Output }

export interface TransferableInput {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  sigIndices: number[];
  /** Set when wrapped in stakeable.LockIn. */
  lockIn?: bigint;
}

export interface BaseFields {
  networkId: number;
  blockchainId: Uint8Array;
  outs: TransferableOutput[];
  ins: TransferableInput[];
  memo: Uint8Array;
}

export interface ValidatorFields { nodeId: Uint8Array; start: bigint; end: bigint; weight: bigint }
export interface BlsSigner { publicKey: Uint8Array; proofOfPossession: Uint8Array }

/** A ConvertSubnetToL1Tx validator (txs.ConvertSubnetToL1Validator). */
export interface ConvertValidator {
  /** []byte on the wire; 20 bytes when valid. */
  nodeId: Uint8Array;
  weight: bigint;
  balance: bigint;
  signer: BlsSigner;
  remainingBalanceOwner: PChainOwner;
  deactivationOwner: PChainOwner;
}

export type UnsignedTx =
  | { kind: 'BaseTx'; base: BaseFields }
  | { kind: 'CreateSubnetTx'; base: BaseFields; owner: Owners }
  | { kind: 'CreateChainTx'; base: BaseFields; subnetId: Uint8Array; chainName: string; vmId: Uint8Array; fxIds: Uint8Array[]; genesisData: Uint8Array; subnetAuth: number[] }
  | { kind: 'ImportTx'; base: BaseFields; sourceChain: Uint8Array; importedInputs: TransferableInput[] }
  | { kind: 'ExportTx'; base: BaseFields; destinationChain: Uint8Array; exportedOutputs: TransferableOutput[] }
  | { kind: 'AddSubnetValidatorTx'; base: BaseFields; validator: ValidatorFields; subnetId: Uint8Array; subnetAuth: number[] }
  | { kind: 'RemoveSubnetValidatorTx'; base: BaseFields; nodeId: Uint8Array; subnetId: Uint8Array; subnetAuth: number[] }
  | { kind: 'TransferSubnetOwnershipTx'; base: BaseFields; subnetId: Uint8Array; subnetAuth: number[]; owner: Owners }
  | { kind: 'AddPermissionlessValidatorTx'; base: BaseFields; validator: ValidatorFields; subnetId: Uint8Array; signer: BlsSigner | null; stake: TransferableOutput[]; validatorRewardsOwner: Owners; delegatorRewardsOwner: Owners; shares: number }
  | { kind: 'AddPermissionlessDelegatorTx'; base: BaseFields; validator: ValidatorFields; subnetId: Uint8Array; stake: TransferableOutput[]; rewardsOwner: Owners }
  | { kind: 'AddValidatorTx'; base: BaseFields; validator: ValidatorFields; stake: TransferableOutput[]; rewardsOwner: Owners; shares: number }
  | { kind: 'AddDelegatorTx'; base: BaseFields; validator: ValidatorFields; stake: TransferableOutput[]; rewardsOwner: Owners }
  | { kind: 'ConvertSubnetToL1Tx'; base: BaseFields; subnetId: Uint8Array; chainId: Uint8Array; address: Uint8Array; validators: ConvertValidator[]; subnetAuth: number[] }
  | { kind: 'RegisterL1ValidatorTx'; base: BaseFields; balance: bigint; proofOfPossession: Uint8Array; message: Uint8Array }
  | { kind: 'SetL1ValidatorWeightTx'; base: BaseFields; message: Uint8Array }
  | { kind: 'IncreaseL1ValidatorBalanceTx'; base: BaseFields; validationId: Uint8Array; balance: bigint }
  | { kind: 'DisableL1ValidatorTx'; base: BaseFields; validationId: Uint8Array; disableAuth: number[] }
  | { kind: 'RewardValidatorTx'; txId: Uint8Array }
  | { kind: 'AdvanceTimeTx'; time: bigint }
  | { kind: 'Unsupported'; typeId: number };

export type TxKind = UnsignedTx['kind'];

export interface SignedTx {
  id: Uint8Array;
  /** Standalone signed bytes (`u16 0` ‖ unsigned ‖ credentials). */
  bytes: Uint8Array;
  /** `u16 0` ‖ unsigned: what signatures sign (sha256). */
  unsignedBytes: Uint8Array;
  unsigned: UnsignedTx;
  /** secp256k1fx credentials: 65-byte signatures each. */
  creds: Uint8Array[][];
}

function readOwnersBody(r: LinearReader): Omit<Owners, 'bytes'> {
  const locktime = r.u64();
  const threshold = r.u32();
  const addresses = r.array((rr) => rr.fixed(20).slice());
  return { locktime, threshold, addresses };
}

export function readOwnerInterface(r: LinearReader): Owners {
  const start = r.pos;
  const typeId = r.u32();
  if (typeId !== TYPE.OUTPUT_OWNERS) throw new Error(`unexpected owner type ID ${typeId}`);
  return { ...readOwnersBody(r), bytes: r.bytes.slice(start, r.pos) };
}

export function readOutput(r: LinearReader): Output {
  const start = r.pos;
  const typeId = r.u32();
  if (typeId === TYPE.TRANSFER_OUTPUT) {
    const amount = r.u64();
    const ownersStart = r.pos;
    const o = readOwnersBody(r);
    const ownersBytes = new LinearWriter(16 + o.addresses.length * 20).u32(TYPE.OUTPUT_OWNERS).raw(r.bytes.subarray(ownersStart, r.pos)).finish();
    return { amount, owners: { ...o, bytes: ownersBytes }, stakeableLocktime: 0n, bytes: r.bytes.slice(start, r.pos) };
  }
  if (typeId === TYPE.LOCK_OUT) {
    const locktime = r.u64();
    const inner = readOutput(r);
    if (inner.stakeableLocktime !== 0n) throw new Error('nested stakeable lock output');
    return { ...inner, stakeableLocktime: locktime, bytes: r.bytes.slice(start, r.pos) };
  }
  throw new Error(`unexpected output type ID ${typeId}`);
}

function readTransferableOutput(r: LinearReader): TransferableOutput {
  const assetId = r.fixed(32).slice();
  return { assetId, output: readOutput(r) };
}

function readTransferableInput(r: LinearReader): TransferableInput {
  const txId = r.fixed(32).slice();
  const outputIndex = r.u32();
  const assetId = r.fixed(32).slice();
  let typeId = r.u32();
  let lockIn: bigint | undefined;
  if (typeId === TYPE.LOCK_IN) {
    lockIn = r.u64();
    typeId = r.u32();
  }
  if (typeId !== TYPE.TRANSFER_INPUT) throw new Error(`unexpected input type ID ${typeId}`);
  const amount = r.u64();
  const sigIndices = r.array((rr) => rr.u32());
  return { txId, outputIndex, assetId, amount, sigIndices, ...(lockIn !== undefined ? { lockIn } : {}) };
}

function readBase(r: LinearReader): BaseFields {
  const networkId = r.u32();
  const blockchainId = r.fixed(32).slice();
  const outs = r.array(readTransferableOutput);
  const ins = r.array(readTransferableInput);
  const memo = r.bytesField().slice();
  return { networkId, blockchainId, outs, ins, memo };
}

function readValidator(r: LinearReader): ValidatorFields {
  return { nodeId: r.fixed(20).slice(), start: r.u64(), end: r.u64(), weight: r.u64() };
}

function readAuth(r: LinearReader): number[] {
  const typeId = r.u32();
  if (typeId !== TYPE.INPUT) throw new Error(`unexpected auth type ID ${typeId}`);
  return r.array((rr) => rr.u32());
}

function readConvertValidator(r: LinearReader): ConvertValidator {
  const nodeId = r.bytesField().slice();
  const weight = r.u64();
  const balance = r.u64();
  const signer = { publicKey: r.fixed(48).slice(), proofOfPossession: r.fixed(96).slice() };
  return { nodeId, weight, balance, signer, remainingBalanceOwner: readPChainOwner(r), deactivationOwner: readPChainOwner(r) };
}

function readUnsigned(r: LinearReader): UnsignedTx {
  const typeId = r.u32();
  switch (typeId) {
    case TYPE.BASE:
      return { kind: 'BaseTx', base: readBase(r) };
    case TYPE.CREATE_SUBNET:
      return { kind: 'CreateSubnetTx', base: readBase(r), owner: readOwnerInterface(r) };
    case TYPE.CREATE_CHAIN: {
      const base = readBase(r);
      const subnetId = r.fixed(32).slice();
      const chainName = r.str();
      const vmId = r.fixed(32).slice();
      const fxIds = r.array((rr) => rr.fixed(32).slice());
      const genesisData = r.bytesField().slice();
      return { kind: 'CreateChainTx', base, subnetId, chainName, vmId, fxIds, genesisData, subnetAuth: readAuth(r) };
    }
    case TYPE.IMPORT: {
      const base = readBase(r);
      const sourceChain = r.fixed(32).slice();
      return { kind: 'ImportTx', base, sourceChain, importedInputs: r.array(readTransferableInput) };
    }
    case TYPE.EXPORT: {
      const base = readBase(r);
      const destinationChain = r.fixed(32).slice();
      return { kind: 'ExportTx', base, destinationChain, exportedOutputs: r.array(readTransferableOutput) };
    }
    case TYPE.ADD_SUBNET_VALIDATOR: {
      const base = readBase(r);
      const validator = readValidator(r);
      const subnetId = r.fixed(32).slice();
      return { kind: 'AddSubnetValidatorTx', base, validator, subnetId, subnetAuth: readAuth(r) };
    }
    case TYPE.REMOVE_SUBNET_VALIDATOR: {
      const base = readBase(r);
      const nodeId = r.fixed(20).slice();
      const subnetId = r.fixed(32).slice();
      return { kind: 'RemoveSubnetValidatorTx', base, nodeId, subnetId, subnetAuth: readAuth(r) };
    }
    case TYPE.TRANSFER_SUBNET_OWNERSHIP: {
      const base = readBase(r);
      const subnetId = r.fixed(32).slice();
      const subnetAuth = readAuth(r);
      return { kind: 'TransferSubnetOwnershipTx', base, subnetId, subnetAuth, owner: readOwnerInterface(r) };
    }
    case TYPE.ADD_PERMISSIONLESS_VALIDATOR: {
      const base = readBase(r);
      const validator = readValidator(r);
      const subnetId = r.fixed(32).slice();
      const signerType = r.u32();
      let signer: BlsSigner | null;
      if (signerType === TYPE.SIGNER_EMPTY) signer = null;
      else if (signerType === TYPE.PROOF_OF_POSSESSION) signer = { publicKey: r.fixed(48).slice(), proofOfPossession: r.fixed(96).slice() };
      else throw new Error(`unexpected signer type ID ${signerType}`);
      const stake = r.array(readTransferableOutput);
      const validatorRewardsOwner = readOwnerInterface(r);
      const delegatorRewardsOwner = readOwnerInterface(r);
      return { kind: 'AddPermissionlessValidatorTx', base, validator, subnetId, signer, stake, validatorRewardsOwner, delegatorRewardsOwner, shares: r.u32() };
    }
    case TYPE.ADD_PERMISSIONLESS_DELEGATOR: {
      const base = readBase(r);
      const validator = readValidator(r);
      const subnetId = r.fixed(32).slice();
      const stake = r.array(readTransferableOutput);
      return { kind: 'AddPermissionlessDelegatorTx', base, validator, subnetId, stake, rewardsOwner: readOwnerInterface(r) };
    }
    case TYPE.ADD_VALIDATOR: {
      const base = readBase(r);
      const validator = readValidator(r);
      const stake = r.array(readTransferableOutput);
      const rewardsOwner = readOwnerInterface(r);
      return { kind: 'AddValidatorTx', base, validator, stake, rewardsOwner, shares: r.u32() };
    }
    case TYPE.ADD_DELEGATOR: {
      const base = readBase(r);
      const validator = readValidator(r);
      const stake = r.array(readTransferableOutput);
      return { kind: 'AddDelegatorTx', base, validator, stake, rewardsOwner: readOwnerInterface(r) };
    }
    case TYPE.CONVERT_SUBNET_TO_L1: {
      const base = readBase(r);
      const subnetId = r.fixed(32).slice();
      const chainId = r.fixed(32).slice();
      const address = r.bytesField().slice();
      const validators = r.array(readConvertValidator);
      return { kind: 'ConvertSubnetToL1Tx', base, subnetId, chainId, address, validators, subnetAuth: readAuth(r) };
    }
    case TYPE.REGISTER_L1_VALIDATOR: {
      const base = readBase(r);
      const balance = r.u64();
      const proofOfPossession = r.fixed(96).slice();
      return { kind: 'RegisterL1ValidatorTx', base, balance, proofOfPossession, message: r.bytesField().slice() };
    }
    case TYPE.SET_L1_VALIDATOR_WEIGHT:
      return { kind: 'SetL1ValidatorWeightTx', base: readBase(r), message: r.bytesField().slice() };
    case TYPE.INCREASE_L1_VALIDATOR_BALANCE: {
      const base = readBase(r);
      const validationId = r.fixed(32).slice();
      return { kind: 'IncreaseL1ValidatorBalanceTx', base, validationId, balance: r.u64() };
    }
    case TYPE.DISABLE_L1_VALIDATOR: {
      const base = readBase(r);
      const validationId = r.fixed(32).slice();
      return { kind: 'DisableL1ValidatorTx', base, validationId, disableAuth: readAuth(r) };
    }
    case TYPE.REWARD_VALIDATOR:
      return { kind: 'RewardValidatorTx', txId: r.fixed(32).slice() };
    case TYPE.ADVANCE_TIME:
      return { kind: 'AdvanceTimeTx', time: r.u64() };
    default:
      throw new Error(`unknown type ID ${typeId}`);
  }
}

/** Parses a standalone signed P-chain tx (txs.Parse); trailing bytes are an error as in the linear codec. */
export function parseSignedTx(bytes: Uint8Array): SignedTx {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== 0) throw new Error(`unknown codec version: ${version}`);
  const unsigned = readUnsigned(r);
  const unsignedEnd = r.pos;
  const creds = r.array((rr) => {
    const typeId = rr.u32();
    if (typeId !== TYPE.CREDENTIAL) throw new Error(`unexpected credential type ID ${typeId}`);
    return rr.array((r3) => r3.fixed(65).slice());
  });
  r.end();
  return { id: sha256(bytes), bytes, unsignedBytes: bytes.subarray(0, unsignedEnd), unsigned, creds };
}

/** The tx's `u32 typeID ‖ fields` for a RewardValidatorTx, signed with no credentials. */
export function encodeRewardValidatorTx(stakerTxId: Uint8Array): Uint8Array {
  return new LinearWriter(42).u16(0).u32(TYPE.REWARD_VALIDATOR).fixed(stakerTxId, 32).u32(0).finish();
}

/** avax.UTXOID.InputID: sha256(u64 outputIndex ‖ txID) (ids.ID.Prefix). */
export function utxoInputId(txId: Uint8Array, outputIndex: number): Uint8Array {
  return sha256(new LinearWriter(40).u64(BigInt(outputIndex)).fixed(txId, 32).finish());
}

/** The base inputs, then any imported ones. */
export function allInputs(tx: UnsignedTx): TransferableInput[] {
  if (!('base' in tx)) return [];
  return tx.kind === 'ImportTx' ? [...tx.base.ins, ...tx.importedInputs] : tx.base.ins;
}

/** utxo.GetInputOutputs' outputs: base outputs, then exported or staked ones. */
export function allOutputs(tx: UnsignedTx): TransferableOutput[] {
  if (!('base' in tx)) return [];
  if (tx.kind === 'ExportTx') return [...tx.base.outs, ...tx.exportedOutputs];
  if ('stake' in tx) return [...tx.base.outs, ...tx.stake];
  return tx.base.outs;
}
