import { sha256 } from '../../../lib/hash.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';

/**
 * The X-chain's signed transactions and UTXOs (vms/avm/txs, codec version 0), parsed into typed records
 * that keep the raw bytes AvalancheGo sorts by. Type IDs as vms/avm/txs/parser.go registers them:
 * txs 0–4, secp256k1fx 5–9, nftfx 10–14, propertyfx 15–19.
 */
export const AVM_TX_MAX_SIZE = 256 * 1024;

export const FX_SECP256K1 = 0;
export const FX_NFT = 1;
export const FX_PROPERTY = 2;
export const NUM_FXS = 3;

const TYPE = {
  baseTx: 0, createAssetTx: 1, operationTx: 2, importTx: 3, exportTx: 4,
  secpTransferInput: 5, secpMintOutput: 6, secpTransferOutput: 7, secpMintOperation: 8, secpCredential: 9,
  nftMintOutput: 10, nftTransferOutput: 11, nftMintOperation: 12, nftTransferOperation: 13, nftCredential: 14,
} as const;

/** Go type names, for codec errors about an interface a type does not implement. */
const GO_TYPE: Record<number, string> = {
  0: '*txs.BaseTx', 1: '*txs.CreateAssetTx', 2: '*txs.OperationTx', 3: '*txs.ImportTx', 4: '*txs.ExportTx',
  5: '*secp256k1fx.TransferInput', 6: '*secp256k1fx.MintOutput', 7: '*secp256k1fx.TransferOutput',
  8: '*secp256k1fx.MintOperation', 9: '*secp256k1fx.Credential', 10: '*nftfx.MintOutput', 11: '*nftfx.TransferOutput',
  12: '*nftfx.MintOperation', 13: '*nftfx.TransferOperation', 14: '*nftfx.Credential',
};

export interface Owners {
  locktime: bigint;
  threshold: number;
  addrs: Uint8Array[];
}

export type AvmOutput =
  | { kind: 'secp-transfer'; amount: bigint; owners: Owners }
  | { kind: 'secp-mint'; owners: Owners }
  | { kind: 'nft-transfer'; groupId: number; payload: Uint8Array; owners: Owners }
  | { kind: 'nft-mint'; groupId: number; owners: Owners };

export interface UtxoId {
  txId: Uint8Array;
  outputIndex: number;
}

export interface TransferableOutput {
  assetId: Uint8Array;
  out: AvmOutput & { kind: 'secp-transfer' };
  /** typeID ‖ fields of `out`, what AvalancheGo compares after the asset id. */
  outBytes: Uint8Array;
}

export interface TransferableInput extends UtxoId {
  assetId: Uint8Array;
  amount: bigint;
  sigIndices: number[];
}

export type FxOperation =
  | { kind: 'secp-mint-op'; sigIndices: number[]; mintOwners: Owners; transfer: { amount: bigint; owners: Owners } }
  | { kind: 'nft-mint-op'; sigIndices: number[]; groupId: number; payload: Uint8Array; outputs: Owners[] }
  | { kind: 'nft-transfer-op'; sigIndices: number[]; output: { groupId: number; payload: Uint8Array; owners: Owners } };

export interface Operation {
  assetId: Uint8Array;
  utxoIds: UtxoId[];
  op: FxOperation;
  /** The whole operation's encoding, its sort key. */
  bytes: Uint8Array;
}

export interface InitialState {
  fxIndex: number;
  outs: AvmOutput[];
  /** Each output's typeID ‖ fields, their sort keys. */
  outBytes: Uint8Array[];
}

export interface Credential {
  fxIndex: number;
  sigs: Uint8Array[];
}

export type AvmTxKind = 'BaseTx' | 'CreateAssetTx' | 'OperationTx' | 'ImportTx' | 'ExportTx';

export interface AvmTx {
  kind: AvmTxKind;
  id: Uint8Array;
  bytes: Uint8Array;
  unsignedBytes: Uint8Array;
  networkId: number;
  blockchainId: Uint8Array;
  outs: TransferableOutput[];
  ins: TransferableInput[];
  memo: Uint8Array;
  creds: Credential[];
  /** CreateAssetTx */
  name?: string;
  symbol?: string;
  denomination?: number;
  states?: InitialState[];
  /** OperationTx */
  ops?: Operation[];
  /** ImportTx */
  sourceChain?: Uint8Array;
  importedIns?: TransferableInput[];
  /** ExportTx */
  destinationChain?: Uint8Array;
  exportedOuts?: TransferableOutput[];
}

