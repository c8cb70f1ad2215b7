import { LinearReader } from '../../../codec/linear/reader.js';
import { sha256 } from '../../../lib/hash.js';
import {
  PVM_TYPES, readAuth, readBaseTx, readCount, readCredentials, readId, readInputs, readOutputs, readOwnerInterface, readPChainOwner,
  readShortId, type BaseTxFields, type Credential, type OutputOwners, type TransferableInput, type TransferableOutput,
} from './avax-components.js';

/**
 * P-chain signed txs (vms/platformvm/txs), every type of the codec: Apricot, Banff, Durango, Etna (L1) and
 * Helicon (auto-renewed validators, not yet scheduled on any network). Input is the standalone signed tx
 * (`u16 0` ‖ unsigned ‖ credentials), as src/codec's block decoders hand them out.
 */

export interface Validator {
  nodeId: Uint8Array;
  startTime: bigint;
  endTime: bigint;
  weight: bigint;
}

export interface BlsSigner {
  publicKey: Uint8Array;
  proofOfPossession: Uint8Array;
}

export interface ConvertValidator {
  nodeId: Uint8Array;
  weight: bigint;
  balance: bigint;
  signer: BlsSigner;
  remainingBalanceOwner: OutputOwners;
  deactivationOwner: OutputOwners;
}

type Auth = { typeId: number; sigIndices: number[] };
type WithBase<K extends string, F> = { type: K; base: BaseTxFields } & F;

export type PlatformUnsignedTx =
  | WithBase<'AddValidatorTx', { validator: Validator; stake: TransferableOutput[]; rewardsOwner: OutputOwners; shares: number }>
  | WithBase<'AddSubnetValidatorTx', { validator: Validator; subnetId: Uint8Array; subnetAuth: Auth }>
  | WithBase<'AddDelegatorTx', { validator: Validator; stake: TransferableOutput[]; rewardsOwner: OutputOwners }>
  | WithBase<'CreateChainTx', { subnetId: Uint8Array; chainName: string; vmId: Uint8Array; fxIds: Uint8Array[]; genesisData: Uint8Array; subnetAuth: Auth }>
  | WithBase<'CreateSubnetTx', { owner: OutputOwners }>
  | WithBase<'ImportTx', { sourceChain: Uint8Array; importedInputs: TransferableInput[] }>
  | WithBase<'ExportTx', { destinationChain: Uint8Array; exportedOutputs: TransferableOutput[] }>
  | { type: 'AdvanceTimeTx'; time: bigint }
  | { type: 'RewardValidatorTx'; stakingTxId: Uint8Array }
  | WithBase<'RemoveSubnetValidatorTx', { nodeId: Uint8Array; subnetId: Uint8Array; subnetAuth: Auth }>
  | WithBase<'TransformSubnetTx', { subnetId: Uint8Array; assetId: Uint8Array; initialSupply: bigint; maxSupply: bigint; minConsumptionRate: bigint; maxConsumptionRate: bigint;
      minValidatorStake: bigint; maxValidatorStake: bigint; minStakeDuration: number; maxStakeDuration: number; minDelegationFee: number; minDelegatorStake: bigint;
      maxValidatorWeightFactor: number; uptimeRequirement: number; subnetAuth: Auth }>
  | WithBase<'AddPermissionlessValidatorTx', { validator: Validator; subnetId: Uint8Array; signer?: BlsSigner; stake: TransferableOutput[];
      validatorRewardsOwner: OutputOwners; delegatorRewardsOwner: OutputOwners; shares: number }>
  | WithBase<'AddPermissionlessDelegatorTx', { validator: Validator; subnetId: Uint8Array; stake: TransferableOutput[]; rewardsOwner: OutputOwners }>
  | WithBase<'TransferSubnetOwnershipTx', { subnetId: Uint8Array; subnetAuth: Auth; owner: OutputOwners }>
  | WithBase<'BaseTx', Record<never, never>>
  | WithBase<'ConvertSubnetToL1Tx', { subnetId: Uint8Array; chainId: Uint8Array; address: Uint8Array; validators: ConvertValidator[]; subnetAuth: Auth }>
  | WithBase<'RegisterL1ValidatorTx', { balance: bigint; proofOfPossession: Uint8Array; message: Uint8Array }>
  | WithBase<'SetL1ValidatorWeightTx', { message: Uint8Array }>
  | WithBase<'IncreaseL1ValidatorBalanceTx', { validationId: Uint8Array; balance: bigint }>
  | WithBase<'DisableL1ValidatorTx', { validationId: Uint8Array; disableAuth: Auth }>
  | WithBase<'AddAutoRenewedValidatorTx', { nodeId: Uint8Array; signer?: BlsSigner; stake: TransferableOutput[]; validatorRewardsOwner: OutputOwners;
      delegatorRewardsOwner: OutputOwners; validatorAuthority: OutputOwners; shares: number; autoCompoundRewardShares: number; period: bigint }>
  | WithBase<'SetAutoRenewedValidatorConfigTx', { stakingTxId: Uint8Array; auth: Auth; autoCompoundRewardShares: number; period: bigint }>
  | { type: 'RewardAutoRenewedValidatorTx'; stakingTxId: Uint8Array; timestamp: bigint };

