import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { sha256 } from '../../lib/hash.js';

/** A validator's BLS signer in the genesis. */
export interface BlsProofOfPossession {
  /** 48-byte compressed G1 public key. */
  publicKey: Uint8Array;
  /** 96-byte compressed G2 signature over the public key (PoP DST). */
  proofOfPossession: Uint8Array;
}

/**
 * The platformvm genesis codec (vms/platformvm/genesis, block.GenesisCodec, codec version 0): only the types a
 * genesis can contain. Type ids from vms/platformvm/txs/codec.go.
 */
const TYPE = {
  TRANSFER_INPUT: 5,
  TRANSFER_OUTPUT: 7,
  SECP_INPUT: 10,
  OUTPUT_OWNERS: 11,
  ADD_VALIDATOR_TX: 12,
  CREATE_CHAIN_TX: 15,
  STAKEABLE_LOCK_OUT: 22,
  ADD_PERMISSIONLESS_VALIDATOR_TX: 25,
  SIGNER_EMPTY: 27,
  PROOF_OF_POSSESSION: 28,
} as const;

const CODEC_VERSION = 0;

export interface OutputOwners {
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
}

export interface TransferOutput {
  type: 'TransferOutput';
  amount: bigint;
  owners: OutputOwners;
}

export interface StakeableLockOut {
  type: 'StakeableLockOut';
  locktime: bigint;
  output: TransferOutput;
}

export type PlatformOutput = TransferOutput | StakeableLockOut;

export interface TransferableOutput {
  assetId: Uint8Array;
  output: PlatformOutput;
}

export interface GenesisUtxo {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  output: PlatformOutput;
  message: Uint8Array;
}

/** avax.BaseTx; genesis txs have no inputs. */
export interface GenesisBaseTx {
  networkId: number;
  blockchainId: Uint8Array;
  outputs: TransferableOutput[];
  memo: Uint8Array;
}

export interface ValidatorFields {
  nodeId: Uint8Array;
  start: bigint;
  end: bigint;
  weight: bigint;
}

export interface AddValidatorTx {
  type: 'AddValidatorTx';
  base: GenesisBaseTx;
  validator: ValidatorFields;
  stake: TransferableOutput[];
  rewardsOwner: OutputOwners;
  delegationShares: number;
}

export interface AddPermissionlessValidatorTx {
  type: 'AddPermissionlessValidatorTx';
  base: GenesisBaseTx;
  validator: ValidatorFields;
  subnetId: Uint8Array;
  /** null = signer.Empty. */
  signer: BlsProofOfPossession | null;
  stake: TransferableOutput[];
  validatorRewardsOwner: OutputOwners;
  delegatorRewardsOwner: OutputOwners;
  delegationShares: number;
}

export interface CreateChainTx {
  type: 'CreateChainTx';
  base: GenesisBaseTx;
  subnetId: Uint8Array;
  chainName: string;
  vmId: Uint8Array;
  fxIds: Uint8Array[];
  genesisData: Uint8Array;
  /** secp256k1fx.Input signature indices (empty at genesis). */
  subnetAuth: number[];
}

export type ValidatorTx = AddValidatorTx | AddPermissionlessValidatorTx;
export type GenesisTx = ValidatorTx | CreateChainTx;

export interface PlatformGenesis {
  utxos: GenesisUtxo[];
  validators: ValidatorTx[];
  chains: CreateChainTx[];
  timestamp: bigint;
  initialSupply: bigint;
  message: string;
}

// ---------------------------------------------------------------- writing

function writeOwners(w: LinearWriter, o: OutputOwners): void {
  w.u64(o.locktime).u32(o.threshold).array(o.addresses, (ww, a) => ww.fixed(a, 20));
}

function writeOutput(w: LinearWriter, out: PlatformOutput): void {
  if (out.type === 'StakeableLockOut') {
    w.u32(TYPE.STAKEABLE_LOCK_OUT).u64(out.locktime);
    writeOutput(w, out.output);
    return;
  }
  w.u32(TYPE.TRANSFER_OUTPUT).u64(out.amount);
  writeOwners(w, out.owners);
}

function writeTransferableOutput(w: LinearWriter, o: TransferableOutput): void {
  w.fixed(o.assetId, 32);
  writeOutput(w, o.output);
}

function writeBaseTx(w: LinearWriter, b: GenesisBaseTx): void {
  w.u32(b.networkId).fixed(b.blockchainId, 32);
  w.array(b.outputs, writeTransferableOutput);
  w.u32(0); // inputs
  w.bytes(b.memo);
}