export interface Utxo extends UtxoId {
  assetId: Uint8Array;
  out: AvmOutput;
}

/** The fx an output, operation or credential type belongs to. */
export function fxIndexOfOutput(out: AvmOutput): number {
  return out.kind === 'secp-transfer' || out.kind === 'secp-mint' ? FX_SECP256K1 : FX_NFT;
}

export function fxIndexOfOperation(op: FxOperation): number {
  return op.kind === 'secp-mint-op' ? FX_SECP256K1 : FX_NFT;
}

/** AvalancheGo's UTXOID.InputID(): sha256(u64 outputIndex ‖ txID). */
export function inputIdOf(id: UtxoId): Uint8Array {
  const buf = new Uint8Array(40);
  new DataView(buf.buffer).setBigUint64(0, BigInt(id.outputIndex));
  buf.set(id.txId, 8);
  return sha256(buf);
}

function propertyFxError(typeId: number): Error {
  return new Error(`couldn't unmarshal interface: type ID ${typeId} is a propertyfx type, which this node does not support (avalanchejs 5.2.0 cannot parse propertyfx transactions)`);
}

function readTypeId(r: LinearReader, allowed: readonly number[], iface: string): number {
  if (r.remaining < 4) throw new Error("couldn't unmarshal interface: packer has insufficient length for input");
  const typeId = r.u32();
  if (allowed.includes(typeId)) return typeId;
  if (typeId >= 15 && typeId <= 19) throw propertyFxError(typeId);
  const name = GO_TYPE[typeId];
  if (!name) throw new Error(`couldn't unmarshal interface: unknown type ID ${typeId}`);
  throw new Error(`couldn't unmarshal interface: ${name} does not implement interface ${iface}`);
}

function readOwners(r: LinearReader): Owners {
  const locktime = r.u64();
  const threshold = r.u32();
  const addrs = r.array((rr) => rr.fixed(20).slice());
  return { locktime, threshold, addrs };
}

function readU32List(r: LinearReader): number[] {
  return r.array((rr) => rr.u32());
}

/** Reads a state output (typeID + fields) at the reader. */
function readOutputBody(r: LinearReader, typeId: number): AvmOutput {
  switch (typeId) {
    case TYPE.secpTransferOutput: {
      const amount = r.u64();
      return { kind: 'secp-transfer', amount, owners: readOwners(r) };
    }
    case TYPE.secpMintOutput:
      return { kind: 'secp-mint', owners: readOwners(r) };
    case TYPE.nftTransferOutput: {
      const groupId = r.u32();
      const payload = r.bytesField().slice();
      return { kind: 'nft-transfer', groupId, payload, owners: readOwners(r) };
    }
    case TYPE.nftMintOutput: {
      const groupId = r.u32();
      return { kind: 'nft-mint', groupId, owners: readOwners(r) };
    }
    default:
      throw new Error(`couldn't unmarshal interface: unknown type ID ${typeId}`);
  }
}

const STATE_OUTPUT_TYPES = [TYPE.secpMintOutput, TYPE.secpTransferOutput, TYPE.nftMintOutput, TYPE.nftTransferOutput];

function readStateOutput(r: LinearReader): { out: AvmOutput; bytes: Uint8Array } {
  const start = r.pos;
  const typeId = readTypeId(r, STATE_OUTPUT_TYPES, 'verify.State');
  const out = readOutputBody(r, typeId);
  return { out, bytes: r.bytes.slice(start, r.pos) };
}

function readTransferableOutput(r: LinearReader): TransferableOutput {
  const assetId = r.fixed(32).slice();
  const start = r.pos;
  const typeId = readTypeId(r, [TYPE.secpTransferOutput], 'avax.TransferableOut');
  const out = readOutputBody(r, typeId) as AvmOutput & { kind: 'secp-transfer' };
  return { assetId, out, outBytes: r.bytes.slice(start, r.pos) };
}

