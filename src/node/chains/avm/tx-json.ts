import { encodeHexNoChecksum } from '../../../codec/container/checksum-hex.js';
import { formatAddress } from '../../../lib/bech32-address.js';
import { idToString } from '../../../lib/cb58.js';
import {
  FX_SECP256K1,
  fxIndexOfOperation,
  fxIndexOfOutput,
  type AvmOutput,
  type AvmTx,
  type Operation,
  type Owners,
  type TransferableInput,
  type TransferableOutput,
} from './tx-codec.js';

/**
 * AvalancheGo's JSON for avm txs and blocks (`encoding: "json"` of avm.getTx / getBlock): Go struct field
 * order, output fields as Go marshals a map (sorted keys), addresses as `X-<hrp>1…`, byte slices `0x…`.
 * uint64 values above 2^53 are bigints, written as exact JSON numbers by the dialect's serializer.
 */
export interface JsonContext {
  hrp: string;
  chainAlias: string;
  /** cb58 fx ids by fx index (secp256k1fx, nftfx, propertyfx). */
  fxIds: string[];
}

/** A uint64 for JSON: a number when exact, else a bigint (the dialect writes both as bare JSON numbers). */
export function u64(n: bigint): number | bigint {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

function owners(o: Owners, c: JsonContext): Record<string, unknown> {
  return { addresses: o.addrs.map((a) => formatAddress(c.chainAlias, c.hrp, a)), locktime: u64(o.locktime), threshold: o.threshold };
}

export function outputJson(out: AvmOutput, c: JsonContext): Record<string, unknown> {
  const base = owners(out.owners, c);
  switch (out.kind) {
    case 'secp-transfer':
      return sortKeys({ ...base, amount: u64(out.amount) });
    case 'secp-mint':
      return base;
    case 'nft-transfer':
      return sortKeys({ ...base, groupID: out.groupId, payload: encodeHexNoChecksum(out.payload) });
    case 'nft-mint':
      return sortKeys({ ...base, groupID: out.groupId });
  }
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function transferableOutput(o: TransferableOutput, c: JsonContext): unknown {
  return { assetID: idToString(o.assetId), fxID: c.fxIds[fxIndexOfOutput(o.out)], output: outputJson(o.out, c) };
}

function transferableInput(i: TransferableInput, c: JsonContext): unknown {
  return {
    txID: idToString(i.txId),
    outputIndex: i.outputIndex,
    assetID: idToString(i.assetId),
    fxID: c.fxIds[FX_SECP256K1],
    input: { amount: u64(i.amount), signatureIndices: i.sigIndices },
  };
}

function operationJson(op: Operation, c: JsonContext): unknown {
  const o = op.op;
  let operation: unknown;
  switch (o.kind) {
    case 'secp-mint-op':
      operation = {
        mintInput: { signatureIndices: o.sigIndices },
        mintOutput: owners(o.mintOwners, c),
        transferOutput: outputJson({ kind: 'secp-transfer', amount: o.transfer.amount, owners: o.transfer.owners }, c),
      };
      break;
    case 'nft-mint-op':
      operation = { mintInput: { signatureIndices: o.sigIndices }, groupID: o.groupId, payload: encodeHexNoChecksum(o.payload), outputs: o.outputs.map((x) => owners(x, c)) };
      break;
    case 'nft-transfer-op':
      operation = { input: { signatureIndices: o.sigIndices }, output: outputJson({ kind: 'nft-transfer', ...o.output }, c) };
      break;
  }
  return {
    assetID: idToString(op.assetId),
    inputIDs: op.utxoIds.map((u) => ({ txID: idToString(u.txId), outputIndex: u.outputIndex })),
    fxID: c.fxIds[fxIndexOfOperation(o)],
    operation,
  };
}

export function txJson(tx: AvmTx, c: JsonContext): Record<string, unknown> {
  const unsigned: Record<string, unknown> = {
    networkID: tx.networkId,
    blockchainID: idToString(tx.blockchainId),
    outputs: tx.outs.map((o) => transferableOutput(o, c)),
    inputs: tx.ins.map((i) => transferableInput(i, c)),
    memo: encodeHexNoChecksum(tx.memo),
  };
  switch (tx.kind) {
    case 'CreateAssetTx':
      unsigned.name = tx.name;
      unsigned.symbol = tx.symbol;
      unsigned.denomination = tx.denomination;
      unsigned.initialStates = tx.states!.map((s) => ({ fxIndex: s.fxIndex, fxID: c.fxIds[s.fxIndex], outputs: s.outs.map((o) => outputJson(o, c)) }));
      break;
    case 'OperationTx':
      unsigned.operations = tx.ops!.map((op) => operationJson(op, c));
      break;
    case 'ImportTx':
      unsigned.sourceChain = idToString(tx.sourceChain!);
      unsigned.importedInputs = tx.importedIns!.map((i) => transferableInput(i, c));
      break;
    case 'ExportTx':
      unsigned.destinationChain = idToString(tx.destinationChain!);
      unsigned.exportedOutputs = tx.exportedOuts!.map((o) => transferableOutput(o, c));
      break;
    default:
      break;
  }
  return {
    unsignedTx: unsigned,
    credentials: tx.creds.map((cred) => ({ fxID: c.fxIds[cred.fxIndex], credential: { signatures: cred.sigs.map(encodeHexNoChecksum) } })),
    id: idToString(tx.id),
  };
}

export function blockJson(b: { id: Uint8Array; parentId: Uint8Array; height: bigint; time: bigint; merkleRoot: Uint8Array; txs: AvmTx[] }, c: JsonContext): Record<string, unknown> {
  return {
    parentID: idToString(b.parentId),
    height: u64(b.height),
    time: u64(b.time),
    merkleRoot: idToString(b.merkleRoot),
    txs: b.txs.map((t) => txJson(t, c)),
    id: idToString(b.id),
  };
}
