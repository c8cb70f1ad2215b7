import { LinearReader } from '../../../codec/linear/reader.js';
import { sha256 } from '../../../lib/hash.js';
import { readEmbedded } from '../platform/platform-tx.js';
import {
  AVM_TYPES, readBaseTx, readCount, readCredentials, readId, readInputs, readOutput, readOutputs, readOwnersFields, readSigIndices,
  type BaseTxFields, type Credential, type OutputOwners, type TransferableInput, type TransferableOutput, type TxOutput,
} from '../platform/avax-components.js';

/**
 * X-chain signed txs (vms/avm/txs) with the secp256k1fx, nftfx and propertyfx types. avalanchejs lacks
 * propertyfx (ids 15–19), so blocks holding them do not get past src/codec's block decoder; this reader
 * handles them anyway for txs obtained otherwise (avm.getTx).
 */

export interface InitialState {
  fxIndex: number;
  outputs: TxOutput[];
}

export type OperationKind = 'secp256k1-mint' | 'nft-mint' | 'nft-transfer' | 'property-mint' | 'property-burn';

export interface Operation {
  assetId: Uint8Array;
  utxoIds: { txId: Uint8Array; outputIndex: number }[];
  typeId: number;
  kind: OperationKind;
  /** The outputs the operation creates, in UTXO order. */
  outputs: TxOutput[];
}

export type AvmUnsignedTx =
  | { type: 'BaseTx'; base: BaseTxFields }
  | { type: 'CreateAssetTx'; base: BaseTxFields; name: string; symbol: string; denomination: number; initialStates: InitialState[] }
  | { type: 'OperationTx'; base: BaseTxFields; operations: Operation[] }
  | { type: 'ImportTx'; base: BaseTxFields; sourceChain: Uint8Array; importedInputs: TransferableInput[] }
  | { type: 'ExportTx'; base: BaseTxFields; destinationChain: Uint8Array; exportedOutputs: TransferableOutput[] };

export type AvmTxType = AvmUnsignedTx['type'];

export interface AvmTx {
  id: Uint8Array;
  bytes: Uint8Array;
  /** `u16 0` ‖ unsigned tx: what the credentials sign (sha256 of it). */
  unsignedBytes: Uint8Array;
  unsigned: AvmUnsignedTx;
  credentials: Credential[];
}

const T = AVM_TYPES;

/** An output written inline in an operation (no type id), with the bytes (type id + fields) a UTXO of it carries. */
function ownedOutput(r: LinearReader, typeId: number, kind: TxOutput['kind'], prefix: (reader: LinearReader) => Partial<TxOutput>): TxOutput {
  const start = r.pos;
  const extra = prefix(r);
  const owners: OutputOwners = readOwnersFields(r);
  const fields = r.bytes.subarray(start, r.pos);
  const bytes = new Uint8Array(4 + fields.length);
  new DataView(bytes.buffer).setUint32(0, typeId);
  bytes.set(fields, 4);
  return { typeId, kind, amount: 0n, owners, ...extra, bytes };
}

function readOperation(r: LinearReader): Operation {
  const assetId = readId(r);
  const n = readCount(r, 36, 'utxo ids');
  const utxoIds: Operation['utxoIds'] = [];
  for (let i = 0; i < n; i++) utxoIds.push({ txId: readId(r), outputIndex: r.u32() });
  const typeId = r.u32();
  switch (typeId) {
    case 8: {
      readSigIndices(r);
      const mint = ownedOutput(r, 6, 'mint', () => ({}));
      const transfer = ownedOutput(r, 7, 'transfer', (x) => ({ amount: x.u64() }));
      return { assetId, utxoIds, typeId, kind: 'secp256k1-mint', outputs: [mint, transfer] };
    }
    case 12: {
      readSigIndices(r);
      const groupId = r.u32();
      const payload = r.bytesField().slice();
      const m = readCount(r, 16, 'nft owners');
      const outputs: TxOutput[] = [];
      for (let i = 0; i < m; i++) {
        const owners = readOwnersFields(r);
        outputs.push({ typeId: 11, kind: 'nft-transfer', amount: 0n, groupId, payload, owners, bytes: nftTransferBytes(groupId, payload, owners) });
      }
      return { assetId, utxoIds, typeId, kind: 'nft-mint', outputs };
    }
    case 13: {
      readSigIndices(r);
      const out = ownedOutput(r, 11, 'nft-transfer', (x) => ({ groupId: x.u32(), payload: x.bytesField().slice() }));
      return { assetId, utxoIds, typeId, kind: 'nft-transfer', outputs: [out] };
    }
    case 17: {
      readSigIndices(r);
      const mint = ownedOutput(r, 15, 'property-mint', () => ({}));
      const owned = ownedOutput(r, 16, 'property-owned', () => ({}));
      return { assetId, utxoIds, typeId, kind: 'property-mint', outputs: [mint, owned] };
    }
    case 18:
      readSigIndices(r);
      return { assetId, utxoIds, typeId, kind: 'property-burn', outputs: [] };
    default:
      throw new Error(`unknown operation type ID ${typeId}`);
  }
}