function readTransferableInput(r: LinearReader): TransferableInput {
  const txId = r.fixed(32).slice();
  const outputIndex = r.u32();
  const assetId = r.fixed(32).slice();
  readTypeId(r, [TYPE.secpTransferInput], 'avax.TransferableIn');
  const amount = r.u64();
  const sigIndices = readU32List(r);
  return { txId, outputIndex, assetId, amount, sigIndices };
}

function readOperation(r: LinearReader): Operation {
  const start = r.pos;
  const assetId = r.fixed(32).slice();
  const utxoIds = r.array((rr) => ({ txId: rr.fixed(32).slice(), outputIndex: rr.u32() }));
  const typeId = readTypeId(r, [TYPE.secpMintOperation, TYPE.nftMintOperation, TYPE.nftTransferOperation], 'fxs.FxOperation');
  let op: FxOperation;
  if (typeId === TYPE.secpMintOperation) {
    const sigIndices = readU32List(r);
    const mintOwners = readOwners(r);
    const amount = r.u64();
    op = { kind: 'secp-mint-op', sigIndices, mintOwners, transfer: { amount, owners: readOwners(r) } };
  } else if (typeId === TYPE.nftMintOperation) {
    const sigIndices = readU32List(r);
    const groupId = r.u32();
    const payload = r.bytesField().slice();
    op = { kind: 'nft-mint-op', sigIndices, groupId, payload, outputs: r.array(readOwners) };
  } else {
    const sigIndices = readU32List(r);
    const groupId = r.u32();
    const payload = r.bytesField().slice();
    op = { kind: 'nft-transfer-op', sigIndices, output: { groupId, payload, owners: readOwners(r) } };
  }
  return { assetId, utxoIds, op, bytes: r.bytes.slice(start, r.pos) };
}

function readCredential(r: LinearReader): Credential {
  const typeId = readTypeId(r, [TYPE.secpCredential, TYPE.nftCredential], 'verify.Verifiable');
  const sigs = r.array((rr) => rr.fixed(65).slice());
  return { fxIndex: typeId === TYPE.secpCredential ? FX_SECP256K1 : FX_NFT, sigs };
}

function wrapReadError(e: unknown): Error {
  const msg = e instanceof Error ? e.message : String(e);
  if (msg.startsWith('insufficient length')) return new Error("couldn't unmarshal struct: packer has insufficient length for input");
  return e instanceof Error ? e : new Error(msg);
}

/** Parses a standalone signed avm tx (u16 codec version ‖ unsigned tx ‖ credentials), rejecting trailing bytes. */
export function parseAvmTx(bytes: Uint8Array): AvmTx {
  if (bytes.length > AVM_TX_MAX_SIZE) throw new Error(`byte array exceeds maximum length: ${bytes.length} > ${AVM_TX_MAX_SIZE}`);
  if (bytes.length < 2) throw new Error("couldn't unpack codec version");
  const r = new LinearReader(bytes);
  if (r.u16() !== 0) throw new Error('unknown codec version');
  try {
    const { tx, unsignedEnd } = readSignedTxBody(r);
    if (r.remaining !== 0) throw new Error(`trailing buffer space: read ${r.pos} provided ${bytes.length}`);
    return { ...tx, id: sha256(bytes), bytes, unsignedBytes: bytes.subarray(0, unsignedEnd) };
  } catch (e) {
    throw wrapReadError(e);
  }
}

/**
 * Reads a tx embedded in a block (the signed tx without its u16 codec version) at the reader's position and
 * returns it as a standalone tx: its bytes, id and unsigned bytes are those of the version-prefixed form.
 */
export function readEmbeddedAvmTx(r: LinearReader, index: number): AvmTx {
  const start = r.pos;
  try {
    const { tx, unsignedEnd } = readSignedTxBody(r);
    const bytes = new Uint8Array(2 + r.pos - start);
    bytes.set(r.bytes.subarray(start, r.pos), 2);
    return { ...tx, id: sha256(bytes), bytes, unsignedBytes: bytes.subarray(0, 2 + unsignedEnd - start) };
  } catch (e) {
    throw new Error(`couldn't unmarshal tx ${index}: ${wrapReadError(e).message}`);
  }
}

