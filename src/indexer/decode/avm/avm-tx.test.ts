import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import { fuzzDecoder } from '../../../codec/container/fuzz.fixtures.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { sha256 } from '../../../lib/hash.js';
import { plain, type Plain } from '../platform/avalanchejs-plain.fixtures.js';
import { utxoBytesOf, utxoIdOf, type OutputOwners, type TransferableInput, type TransferableOutput, type TxOutput } from '../platform/avax-components.js';
import { avmCreatedOutputs, decodeAvmTx, type AvmUnsignedTx, type Operation } from './avm-tx.js';
import { AVM_CODEC, avmTxCatalog, propertyTxBytes } from './avm-txs.fixtures.js';

const A = avalanchejs as any;
const avm = A.utils.getManagerForVM('AVM');
const codec = AVM_CODEC;

/** Our decoded tx in avalanchejs' shape. */
const owners = (o: OutputOwners): Plain => ({ locktime: o.locktime, threshold: o.threshold, addrs: o.addresses, _type: 'secp256k1fx.OutputOwners' });
function output(o: TxOutput): Plain {
  switch (o.kind) {
    case 'transfer': return { amt: o.amount, outputOwners: owners(o.owners), _type: 'secp256k1fx.TransferOutput' };
    case 'mint': return { outputOwners: owners(o.owners), _type: 'secp256k1fx.MintOutput' };
    case 'nft-mint': return { groupId: o.groupId!, outputOwners: owners(o.owners), _type: 'nftfx.MintOutput' };
    case 'nft-transfer': return { groupId: o.groupId!, payload: o.payload!, outputOwners: owners(o.owners), _type: 'nftfx.TransferOutput' };
    default: throw new Error(o.kind);
  }
}
const outs = (list: TransferableOutput[]): Plain => list.map((o) => ({ assetId: o.assetId, output: output(o.output), _type: 'avax.TransferableOutput' }));
const input = (i: TransferableInput): Plain => ({
  utxoID: { txID: i.txId, outputIdx: i.outputIndex, _type: 'avax.UTXOID' }, assetId: i.assetId,
  input: { amt: i.amount, input: { sigIndices: i.sigIndices, _type: 'secp256k1fx.Input' }, _type: 'secp256k1fx.TransferInput' }, _type: 'avax.TransferableInput',
});
function ours(u: AvmUnsignedTx): Plain {
  const b = { baseTx: { NetworkId: u.base.networkId, BlockchainId: u.base.blockchainId, outputs: outs(u.base.outputs), inputs: u.base.inputs.map(input), memo: u.base.memo, _type: 'avax.BaseTx' } };
  switch (u.type) {
    case 'BaseTx': return { ...b, _type: 'avm.BaseTx' };
    case 'CreateAssetTx':
      return { ...b, name: u.name, symbol: u.symbol, denomination: u.denomination, initialStates: u.initialStates.map((s) => ({ fxId: s.fxIndex, outputs: s.outputs.map(output), _type: 'avm.InitialState' })), _type: 'avm.CreateAssetTx' };
    case 'ImportTx': return { ...b, sourceChain: u.sourceChain, ins: u.importedInputs.map(input), _type: 'avm.ImportTx' };
    case 'ExportTx': return { ...b, destination: u.destinationChain, outs: outs(u.exportedOutputs), _type: 'avm.ExportTx' };
    case 'OperationTx': return { ...b, ops: u.operations.map(op), _type: 'avm.OperationTx' };
  }
}
function op(o: Operation): Plain {
  const utxos = o.utxoIds.map((r) => ({ txID: r.txId, outputIdx: r.outputIndex, _type: 'avax.UTXOID' }));
  return { assetId: o.assetId, UTXOId: utxos, transferOp: expect.anything(), _type: 'avax.TransferableOp' } as unknown as Plain;
}

describe('X-chain tx decoder against avalanchejs 5.2.0', () => {
  const catalog = avmTxCatalog();
  it.each(catalog)('%s: every field as avalanchejs parses it', (_name, bytes) => {
    const tx = decodeAvmTx(bytes);
    const theirs = plain(avm.unpackTransaction(bytes));
    expect(ours(tx.unsigned)).toEqual(theirs);
    expect(tx.id).toEqual(sha256(bytes));
  });

  it('numbers created UTXOs as AvalancheGo does and writes their bytes as avalanchejs does', () => {
    const create = decodeAvmTx(catalog[1]![1]);
    const created = avmCreatedOutputs(create.unsigned, create.id);
    expect(created.map((o) => [o.outputIndex, o.output.kind, o.exported])).toEqual([[0, 'transfer', false], [1, 'mint', false], [2, 'transfer', false]]);
    expect(created[1]!.assetId).toEqual(create.id);
    for (const o of created) {
      const utxo = new A.Utxo(new A.avaxSerial.UTXOID(A.Id.fromHex(Buffer.from(create.id).toString('hex')), new A.Int(o.outputIndex)),
        A.Id.fromHex(Buffer.from(o.assetId).toString('hex')), codec.UnpackPrefix(o.output.bytes)[0]);
      expect(utxoBytesOf(create.id, o.outputIndex, o.assetId, o.output.bytes)).toEqual(new Uint8Array([0, 0, ...utxo.toBytes(codec)]));
    }
    const exp = decodeAvmTx(catalog[5]![1]);
    expect(avmCreatedOutputs(exp.unsigned, exp.id).map((o) => [o.outputIndex, o.exported])).toEqual([[0, false], [1, true], [2, true]]);
    const ops = decodeAvmTx(catalog[6]![1]);
    expect(avmCreatedOutputs(ops.unsigned, ops.id).map((o) => [o.outputIndex, o.output.kind, o.output.amount, o.output.groupId])).toEqual([
      [0, 'transfer', 5_000n, undefined], [1, 'mint', 0n, undefined], [2, 'transfer', 777n, undefined], [3, 'nft-transfer', 0n, 7], [4, 'nft-transfer', 0n, 7], [5, 'nft-transfer', 0n, 3],
    ]);
    // Outputs made from operations carry the bytes a UTXO of them holds: avalanchejs reads them back as the same output.
    for (const o of avmCreatedOutputs(ops.unsigned, ops.id)) expect(codec.UnpackPrefix(o.output.bytes)[0].toBytes(codec)).toEqual(o.output.bytes.subarray(4));
    expect(utxoIdOf(ops.id, 3)).toEqual(sha256(new LinearWriter(40).u64(3n).fixed(ops.id, 32).finish()));
  });

  it('decodes propertyfx operations, which avalanchejs lacks', () => {
    const tx = decodeAvmTx(propertyTxBytes());
    expect(tx.unsigned.type).toBe('OperationTx');
    const ops = tx.unsigned.type === 'OperationTx' ? tx.unsigned.operations : [];
    expect(ops.map((o) => [o.kind, o.outputs.map((x) => x.kind)])).toEqual([['property-mint', ['property-mint', 'property-owned']], ['property-burn', []]]);
    expect(ops[0]!.outputs[1]!.owners.addresses).toEqual([new Uint8Array(20).fill(0x35)]);
  });

  it('rejects broken txs with errors only', () => {
    for (const [, bytes] of catalog) {
      expect(() => decodeAvmTx(bytes.subarray(0, bytes.length - 3))).toThrow();
      expect(() => decodeAvmTx(new Uint8Array([...bytes, 1]))).toThrow('trailing buffer space');
    }
    fuzzDecoder(decodeAvmTx, catalog.map(([, b]) => b), 2000, 11);
  });
});