/** nftfx.TransferOutput bytes for one owner of an nft MintOperation: `u32 11 | groupID | payload | owners`. */
function nftTransferBytes(groupId: number, payload: Uint8Array, owners: OutputOwners): Uint8Array {
  const size = 4 + 4 + 4 + payload.length + 8 + 4 + 4 + 20 * owners.addresses.length;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  let at = 0;
  v.setUint32(at, 11); at += 4;
  v.setUint32(at, groupId); at += 4;
  v.setUint32(at, payload.length); at += 4;
  out.set(payload, at); at += payload.length;
  v.setBigUint64(at, owners.locktime); at += 8;
  v.setUint32(at, owners.threshold); at += 4;
  v.setUint32(at, owners.addresses.length); at += 4;
  for (const a of owners.addresses) { out.set(a, at); at += 20; }
  return out;
}

function readUnsigned(r: LinearReader): AvmUnsignedTx {
  const typeId = r.u32();
  const base = readBaseTx(r, T);
  switch (typeId) {
    case 0:
      return { type: 'BaseTx', base };
    case 1: {
      const name = r.str();
      const symbol = r.str();
      const denomination = r.u8();
      const n = readCount(r, 8, 'initial states');
      const initialStates: InitialState[] = [];
      for (let i = 0; i < n; i++) {
        const fxIndex = r.u32();
        const m = readCount(r, 4, 'initial outputs');
        const outputs: TxOutput[] = [];
        for (let j = 0; j < m; j++) outputs.push(readOutput(r, T));
        initialStates.push({ fxIndex, outputs });
      }
      return { type: 'CreateAssetTx', base, name, symbol, denomination, initialStates };
    }
    case 2: {
      const n = readCount(r, 40, 'operations');
      const operations: Operation[] = [];
      for (let i = 0; i < n; i++) operations.push(readOperation(r));
      return { type: 'OperationTx', base, operations };
    }
    case 3:
      return { type: 'ImportTx', base, sourceChain: readId(r), importedInputs: readInputs(r, T) };
    case 4:
      return { type: 'ExportTx', base, destinationChain: readId(r), exportedOutputs: readOutputs(r, T) };
    default:
      throw new Error(`unknown X-chain tx type ID ${typeId}`);
  }
}

/** Decodes a standalone signed X-chain tx (`u16 0` ‖ unsigned ‖ credentials). */
export function decodeAvmTx(bytes: Uint8Array): AvmTx {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== 0) throw new Error(`unknown codec version ${version}`);
  const unsigned = readUnsigned(r);
  const unsignedBytes = bytes.subarray(0, r.pos);
  const credentials = readCredentials(r, T);
  r.end();
  return { id: sha256(bytes), bytes, unsignedBytes, unsigned, credentials };
}

/**
 * Every output the tx creates, in the order AvalancheGo numbers its UTXOs (vms/avm/txs Tx.UTXOs): base outputs,
 * then the initial states' outputs (CreateAssetTx) or the operations' outputs (OperationTx); exported outputs
 * are numbered after the base outputs but live in shared memory.
 */
export function avmCreatedOutputs(tx: AvmUnsignedTx, txId: Uint8Array): { outputIndex: number; assetId: Uint8Array; output: TxOutput; exported: boolean }[] {
  const out: { outputIndex: number; assetId: Uint8Array; output: TxOutput; exported: boolean }[] = [];
  let i = 0;
  for (const o of tx.base.outputs) out.push({ outputIndex: i++, assetId: o.assetId, output: o.output, exported: false });
  if (tx.type === 'CreateAssetTx') {
    for (const s of tx.initialStates) for (const o of s.outputs) out.push({ outputIndex: i++, assetId: txId, output: o, exported: false });
  } else if (tx.type === 'OperationTx') {
    for (const op of tx.operations) for (const o of op.outputs) out.push({ outputIndex: i++, assetId: op.assetId, output: o, exported: false });
  } else if (tx.type === 'ExportTx') {
    for (const o of tx.exportedOutputs) out.push({ outputIndex: i++, assetId: o.assetId, output: o.output, exported: true });
  }
  return out;
}

/** Reads a tx embedded in a block (no codec version) at the reader's position. */
export function readEmbeddedAvmTx(r: LinearReader): AvmTx {
  return readEmbedded(r, (x) => {
    const unsigned = readUnsigned(x);
    const unsignedEnd = x.pos;
    return { unsigned, unsignedEnd, credentials: readCredentials(x, T) };
  });
}