/** Unsigned tx ‖ credentials at the reader; `unsignedEnd` is the reader position where the credentials start. */
function readSignedTxBody(r: LinearReader): { tx: Omit<AvmTx, 'id' | 'bytes' | 'unsignedBytes'>; unsignedEnd: number } {
  const typeId = readTypeId(r, [0, 1, 2, 3, 4], 'txs.UnsignedTx');
  const networkId = r.u32();
  const blockchainId = r.fixed(32).slice();
  const outs = r.array(readTransferableOutput);
  const ins = r.array(readTransferableInput);
  const memo = r.bytesField().slice();
  const base = { networkId, blockchainId, outs, ins, memo };
  let tx: Omit<AvmTx, 'id' | 'bytes' | 'unsignedBytes' | 'creds'>;
  switch (typeId) {
    case TYPE.baseTx:
      tx = { kind: 'BaseTx', ...base };
      break;
    case TYPE.createAssetTx: {
      const name = r.str();
      const symbol = r.str();
      const denomination = r.u8();
      const states = r.array((rr): InitialState => {
        const fxIndex = rr.u32();
        const read = rr.array(readStateOutput);
        return { fxIndex, outs: read.map((o) => o.out), outBytes: read.map((o) => o.bytes) };
      });
      tx = { kind: 'CreateAssetTx', ...base, name, symbol, denomination, states };
      break;
    }
    case TYPE.operationTx:
      tx = { kind: 'OperationTx', ...base, ops: r.array(readOperation) };
      break;
    case TYPE.importTx: {
      const sourceChain = r.fixed(32).slice();
      tx = { kind: 'ImportTx', ...base, sourceChain, importedIns: r.array(readTransferableInput) };
      break;
    }
    default: {
      const destinationChain = r.fixed(32).slice();
      tx = { kind: 'ExportTx', ...base, destinationChain, exportedOuts: r.array(readTransferableOutput) };
    }
  }
  const unsignedEnd = r.pos;
  const creds = r.array(readCredential);
  return { tx: { ...tx, creds }, unsignedEnd };
}

function writeOwners(w: LinearWriter, o: Owners): void {
  w.u64(o.locktime).u32(o.threshold).u32(o.addrs.length);
  for (const a of o.addrs) w.fixed(a, 20);
}

/** An output as the codec writes it inside a UTXO: typeID ‖ fields. */
export function encodeOutput(out: AvmOutput): Uint8Array {
  const w = new LinearWriter(64);
  writeOutput(w, out);
  return w.finish();
}

function writeOutput(w: LinearWriter, out: AvmOutput): void {
  switch (out.kind) {
    case 'secp-transfer':
      w.u32(TYPE.secpTransferOutput).u64(out.amount);
      break;
    case 'secp-mint':
      w.u32(TYPE.secpMintOutput);
      break;
    case 'nft-transfer':
      w.u32(TYPE.nftTransferOutput).u32(out.groupId).bytes(out.payload);
      break;
    case 'nft-mint':
      w.u32(TYPE.nftMintOutput).u32(out.groupId);
      break;
  }
  writeOwners(w, out.owners);
}

/** avax.UTXO as the avm codec marshals it (what getUTXOs returns and shared memory holds). */
export function encodeUtxo(u: Utxo): Uint8Array {
  const w = new LinearWriter(128);
  w.u16(0).fixed(u.txId, 32).u32(u.outputIndex).fixed(u.assetId, 32);
  writeOutput(w, u.out);
  return w.finish();
}

export function decodeUtxo(bytes: Uint8Array): Utxo {
  const r = new LinearReader(bytes);
  try {
    if (r.u16() !== 0) throw new Error('unknown codec version');
    const txId = r.fixed(32).slice();
    const outputIndex = r.u32();
    const assetId = r.fixed(32).slice();
    const typeId = readTypeId(r, STATE_OUTPUT_TYPES, 'verify.State');
    const out = readOutputBody(r, typeId);
    if (r.remaining !== 0) throw new Error(`trailing buffer space: read ${r.pos} provided ${bytes.length}`);
    return { txId, outputIndex, assetId, out };
  } catch (e) {
    throw wrapReadError(e);
  }
}

/** Addresses that can spend an output (avax.Addressable), the traits of an exported UTXO. */
export function addressesOf(out: AvmOutput): Uint8Array[] {
  return out.owners.addrs;
}
