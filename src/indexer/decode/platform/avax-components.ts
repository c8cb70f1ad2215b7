import type { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { sha256 } from '../../../lib/hash.js';

/**
 * The pieces every primary-network tx is made of (AvalancheGo vms/components/avax, secp256k1fx, nftfx,
 * propertyfx, platformvm/stakeable), read with the linear codec. Shared by the P-chain, X-chain and C-chain
 * atomic decoders; each VM numbers the types differently, so readers take that VM's type table.
 */

export interface OutputOwners {
  locktime: bigint;
  threshold: number;
  /** 20-byte short ids. */
  addresses: Uint8Array[];
}

export type OutputKind = 'transfer' | 'mint' | 'nft-transfer' | 'nft-mint' | 'property-mint' | 'property-owned';

export interface TxOutput {
  typeId: number;
  kind: OutputKind;
  /** 0 for outputs that hold no fungible amount. */
  amount: bigint;
  owners: OutputOwners;
  /** P-chain stakeable.LockOut: the output is locked until this time. */
  stakeableLocktime?: bigint;
  groupId?: number;
  payload?: Uint8Array;
  /** `u32 typeID` + fields: what a UTXO holding this output carries. */
  bytes: Uint8Array;
}

export interface TransferableOutput {
  assetId: Uint8Array;
  output: TxOutput;
}

export interface TransferableInput {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  typeId: number;
  amount: bigint;
  sigIndices: number[];
  /** P-chain stakeable.LockIn. */
  stakeableLocktime?: bigint;
}

export interface BaseTxFields {
  networkId: number;
  blockchainId: Uint8Array;
  outputs: TransferableOutput[];
  inputs: TransferableInput[];
  memo: Uint8Array;
}

export interface Credential {
  typeId: number;
  signatures: Uint8Array[];
}

/** Type ids of one VM's codec that the shared readers need. */
export interface VmTypeIds {
  transferInput: number;
  stakeableLockIn?: number;
  transferOutput: number;
  stakeableLockOut?: number;
  mintOutput?: number;
  nftMintOutput?: number;
  nftTransferOutput?: number;
  propertyMintOutput?: number;
  propertyOwnedOutput?: number;
  credentials: ReadonlySet<number>;
}

export const PVM_TYPES: VmTypeIds = { transferInput: 5, stakeableLockIn: 21, transferOutput: 7, stakeableLockOut: 22, credentials: new Set([9]) };
export const AVM_TYPES: VmTypeIds = {
  transferInput: 5, transferOutput: 7, mintOutput: 6, nftMintOutput: 10, nftTransferOutput: 11, propertyMintOutput: 15, propertyOwnedOutput: 16,
  credentials: new Set([9, 14, 19]),
};
export const EVM_TYPES: VmTypeIds = { transferInput: 5, transferOutput: 7, credentials: new Set([9]) };

/** A `u32` count that cannot exceed what the remaining bytes could hold (each element at least `minSize` bytes). */
export function readCount(r: LinearReader, minSize: number, what: string): number {
  const n = r.u32();
  if (n * minSize > r.remaining) throw new Error(`${what}: ${n} elements cannot fit in ${r.remaining} bytes`);
  return n;
}

export function readId(r: LinearReader): Uint8Array {
  return r.fixed(32).slice();
}

export function readShortId(r: LinearReader): Uint8Array {
  return r.fixed(20).slice();
}

export function readOwnersFields(r: LinearReader): OutputOwners {
  const locktime = r.u64();
  const threshold = r.u32();
  const n = readCount(r, 20, 'addresses');
  const addresses: Uint8Array[] = [];
  for (let i = 0; i < n; i++) addresses.push(readShortId(r));
  return { locktime, threshold, addresses };
}

/** message.PChainOwner (L1 txs and warp messages): threshold and addresses, no locktime. */
export function readPChainOwner(r: LinearReader): OutputOwners {
  const threshold = r.u32();
  const n = readCount(r, 20, 'addresses');
  const addresses: Uint8Array[] = [];
  for (let i = 0; i < n; i++) addresses.push(readShortId(r));
  return { locktime: 0n, threshold, addresses };
}

/** An fx.Owner interface value: `u32 11` (secp256k1fx.OutputOwners) + fields. */
export function readOwnerInterface(r: LinearReader, outputOwnersTypeId = 11): OutputOwners {
  const typeId = r.u32();
  if (typeId !== outputOwnersTypeId) throw new Error(`unexpected owner type ID ${typeId}`);
  return readOwnersFields(r);
}

export function readSigIndices(r: LinearReader): number[] {
  const n = readCount(r, 4, 'signature indices');
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(r.u32());
  return out;
}

/** A verify.Verifiable subnet/disable authorization: `u32 typeID` (secp256k1fx.Input) + signature indices. */
export function readAuth(r: LinearReader): { typeId: number; sigIndices: number[] } {
  const typeId = r.u32();
  return { typeId, sigIndices: readSigIndices(r) };
}

/** An output interface value (typeID + fields). */
export function readOutput(r: LinearReader, t: VmTypeIds): TxOutput {
  const start = r.pos;
  const typeId = r.u32();
  let out: Omit<TxOutput, 'bytes'>;
  if (typeId === t.transferOutput) {
    const amount = r.u64();
    out = { typeId, kind: 'transfer', amount, owners: readOwnersFields(r) };
  } else if (t.stakeableLockOut !== undefined && typeId === t.stakeableLockOut) {
    const locktime = r.u64();
    const inner = readOutput(r, { ...t, stakeableLockOut: undefined });
    if (inner.kind !== 'transfer') throw new Error('stakeable.LockOut must wrap a transfer output');
    out = { typeId, kind: 'transfer', amount: inner.amount, owners: inner.owners, stakeableLocktime: locktime };
  } else if (typeId === t.mintOutput) {
    out = { typeId, kind: 'mint', amount: 0n, owners: readOwnersFields(r) };
  } else if (typeId === t.nftMintOutput) {
    const groupId = r.u32();
    out = { typeId, kind: 'nft-mint', amount: 0n, groupId, owners: readOwnersFields(r) };
  } else if (typeId === t.nftTransferOutput) {
    const groupId = r.u32();
    const payload = r.bytesField().slice();
    out = { typeId, kind: 'nft-transfer', amount: 0n, groupId, payload, owners: readOwnersFields(r) };
  } else if (typeId === t.propertyMintOutput) {
    out = { typeId, kind: 'property-mint', amount: 0n, owners: readOwnersFields(r) };
  } else if (typeId === t.propertyOwnedOutput) {
    out = { typeId, kind: 'property-owned', amount: 0n, owners: readOwnersFields(r) };
  } else {
    throw new Error(`unknown output type ID ${typeId}`);
  }
  return { ...out, bytes: r.bytes.slice(start, r.pos) };
}

export function readTransferableOutput(r: LinearReader, t: VmTypeIds): TransferableOutput {
  const assetId = readId(r);
  return { assetId, output: readOutput(r, t) };
}

export function readTransferableInput(r: LinearReader, t: VmTypeIds): TransferableInput {
  const txId = readId(r);
  const outputIndex = r.u32();
  const assetId = readId(r);
  const typeId = r.u32();
  let stakeableLocktime: bigint | undefined;
  if (t.stakeableLockIn !== undefined && typeId === t.stakeableLockIn) {
    stakeableLocktime = r.u64();
    const innerType = r.u32();
    if (innerType !== t.transferInput) throw new Error('stakeable.LockIn must wrap a transfer input');
  } else if (typeId !== t.transferInput) {
    throw new Error(`unknown input type ID ${typeId}`);
  }
  const amount = r.u64();
  const sigIndices = readSigIndices(r);
  return { txId, outputIndex, assetId, typeId, amount, sigIndices, ...(stakeableLocktime !== undefined ? { stakeableLocktime } : {}) };
}

export function readOutputs(r: LinearReader, t: VmTypeIds): TransferableOutput[] {
  const n = readCount(r, 36, 'outputs');
  const out: TransferableOutput[] = [];
  for (let i = 0; i < n; i++) out.push(readTransferableOutput(r, t));
  return out;
}

export function readInputs(r: LinearReader, t: VmTypeIds): TransferableInput[] {
  const n = readCount(r, 72, 'inputs');
  const out: TransferableInput[] = [];
  for (let i = 0; i < n; i++) out.push(readTransferableInput(r, t));
  return out;
}

export function readBaseTx(r: LinearReader, t: VmTypeIds): BaseTxFields {
  const networkId = r.u32();
  const blockchainId = readId(r);
  const outputs = readOutputs(r, t);
  const inputs = readInputs(r, t);
  const memo = r.bytesField().slice();
  return { networkId, blockchainId, outputs, inputs, memo };
}

export function readCredentials(r: LinearReader, t: VmTypeIds): Credential[] {
  const n = readCount(r, 8, 'credentials');
  const out: Credential[] = [];
  for (let i = 0; i < n; i++) {
    const typeId = r.u32();
    if (!t.credentials.has(typeId)) throw new Error(`unknown credential type ID ${typeId}`);
    const m = readCount(r, 65, 'signatures');
    const signatures: Uint8Array[] = [];
    for (let j = 0; j < m; j++) signatures.push(r.fixed(65).slice());
    out.push({ typeId, signatures });
  }
  return out;
}

/** A UTXO's input id: sha256(u64 outputIndex ‖ txID) (ids.ID.Prefix), the key AvalancheGo stores it under. */
export function utxoIdOf(txId: Uint8Array, outputIndex: number): Uint8Array {
  return sha256(new LinearWriter(40).u64(BigInt(outputIndex)).fixed(txId, 32).finish());
}

/** avax.UTXO bytes (codec version 0): `u16 0 | txID | u32 outputIndex | assetID | output`. */
export function utxoBytesOf(txId: Uint8Array, outputIndex: number, assetId: Uint8Array, outputBytes: Uint8Array): Uint8Array {
  return new LinearWriter(74 + outputBytes.length).u16(0).fixed(txId, 32).u32(outputIndex).fixed(assetId, 32).raw(outputBytes).finish();
}

/** Reads avax.UTXO bytes (as `platform.getRewardUTXOs` and `getUTXOs` return them). */
export function readUtxo(r: LinearReader, t: VmTypeIds): { txId: Uint8Array; outputIndex: number; assetId: Uint8Array; output: TxOutput } {
  const version = r.u16();
  if (version !== 0) throw new Error(`unknown codec version ${version}`);
  const txId = readId(r);
  const outputIndex = r.u32();
  const assetId = readId(r);
  return { txId, outputIndex, assetId, output: readOutput(r, t) };
}