function writeValidator(w: LinearWriter, v: ValidatorFields): void {
  w.fixed(v.nodeId, 20).u64(v.start).u64(v.end).u64(v.weight);
}

/** Tx (type id + unsigned fields + empty credentials), without the codec version. */
function writeTx(w: LinearWriter, tx: GenesisTx): void {
  switch (tx.type) {
    case 'AddValidatorTx':
      w.u32(TYPE.ADD_VALIDATOR_TX);
      writeBaseTx(w, tx.base);
      writeValidator(w, tx.validator);
      w.array(tx.stake, writeTransferableOutput);
      w.u32(TYPE.OUTPUT_OWNERS);
      writeOwners(w, tx.rewardsOwner);
      w.u32(tx.delegationShares);
      break;
    case 'AddPermissionlessValidatorTx':
      w.u32(TYPE.ADD_PERMISSIONLESS_VALIDATOR_TX);
      writeBaseTx(w, tx.base);
      writeValidator(w, tx.validator);
      w.fixed(tx.subnetId, 32);
      if (tx.signer === null) w.u32(TYPE.SIGNER_EMPTY);
      else w.u32(TYPE.PROOF_OF_POSSESSION).fixed(tx.signer.publicKey, 48).fixed(tx.signer.proofOfPossession, 96);
      w.array(tx.stake, writeTransferableOutput);
      w.u32(TYPE.OUTPUT_OWNERS);
      writeOwners(w, tx.validatorRewardsOwner);
      w.u32(TYPE.OUTPUT_OWNERS);
      writeOwners(w, tx.delegatorRewardsOwner);
      w.u32(tx.delegationShares);
      break;
    case 'CreateChainTx':
      w.u32(TYPE.CREATE_CHAIN_TX);
      writeBaseTx(w, tx.base);
      w.fixed(tx.subnetId, 32).str(tx.chainName).fixed(tx.vmId, 32);
      w.array(tx.fxIds, (ww, id) => ww.fixed(id, 32));
      w.bytes(tx.genesisData);
      w.u32(TYPE.SECP_INPUT).array(tx.subnetAuth, (ww, i) => ww.u32(i));
      break;
  }
  w.u32(0); // credentials
}

/** The standalone signed tx bytes (codec version + tx). */
export function encodeGenesisTx(tx: GenesisTx): Uint8Array {
  const w = new LinearWriter();
  w.u16(CODEC_VERSION);
  writeTx(w, tx);
  return w.finish();
}

/** TxID = sha256 of the signed tx bytes (platformvm txs.Tx.Initialize). */
export function genesisTxId(tx: GenesisTx): Uint8Array {
  return sha256(encodeGenesisTx(tx));
}

export function encodePlatformGenesis(g: PlatformGenesis): Uint8Array {
  const w = new LinearWriter(4096);
  w.u16(CODEC_VERSION);
  w.array(g.utxos, (ww, u) => {
    ww.fixed(u.txId, 32).u32(u.outputIndex).fixed(u.assetId, 32);
    writeOutput(ww, u.output);
    ww.bytes(u.message);
  });
  w.array(g.validators, writeTx);
  w.array(g.chains, writeTx);
  w.u64(g.timestamp).u64(g.initialSupply).str(g.message);
  return w.finish();
}

// ---------------------------------------------------------------- reading

function readOwners(r: LinearReader): OutputOwners {
  const locktime = r.u64();
  const threshold = r.u32();
  const addresses = r.array((rr) => rr.fixed(20).slice());
  return { locktime, threshold, addresses };
}

function readTransferOutputBody(r: LinearReader): TransferOutput {
  const amount = r.u64();
  return { type: 'TransferOutput', amount, owners: readOwners(r) };
}

function readOutput(r: LinearReader): PlatformOutput {
  const typeId = r.u32();
  if (typeId === TYPE.TRANSFER_OUTPUT) return readTransferOutputBody(r);
  if (typeId === TYPE.STAKEABLE_LOCK_OUT) {
    const locktime = r.u64();
    const inner = readOutput(r);
    if (inner.type !== 'TransferOutput') throw new Error('nested stakeable lock output');
    return { type: 'StakeableLockOut', locktime, output: inner };
  }
  throw new Error(`unexpected output type id ${typeId}`);
}

function readTransferableOutput(r: LinearReader): TransferableOutput {
  const assetId = r.fixed(32).slice();
  return { assetId, output: readOutput(r) };
}

