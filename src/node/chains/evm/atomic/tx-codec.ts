import { LinearReader } from '../../../../codec/linear/reader.js';
import { LinearWriter } from '../../../../codec/linear/writer.js';
import { sha256 } from '../../../../lib/hash.js';

/**
 * coreth's atomic transactions (graft/coreth/plugin/evm/atomic, codec version 0): UnsignedImportTx and
 * UnsignedExportTx with secp256k1fx credentials, and the block extra data that carries a batch of them
 * (AP5+: a codec-marshalled `[]*Tx`). Type IDs as atomic/codec.go registers them.
 */
export const ATOMIC_TYPE = {
  importTx: 0,
  exportTx: 1,
  transferInput: 5,
  transferOutput: 7,
  credential: 9,
  input: 10,
  outputOwners: 11,
} as const;

const GO_TYPE: Record<number, string> = {
  0: '*atomic.UnsignedImportTx', 1: '*atomic.UnsignedExportTx', 5: '*secp256k1fx.TransferInput',
  7: '*secp256k1fx.TransferOutput', 9: '*secp256k1fx.Credential', 10: '*secp256k1fx.Input', 11: '*secp256k1fx.OutputOwners',
};

export interface Owners {
  locktime: bigint;
  threshold: number;
  addrs: Uint8Array[];
}

/** avax.TransferableInput spending an atomic UTXO (secp256k1fx.TransferInput). */
export interface AtomicInput {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  sigIndices: number[];
}

/** avax.TransferableOutput exported to another chain (secp256k1fx.TransferOutput). */
export interface AtomicOutput {
  assetId: Uint8Array;
  amount: bigint;
  owners: Owners;
  /** typeID ‖ fields of the output, what AvalancheGo sorts by after the asset id. */
  outBytes: Uint8Array;
}

/** EVMOutput: credited to an EVM account by an import. */
export interface EvmOutput {
  address: Uint8Array;
  amount: bigint;
  assetId: Uint8Array;
}

/** EVMInput: debited from an EVM account by an export. */
export interface EvmInput {
  address: Uint8Array;
  amount: bigint;
  assetId: Uint8Array;
  nonce: bigint;
}

interface AtomicTxBase {
  /** sha256 of the signed bytes. */
  id: Uint8Array;
  /** Signed bytes (codec version ‖ unsigned tx ‖ credentials). */
  bytes: Uint8Array;
  /** Codec version ‖ unsigned tx: what the credentials sign (sha256) and what gas is charged on. */
  unsignedBytes: Uint8Array;
  networkId: number;
  blockchainId: Uint8Array;
  /** Signatures per credential (65-byte [r ‖ s ‖ v]). */
  creds: Uint8Array[][];
}

export interface ImportTx extends AtomicTxBase {
  kind: 'ImportTx';
  sourceChain: Uint8Array;
  importedInputs: AtomicInput[];
  outs: EvmOutput[];
}

export interface ExportTx extends AtomicTxBase {
  kind: 'ExportTx';
  destinationChain: Uint8Array;
  ins: EvmInput[];
  exportedOutputs: AtomicOutput[];
}

export type AtomicTx = ImportTx | ExportTx;

/** The largest atomic tx the codec reads (the block's atomic batch target is smaller, 40 KiB). */
const MAX_TX_BYTES = 1024 * 1024;

