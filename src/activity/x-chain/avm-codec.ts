import { secp256k1 } from '@noble/curves/secp256k1.js';
import { LinearReader } from '../../codec/linear/reader.js';
import { LinearWriter } from '../../codec/linear/writer.js';
import { compareBytes } from '../../lib/bytes.js';
import { sha256 } from '../../lib/hash.js';

/*
 * The X-chain transactions avalanchejs 5.2.0 cannot build or sign — CreateAssetTx and OperationTx (secp256k1fx
 * and nftfx mints, NFT transfers) — in AvalancheGo's AVM codec (version 0), and the UTXOs they spend.
 */

/** AVM codec type IDs (vms/avm/txs/codec.go registration order). */
export const AVM_TYPE = {
  baseTx: 0, createAssetTx: 1, operationTx: 2,
  secpTransferInput: 5, secpMintOutput: 6, secpTransferOutput: 7, secpMintOperation: 8, secpCredential: 9,
  nftMintOutput: 10, nftTransferOutput: 11, nftMintOperation: 12, nftTransferOperation: 13, nftCredential: 14,
} as const;

/** The fx indices of an asset's initial states. */
export const FX_INDEX = { secp256k1fx: 0, nftfx: 1 } as const;

export interface Owners {
  locktime: bigint;
  threshold: number;
  addrs: Uint8Array[];
}

export type XOutput =
  | { kind: 'secp-transfer'; amount: bigint; owners: Owners }
  | { kind: 'secp-mint'; owners: Owners }
  | { kind: 'nft-mint'; groupId: number; owners: Owners }
  | { kind: 'nft-transfer'; groupId: number; payload: Uint8Array; owners: Owners }
  | { kind: 'other'; typeId: number };

export interface XUtxo {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  out: XOutput;
}

export interface XInput {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  sigIndices: number[];
}

export interface XTransferOutput {
  assetId: Uint8Array;
  amount: bigint;
  owners: Owners;
}

export interface BaseFields {
  networkId: number;
  blockchainId: Uint8Array;
  outs: XTransferOutput[];
  ins: XInput[];
  memo: Uint8Array;
}

/** An operation on UTXOs of one asset; `signer` is the index of the key that signs its credential. */
export type XOperation =
  | { kind: 'secp-mint'; assetId: Uint8Array; utxo: XUtxo; sigIndices: number[]; mintOwners: Owners; amount: bigint; to: Owners }
  | { kind: 'nft-mint'; assetId: Uint8Array; utxo: XUtxo; sigIndices: number[]; groupId: number; payload: Uint8Array; to: Owners[] }
  | { kind: 'nft-transfer'; assetId: Uint8Array; utxo: XUtxo; sigIndices: number[]; groupId: number; payload: Uint8Array; to: Owners };

export type InitialOutput = { kind: 'secp-transfer'; amount: bigint; owners: Owners } | { kind: 'secp-mint'; owners: Owners } | { kind: 'nft-mint'; groupId: number; owners: Owners };

export interface CreateAssetFields {
  name: string;
  symbol: string;
  denomination: number;
  /** By fx index. */
  states: { fxIndex: number; outs: InitialOutput[] }[];
}

function readOwners(r: LinearReader): Owners {
  const locktime = r.u64();
  const threshold = r.u32();
  const addrs = r.array((x) => x.fixed(20).slice());
  return { locktime, threshold, addrs };
}

function writeOwners(w: LinearWriter, o: Owners): void {
  const addrs = [...o.addrs].sort(compareBytes);
  w.u64(o.locktime).u32(o.threshold).array(addrs, (x, a) => x.fixed(a, 20));
}

/** A UTXO as avm.getUTXOs returns it (codec version, UTXO ID, asset, typed output). */
export function parseUtxo(bytes: Uint8Array): XUtxo {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== 0) throw new Error(`unknown codec version ${version}`);
  const txId = r.fixed(32).slice();
  const outputIndex = r.u32();
  const assetId = r.fixed(32).slice();
  const typeId = r.u32();
  let out: XOutput;
  switch (typeId) {
    case AVM_TYPE.secpTransferOutput: {
      const amount = r.u64();
      out = { kind: 'secp-transfer', amount, owners: readOwners(r) };
      break;
    }
    case AVM_TYPE.secpMintOutput:
      out = { kind: 'secp-mint', owners: readOwners(r) };
      break;
    case AVM_TYPE.nftMintOutput: {
      const groupId = r.u32();
      out = { kind: 'nft-mint', groupId, owners: readOwners(r) };
      break;
    }
    case AVM_TYPE.nftTransferOutput: {
      const groupId = r.u32();
      const payload = r.bytesField().slice();
      out = { kind: 'nft-transfer', groupId, payload, owners: readOwners(r) };
      break;
    }
    default:
      out = { kind: 'other', typeId };
  }
  return { txId, outputIndex, assetId, out };
}