function readBaseTx(r: LinearReader): GenesisBaseTx {
  const networkId = r.u32();
  const blockchainId = r.fixed(32).slice();
  const outputs = r.array(readTransferableOutput);
  if (r.u32() !== 0) throw new Error('genesis txs have no inputs');
  const memo = r.bytesField().slice();
  return { networkId, blockchainId, outputs, memo };
}

function readValidator(r: LinearReader): ValidatorFields {
  return { nodeId: r.fixed(20).slice(), start: r.u64(), end: r.u64(), weight: r.u64() };
}

function readOwnerInterface(r: LinearReader): OutputOwners {
  const typeId = r.u32();
  if (typeId !== TYPE.OUTPUT_OWNERS) throw new Error(`unexpected owner type id ${typeId}`);
  return readOwners(r);
}

function readTx(r: LinearReader): GenesisTx {
  const typeId = r.u32();
  let tx: GenesisTx;
  switch (typeId) {
    case TYPE.ADD_VALIDATOR_TX: {
      const base = readBaseTx(r);
      const validator = readValidator(r);
      const stake = r.array(readTransferableOutput);
      const rewardsOwner = readOwnerInterface(r);
      tx = { type: 'AddValidatorTx', base, validator, stake, rewardsOwner, delegationShares: r.u32() };
      break;
    }
    case TYPE.ADD_PERMISSIONLESS_VALIDATOR_TX: {
      const base = readBaseTx(r);
      const validator = readValidator(r);
      const subnetId = r.fixed(32).slice();
      const signerType = r.u32();
      let signer: BlsProofOfPossession | null;
      if (signerType === TYPE.SIGNER_EMPTY) signer = null;
      else if (signerType === TYPE.PROOF_OF_POSSESSION) signer = { publicKey: r.fixed(48).slice(), proofOfPossession: r.fixed(96).slice() };
      else throw new Error(`unexpected signer type id ${signerType}`);
      const stake = r.array(readTransferableOutput);
      const validatorRewardsOwner = readOwnerInterface(r);
      const delegatorRewardsOwner = readOwnerInterface(r);
      tx = {
        type: 'AddPermissionlessValidatorTx', base, validator, subnetId, signer, stake,
        validatorRewardsOwner, delegatorRewardsOwner, delegationShares: r.u32(),
      };
      break;
    }
    case TYPE.CREATE_CHAIN_TX: {
      const base = readBaseTx(r);
      const subnetId = r.fixed(32).slice();
      const chainName = r.str();
      const vmId = r.fixed(32).slice();
      const fxIds = r.array((rr) => rr.fixed(32).slice());
      const genesisData = r.bytesField().slice();
      const authType = r.u32();
      if (authType !== TYPE.SECP_INPUT) throw new Error(`unexpected subnet auth type id ${authType}`);
      const subnetAuth = r.array((rr) => rr.u32());
      tx = { type: 'CreateChainTx', base, subnetId, chainName, vmId, fxIds, genesisData, subnetAuth };
      break;
    }
    default:
      throw new Error(`unexpected genesis tx type id ${typeId}`);
  }
  if (r.u32() !== 0) throw new Error('genesis txs carry no credentials');
  return tx;
}

/** Parses P-chain genesis bytes (genesis.Parse); rejects trailing bytes like the linear codec. */
export function decodePlatformGenesis(bytes: Uint8Array): PlatformGenesis {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== CODEC_VERSION) throw new Error(`unknown codec version: ${version}`);
  const utxos = r.array((rr): GenesisUtxo => {
    const txId = rr.fixed(32).slice();
    const outputIndex = rr.u32();
    const assetId = rr.fixed(32).slice();
    const output = readOutput(rr);
    return { txId, outputIndex, assetId, output, message: rr.bytesField().slice() };
  });
  const validators = r.array((rr) => {
    const tx = readTx(rr);
    if (tx.type === 'CreateChainTx') throw new Error('expected a validator tx in validators but got CreateChainTx');
    return tx;
  });
  const chains = r.array((rr) => {
    const tx = readTx(rr);
    if (tx.type !== 'CreateChainTx') throw new Error(`expected CreateChainTx in chains but got ${tx.type}`);
    return tx;
  });
  const timestamp = r.u64();
  const initialSupply = r.u64();
  const message = r.str();
  r.end();
  return { utxos, validators, chains, timestamp, initialSupply, message };
}
