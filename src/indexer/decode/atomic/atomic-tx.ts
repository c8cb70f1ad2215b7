import { LinearReader } from '../../../codec/linear/reader.js';
import { sha256 } from '../../../lib/hash.js';
import {
  EVM_TYPES, readCount, readCredentials, readId, readInputs, readOutputs, readShortId,
  type Credential, type TransferableInput, type TransferableOutput,
} from '../platform/avax-components.js';

/**
 * C-chain atomic txs (coreth plugin/evm/atomic): ImportTx (type 0) and ExportTx (type 1), codec version 0.
 * A block's extData holds them: before ApricotPhase5 one tx (`u16 0 | tx`), from ApricotPhase5 on a list
 * (`u16 0 | u32 n | tx × n`). Each tx's id is sha256(`u16 0` ‖ its own bytes).
 */

export interface EvmOutput {
  address: Uint8Array;
  amount: bigint;
  assetId: Uint8Array;
}

export interface EvmInput extends EvmOutput {
  nonce: bigint;
}

export type AtomicUnsignedTx =
  | { type: 'ImportTx'; networkId: number; blockchainId: Uint8Array; sourceChain: Uint8Array; importedInputs: TransferableInput[]; outputs: EvmOutput[] }
  | { type: 'ExportTx'; networkId: number; blockchainId: Uint8Array; destinationChain: Uint8Array; inputs: EvmInput[]; exportedOutputs: TransferableOutput[] };

export interface AtomicTx {
  id: Uint8Array;
  /** Standalone signed bytes (`u16 0` ‖ unsigned ‖ credentials). */
  bytes: Uint8Array;
  /** `u16 0` ‖ unsigned tx: what the credentials sign. */
  unsignedBytes: Uint8Array;
  unsigned: AtomicUnsignedTx;
  credentials: Credential[];
}

function readUnsigned(r: LinearReader): AtomicUnsignedTx {
  const typeId = r.u32();
  const networkId = r.u32();
  const blockchainId = readId(r);
  if (typeId === 0) {
    const sourceChain = readId(r);
    const importedInputs = readInputs(r, EVM_TYPES);
    const n = readCount(r, 60, 'evm outputs');
    const outputs: EvmOutput[] = [];
    for (let i = 0; i < n; i++) outputs.push({ address: readShortId(r), amount: r.u64(), assetId: readId(r) });
    return { type: 'ImportTx', networkId, blockchainId, sourceChain, importedInputs, outputs };
  }
  if (typeId === 1) {
    const destinationChain = readId(r);
    const n = readCount(r, 68, 'evm inputs');
    const inputs: EvmInput[] = [];
    for (let i = 0; i < n; i++) inputs.push({ address: readShortId(r), amount: r.u64(), assetId: readId(r), nonce: r.u64() });
    return { type: 'ExportTx', networkId, blockchainId, destinationChain, inputs, exportedOutputs: readOutputs(r, EVM_TYPES) };
  }
  throw new Error(`unknown atomic tx type ID ${typeId}`);
}

/** One tx at the reader's position (no codec version); returns it with its standalone bytes and id. */
function readAtomicTx(r: LinearReader): AtomicTx {
  const start = r.pos;
  const unsigned = readUnsigned(r);
  const unsignedLength = r.pos - start;
  const credentials = readCredentials(r, EVM_TYPES);
  const body = r.bytes.subarray(start, r.pos);
  const bytes = new Uint8Array(2 + body.length);
  bytes.set(body, 2);
  return { id: sha256(bytes), bytes, unsignedBytes: bytes.subarray(0, 2 + unsignedLength), unsigned, credentials };
}

function decodeList(extData: Uint8Array): AtomicTx[] {
  const r = new LinearReader(extData);
  if (r.u16() !== 0) throw new Error('unknown codec version');
  const n = readCount(r, 8, 'atomic txs');
  const txs: AtomicTx[] = [];
  for (let i = 0; i < n; i++) txs.push(readAtomicTx(r));
  r.end();
  return txs;
}

function decodeSingle(extData: Uint8Array): AtomicTx[] {
  const r = new LinearReader(extData);
  if (r.u16() !== 0) throw new Error('unknown codec version');
  const tx = readAtomicTx(r);
  r.end();
  return [tx];
}

/**
 * The atomic txs in a C-chain block's extData (empty/absent extData: none). `batch` says whether the block is
 * from ApricotPhase5 on (a list); when the caller does not know, both layouts are tried and the list wins
 * when both parse.
 */
export function decodeCChainAtomicTxs(extData: Uint8Array | undefined, options: { batch?: boolean } = {}): AtomicTx[] {
  if (!extData || extData.length === 0) return [];
  if (options.batch === true) return decodeList(extData);
  if (options.batch === false) return decodeSingle(extData);
  try {
    return decodeList(extData);
  } catch (listError) {
    try {
      return decodeSingle(extData);
    } catch {
      throw listError;
    }
  }
}

/** Encodes txs as an ApricotPhase5 extData list (the inverse of decodeCChainAtomicTxs with batch). */
export function encodeAtomicTxList(txs: readonly Uint8Array[]): Uint8Array {
  const bodies = txs.map((t) => t.subarray(2));
  const out = new Uint8Array(6 + bodies.reduce((n, b) => n + b.length, 0));
  new DataView(out.buffer).setUint32(2, txs.length);
  let at = 6;
  for (const b of bodies) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