export type PlatformTxType = PlatformUnsignedTx['type'];

export interface PlatformTx {
  id: Uint8Array;
  /** The standalone signed bytes. */
  bytes: Uint8Array;
  /** `u16 0` ‖ unsigned tx: what the credentials sign (sha256 of it). */
  unsignedBytes: Uint8Array;
  unsigned: PlatformUnsignedTx;
  credentials: Credential[];
}

export const PLATFORM_TX_TYPE_IDS: Record<PlatformTxType, number> = {
  AddValidatorTx: 12, AddSubnetValidatorTx: 13, AddDelegatorTx: 14, CreateChainTx: 15, CreateSubnetTx: 16, ImportTx: 17, ExportTx: 18,
  AdvanceTimeTx: 19, RewardValidatorTx: 20, RemoveSubnetValidatorTx: 23, TransformSubnetTx: 24, AddPermissionlessValidatorTx: 25,
  AddPermissionlessDelegatorTx: 26, TransferSubnetOwnershipTx: 33, BaseTx: 34, ConvertSubnetToL1Tx: 35, RegisterL1ValidatorTx: 36,
  SetL1ValidatorWeightTx: 37, IncreaseL1ValidatorBalanceTx: 38, DisableL1ValidatorTx: 39, AddAutoRenewedValidatorTx: 40,
  SetAutoRenewedValidatorConfigTx: 41, RewardAutoRenewedValidatorTx: 42,
};

const T = PVM_TYPES;

function readValidator(r: LinearReader): Validator {
  return { nodeId: readShortId(r), startTime: r.u64(), endTime: r.u64(), weight: r.u64() };
}

function readSigner(r: LinearReader): BlsSigner | undefined {
  const typeId = r.u32();
  if (typeId === 27) return undefined;
  if (typeId !== 28) throw new Error(`unknown signer type ID ${typeId}`);
  return { publicKey: r.fixed(48).slice(), proofOfPossession: r.fixed(96).slice() };
}