function outputBytes(o: InitialOutput | { kind: 'secp-transfer'; amount: bigint; owners: Owners }): Uint8Array {
  const w = new LinearWriter(96);
  switch (o.kind) {
    case 'secp-transfer':
      w.u32(AVM_TYPE.secpTransferOutput).u64(o.amount);
      writeOwners(w, o.owners);
      break;
    case 'secp-mint':
      w.u32(AVM_TYPE.secpMintOutput);
      writeOwners(w, o.owners);
      break;
    case 'nft-mint':
      w.u32(AVM_TYPE.nftMintOutput).u32(o.groupId);
      writeOwners(w, o.owners);
      break;
  }
  return w.finish();
}

function writeBase(w: LinearWriter, b: BaseFields): void {
  const outs = b.outs
    .map((o) => ({ assetId: o.assetId, bytes: outputBytes({ kind: 'secp-transfer', amount: o.amount, owners: o.owners }) }))
    .sort((x, y) => compareBytes(x.assetId, y.assetId) || compareBytes(x.bytes, y.bytes));
  const ins = [...b.ins].sort((x, y) => compareBytes(x.txId, y.txId) || x.outputIndex - y.outputIndex);
  w.u32(b.networkId).fixed(b.blockchainId, 32);
  w.array(outs, (x, o) => x.fixed(o.assetId, 32).raw(o.bytes));
  w.array(ins, (x, i) => {
    x.fixed(i.txId, 32).u32(i.outputIndex).fixed(i.assetId, 32).u32(AVM_TYPE.secpTransferInput).u64(i.amount);
    x.array(i.sigIndices, (y, s) => y.u32(s));
  });
  w.bytes(b.memo);
}

/** The inputs in the order the tx carries them (their credentials follow the same order). */
export function sortedInputs(ins: XInput[]): XInput[] {
  return [...ins].sort((x, y) => compareBytes(x.txId, y.txId) || x.outputIndex - y.outputIndex);
}

export function encodeCreateAssetTx(base: BaseFields, asset: CreateAssetFields): Uint8Array {
  const w = new LinearWriter(512);
  w.u16(0).u32(AVM_TYPE.createAssetTx);
  writeBase(w, base);
  w.str(asset.name).str(asset.symbol).u8(asset.denomination);
  const states = [...asset.states].sort((a, b) => a.fxIndex - b.fxIndex);
  w.array(states, (x, s) => {
    x.u32(s.fxIndex);
    const outs = s.outs.map(outputBytes).sort(compareBytes);
    x.array(outs, (y, o) => y.raw(o));
  });
  return w.finish();
}

function operationBytes(op: XOperation): Uint8Array {
  const w = new LinearWriter(256);
  w.fixed(op.assetId, 32).u32(1).fixed(op.utxo.txId, 32).u32(op.utxo.outputIndex);
  const sigs = (x: LinearWriter) => x.array(op.sigIndices, (y, s) => y.u32(s));
  switch (op.kind) {
    case 'secp-mint':
      w.u32(AVM_TYPE.secpMintOperation);
      sigs(w);
      writeOwners(w, op.mintOwners);
      w.u64(op.amount);
      writeOwners(w, op.to);
      break;
    case 'nft-mint':
      w.u32(AVM_TYPE.nftMintOperation);
      sigs(w);
      w.u32(op.groupId).bytes(op.payload);
      w.array(op.to, (x, o) => writeOwners(x, o));
      break;
    case 'nft-transfer':
      w.u32(AVM_TYPE.nftTransferOperation);
      sigs(w);
      w.u32(op.groupId).bytes(op.payload);
      writeOwners(w, op.to);
      break;
  }
  return w.finish();
}

/** Operations sorted by their bytes, as the AVM requires; the credentials follow this order. */
export function sortedOperations(ops: XOperation[]): XOperation[] {
  return ops.map((op) => ({ op, bytes: operationBytes(op) })).sort((a, b) => compareBytes(a.bytes, b.bytes)).map((x) => x.op);
}

export function encodeOperationTx(base: BaseFields, ops: XOperation[]): Uint8Array {
  const w = new LinearWriter(512);
  w.u16(0).u32(AVM_TYPE.operationTx);
  writeBase(w, base);
  const sorted = ops.map(operationBytes).sort(compareBytes);
  w.array(sorted, (x, o) => x.raw(o));
  return w.finish();
}

/** A 65-byte [r ‖ s ‖ v] secp256k1 signature of sha256(message), as AvalancheGo's credentials carry. */
export function signRecoverable(message: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const sig = secp256k1.sign(sha256(message), privateKey, { prehash: false, format: 'recovered' });
  const out = new Uint8Array(65);
  out.set(sig.subarray(1, 65), 0);
  out[64] = sig[0]!;
  return out;
}

/** One credential per input, then per operation: `(typeId, signing keys)`. */
export function signTx(unsigned: Uint8Array, credentials: { typeId: number; keys: Uint8Array[] }[]): { bytes: Uint8Array; id: Uint8Array } {
  const w = new LinearWriter(unsigned.length + credentials.length * 80);
  w.raw(unsigned);
  w.array(credentials, (x, c) => {
    x.u32(c.typeId);
    x.array(c.keys, (y, k) => y.raw(signRecoverable(unsigned, k)));
  });
  const bytes = w.finish();
  return { bytes, id: sha256(bytes) };
}