function readTypeId(r: LinearReader, allowed: readonly number[], iface: string): number {
  if (r.remaining < 4) throw new Error("couldn't unmarshal interface: packer has insufficient length for input");
  const typeId = r.u32();
  if (allowed.includes(typeId)) return typeId;
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

function readAtomicInput(r: LinearReader): AtomicInput {
  const txId = r.fixed(32).slice();
  const outputIndex = r.u32();
  const assetId = r.fixed(32).slice();
  readTypeId(r, [ATOMIC_TYPE.transferInput], 'avax.TransferableIn');
  const amount = r.u64();
  const sigIndices = r.array((rr) => rr.u32());
  return { txId, outputIndex, assetId, amount, sigIndices };
}

function readTransferOutputBody(r: LinearReader): { amount: bigint; owners: Owners } {
  const amount = r.u64();
  return { amount, owners: readOwners(r) };
}

function readAtomicOutput(r: LinearReader): AtomicOutput {
  const assetId = r.fixed(32).slice();
  const start = r.pos;
  readTypeId(r, [ATOMIC_TYPE.transferOutput], 'avax.TransferableOut');
  const { amount, owners } = readTransferOutputBody(r);
  return { assetId, amount, owners, outBytes: r.bytes.slice(start, r.pos) };
}

function readEvmOutput(r: LinearReader): EvmOutput {
  return { address: r.fixed(20).slice(), amount: r.u64(), assetId: r.fixed(32).slice() };
}

function readEvmInput(r: LinearReader): EvmInput {
  return { address: r.fixed(20).slice(), amount: r.u64(), assetId: r.fixed(32).slice(), nonce: r.u64() };
}

function readCredential(r: LinearReader): Uint8Array[] {
  readTypeId(r, [ATOMIC_TYPE.credential], 'verify.Verifiable');
  return r.array((rr) => rr.fixed(65).slice());
}

function insufficient(e: unknown): Error {
  const msg = e instanceof Error ? e.message : String(e);
  if (msg.startsWith('insufficient length')) return new Error("couldn't unmarshal struct: packer has insufficient length for input");
  return e instanceof Error ? e : new Error(msg);
}

/** Reads one Tx (interface-typed unsigned tx ‖ credentials) at the reader; its signed bytes are `prefix` (the codec version) ‖ what it read. */
function readTx(r: LinearReader, prefix: Uint8Array): AtomicTx {
  const start = r.pos;
  const typeId = readTypeId(r, [ATOMIC_TYPE.importTx, ATOMIC_TYPE.exportTx], 'atomic.UnsignedAtomicTx');
  const networkId = r.u32();
  const blockchainId = r.fixed(32).slice();
  const peer = r.fixed(32).slice();
  let body: Omit<ImportTx, keyof AtomicTxBase> | Omit<ExportTx, keyof AtomicTxBase>;
  if (typeId === ATOMIC_TYPE.importTx) {
    const importedInputs = r.array(readAtomicInput);
    const outs = r.array(readEvmOutput);
    body = { kind: 'ImportTx', sourceChain: peer, importedInputs, outs };
  } else {
    const ins = r.array(readEvmInput);
    const exportedOutputs = r.array(readAtomicOutput);
    body = { kind: 'ExportTx', destinationChain: peer, ins, exportedOutputs };
  }
  const unsignedEnd = r.pos;
  const creds = r.array(readCredential);
  const own = r.bytes.subarray(start, r.pos);
  const bytes = concat(prefix, own);
  const unsignedBytes = bytes.slice(0, prefix.length + (unsignedEnd - start));
  return { ...body, networkId, blockchainId, creds, id: sha256(bytes), bytes, unsignedBytes } as AtomicTx;
}

const VERSION_0 = new Uint8Array([0, 0]);

function readVersion(r: LinearReader): void {
  if (r.remaining < 2) throw new Error("couldn't unpack codec version");
  const v = r.u16();
  if (v !== 0) throw new Error(`unknown codec version: ${v}`);
}

/** A standalone signed atomic tx (what avax.issueTx takes), rejecting trailing bytes. */
export function parseAtomicTx(bytes: Uint8Array): AtomicTx {
  if (bytes.length > MAX_TX_BYTES) throw new Error(`byte array exceeds maximum length: ${bytes.length} > ${MAX_TX_BYTES}`);
  const r = new LinearReader(bytes);
  readVersion(r);
  try {
    const tx = readTx(r, VERSION_0);
    if (r.remaining !== 0) throw new Error(`trailing buffer space: read ${r.pos} provided ${bytes.length}`);
    return tx;
  } catch (e) {
    throw insufficient(e);
  }
}

/** A block's extra data (AP5+): the batch of atomic txs; empty extra data is no txs, an empty batch is refused. */
export function parseAtomicBatch(extData: Uint8Array): AtomicTx[] {
  if (extData.length === 0) return [];
  const r = new LinearReader(extData);
  readVersion(r);
  let txs: AtomicTx[];
  try {
    txs = r.array((rr) => readTx(rr, VERSION_0));
    if (r.remaining !== 0) throw new Error(`trailing buffer space: read ${r.pos} provided ${extData.length}`);
  } catch (e) {
    throw new Error(`failed to unmarshal atomic tx (AP5) due to ${insufficient(e).message}`);
  }
  if (txs.length === 0) throw new Error('cannot build a block with non-empty extra data and zero atomic transactions');
  return txs;
}

/** Codec-marshalled `[]*Tx`: version, count, then each tx's signed bytes without their own version prefix. */
export function encodeAtomicBatch(txs: readonly AtomicTx[]): Uint8Array {
  const w = new LinearWriter(64 + txs.reduce((n, t) => n + t.bytes.length, 0));
  w.u16(0).u32(txs.length);
  for (const tx of txs) w.raw(tx.bytes.subarray(2));
  return w.finish();
}

/** avax.UTXO as the atomic codec marshals it: what an export puts into shared memory. */
export function encodeAtomicUtxo(u: { txId: Uint8Array; outputIndex: number; assetId: Uint8Array; outBytes: Uint8Array }): Uint8Array {
  return new LinearWriter(80 + u.outBytes.length).u16(0).fixed(u.txId, 32).u32(u.outputIndex).fixed(u.assetId, 32).raw(u.outBytes).finish();
}

/** An atomic UTXO read from shared memory: only secp256k1fx transfer outputs can be imported. */
export interface AtomicUtxo {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  owners: Owners;
}

export function decodeAtomicUtxo(bytes: Uint8Array): AtomicUtxo {
  const r = new LinearReader(bytes);
  readVersion(r);
  try {
    const txId = r.fixed(32).slice();
    const outputIndex = r.u32();
    const assetId = r.fixed(32).slice();
    readTypeId(r, [ATOMIC_TYPE.transferOutput], 'verify.State');
    const { amount, owners } = readTransferOutputBody(r);
    if (r.remaining !== 0) throw new Error(`trailing buffer space: read ${r.pos} provided ${bytes.length}`);
    return { txId, outputIndex, assetId, amount, owners };
  } catch (e) {
    throw insufficient(e);
  }
}

/** AvalancheGo's UTXOID.InputID(): txID.Prefix(outputIndex) = sha256(u64 index ‖ txID). */
export function utxoInputId(txId: Uint8Array, outputIndex: number): Uint8Array {
  const buf = new Uint8Array(40);
  new DataView(buf.buffer).setBigUint64(0, BigInt(outputIndex));
  buf.set(txId, 8);
  return sha256(buf);
}

/**
 * InputUTXOs: what a tx consumes, for conflict checks. An import spends its UTXOs' input ids; an export
 * "spends" each (address, nonce): 8-byte nonce ‖ 4-byte length ‖ 20-byte address, as coreth packs it.
 */
export function inputUtxoIds(tx: AtomicTx): Uint8Array[] {
  if (tx.kind === 'ImportTx') return tx.importedInputs.map((i) => utxoInputId(i.txId, i.outputIndex));
  return tx.ins.map((i) => new LinearWriter(32).u64(i.nonce).u32(20).raw(i.address).finish());
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