function readUnsigned(r: LinearReader): PlatformUnsignedTx {
  const typeId = r.u32();
  const base = (): BaseTxFields => readBaseTx(r, T);
  switch (typeId) {
    case 12: {
      const b = base();
      return { type: 'AddValidatorTx', base: b, validator: readValidator(r), stake: readOutputs(r, T), rewardsOwner: readOwnerInterface(r), shares: r.u32() };
    }
    case 13: {
      const b = base();
      return { type: 'AddSubnetValidatorTx', base: b, validator: readValidator(r), subnetId: readId(r), subnetAuth: readAuth(r) };
    }
    case 14: {
      const b = base();
      return { type: 'AddDelegatorTx', base: b, validator: readValidator(r), stake: readOutputs(r, T), rewardsOwner: readOwnerInterface(r) };
    }
    case 15: {
      const b = base();
      const subnetId = readId(r);
      const chainName = r.str();
      const vmId = readId(r);
      const nFx = readCount(r, 32, 'fx ids');
      const fxIds: Uint8Array[] = [];
      for (let i = 0; i < nFx; i++) fxIds.push(readId(r));
      const genesisData = r.bytesField().slice();
      return { type: 'CreateChainTx', base: b, subnetId, chainName, vmId, fxIds, genesisData, subnetAuth: readAuth(r) };
    }
    case 16: {
      const b = base();
      return { type: 'CreateSubnetTx', base: b, owner: readOwnerInterface(r) };
    }
    case 17: {
      const b = base();
      return { type: 'ImportTx', base: b, sourceChain: readId(r), importedInputs: readInputs(r, T) };
    }
    case 18: {
      const b = base();
      return { type: 'ExportTx', base: b, destinationChain: readId(r), exportedOutputs: readOutputs(r, T) };
    }
    case 19:
      return { type: 'AdvanceTimeTx', time: r.u64() };
    case 20:
      return { type: 'RewardValidatorTx', stakingTxId: readId(r) };
    case 23: {
      const b = base();
      return { type: 'RemoveSubnetValidatorTx', base: b, nodeId: readShortId(r), subnetId: readId(r), subnetAuth: readAuth(r) };
    }
    case 24: {
      const b = base();
      return {
        type: 'TransformSubnetTx', base: b, subnetId: readId(r), assetId: readId(r), initialSupply: r.u64(), maxSupply: r.u64(),
        minConsumptionRate: r.u64(), maxConsumptionRate: r.u64(), minValidatorStake: r.u64(), maxValidatorStake: r.u64(),
        minStakeDuration: r.u32(), maxStakeDuration: r.u32(), minDelegationFee: r.u32(), minDelegatorStake: r.u64(),
        maxValidatorWeightFactor: r.u8(), uptimeRequirement: r.u32(), subnetAuth: readAuth(r),
      };
    }
    case 25: {
      const b = base();
      const validator = readValidator(r);
      const subnetId = readId(r);
      const signer = readSigner(r);
      const stake = readOutputs(r, T);
      const validatorRewardsOwner = readOwnerInterface(r);
      const delegatorRewardsOwner = readOwnerInterface(r);
      return {
        type: 'AddPermissionlessValidatorTx', base: b, validator, subnetId, ...(signer ? { signer } : {}), stake,
        validatorRewardsOwner, delegatorRewardsOwner, shares: r.u32(),
      };
    }
    case 26: {
      const b = base();
      return { type: 'AddPermissionlessDelegatorTx', base: b, validator: readValidator(r), subnetId: readId(r), stake: readOutputs(r, T), rewardsOwner: readOwnerInterface(r) };
    }
    case 33: {
      const b = base();
      return { type: 'TransferSubnetOwnershipTx', base: b, subnetId: readId(r), subnetAuth: readAuth(r), owner: readOwnerInterface(r) };
    }
    case 34:
      return { type: 'BaseTx', base: base() };
    case 35: {
      const b = base();
      const subnetId = readId(r);
      const chainId = readId(r);
      const address = r.bytesField().slice();
      const n = readCount(r, 8 + 8 + 144 + 16, 'validators');
      const validators: ConvertValidator[] = [];
      for (let i = 0; i < n; i++) {
        const nodeId = r.bytesField().slice();
        const weight = r.u64();
        const balance = r.u64();
        const signer = { publicKey: r.fixed(48).slice(), proofOfPossession: r.fixed(96).slice() };
        validators.push({ nodeId, weight, balance, signer, remainingBalanceOwner: readPChainOwner(r), deactivationOwner: readPChainOwner(r) });
      }
      return { type: 'ConvertSubnetToL1Tx', base: b, subnetId, chainId, address, validators, subnetAuth: readAuth(r) };
    }
    case 36: {
      const b = base();
      return { type: 'RegisterL1ValidatorTx', base: b, balance: r.u64(), proofOfPossession: r.fixed(96).slice(), message: r.bytesField().slice() };
    }
    case 37: {
      const b = base();
      return { type: 'SetL1ValidatorWeightTx', base: b, message: r.bytesField().slice() };
    }
    case 38: {
      const b = base();
      return { type: 'IncreaseL1ValidatorBalanceTx', base: b, validationId: readId(r), balance: r.u64() };
    }
    case 39: {
      const b = base();
      return { type: 'DisableL1ValidatorTx', base: b, validationId: readId(r), disableAuth: readAuth(r) };
    }
    case 40: {
      const b = base();
      const nodeId = r.bytesField().slice();
      const signer = readSigner(r);
      const stake = readOutputs(r, T);
      const validatorRewardsOwner = readOwnerInterface(r);
      const delegatorRewardsOwner = readOwnerInterface(r);
      const validatorAuthority = readOwnerInterface(r);
      return {
        type: 'AddAutoRenewedValidatorTx', base: b, nodeId, ...(signer ? { signer } : {}), stake, validatorRewardsOwner, delegatorRewardsOwner,
        validatorAuthority, shares: r.u32(), autoCompoundRewardShares: r.u32(), period: r.u64(),
      };
    }
    case 41: {
      const b = base();
      return { type: 'SetAutoRenewedValidatorConfigTx', base: b, stakingTxId: readId(r), auth: readAuth(r), autoCompoundRewardShares: r.u32(), period: r.u64() };
    }
    case 42:
      return { type: 'RewardAutoRenewedValidatorTx', stakingTxId: readId(r), timestamp: r.u64() };
    default:
      throw new Error(`unknown P-chain tx type ID ${typeId}`);
  }
}

/** Decodes a standalone signed P-chain tx; the id is sha256 of the bytes. */
export function decodePlatformTx(bytes: Uint8Array): PlatformTx {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== 0) throw new Error(`unknown codec version ${version}`);
  const unsigned = readUnsigned(r);
  const unsignedBytes = bytes.subarray(0, r.pos);
  const credentials = readCredentials(r, T);
  r.end();
  return { id: sha256(bytes), bytes, unsignedBytes, unsigned, credentials };
}

/** Reads a tx embedded in a block (no codec version) at the reader's position; its bytes are given standalone. */
export function readEmbeddedPlatformTx(r: LinearReader): PlatformTx {
  return readEmbedded(r, (x) => {
    const unsigned = readUnsigned(x);
    const unsignedEnd = x.pos;
    return { unsigned, unsignedEnd, credentials: readCredentials(x, T) };
  });
}

/** Standalone bytes (`u16 0` ‖ embedded bytes) of what `read` consumed, with its id and unsigned part. */
export function readEmbedded<U, C>(r: LinearReader, read: (r: LinearReader) => { unsigned: U; unsignedEnd: number; credentials: C }): { id: Uint8Array; bytes: Uint8Array; unsignedBytes: Uint8Array; unsigned: U; credentials: C } {
  const start = r.pos;
  const { unsigned, unsignedEnd, credentials } = read(r);
  const bytes = new Uint8Array(2 + r.pos - start);
  bytes.set(r.bytes.subarray(start, r.pos), 2);
  return { id: sha256(bytes), bytes, unsignedBytes: bytes.subarray(0, 2 + unsignedEnd - start), unsigned, credentials };
}
