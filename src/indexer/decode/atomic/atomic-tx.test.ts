import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import { fuzzDecoder } from '../../../codec/container/fuzz.fixtures.js';
import { sha256 } from '../../../lib/hash.js';
import { plain } from '../platform/avalanchejs-plain.fixtures.js';
import { withPublicKeys } from '../../../store/queries/primary/credentials.js';
import { cChainAtomicRows } from './atomic-rows.js';
import { decodeCChainAtomicTxs, encodeAtomicTxList, type AtomicUnsignedTx } from './atomic-tx.js';
import { ATOMIC_EVM_ADDRESS, ATOMIC_OWNER, ATOMIC_SIGNER, atomicExportTx, atomicImportTx } from './atomic-txs.fixtures.js';

const A = avalanchejs as any;
const evm = A.utils.getManagerForVM('EVM');
const PUB = ATOMIC_SIGNER;
const ADDR = ATOMIC_OWNER;
const EVM_ADDR = ATOMIC_EVM_ADDRESS;
const importTx = atomicImportTx;
const exportTx = atomicExportTx;

function ours(u: AtomicUnsignedTx) {
  if (u.type === 'ImportTx') {
    return {
      networkId: u.networkId, blockchainId: u.blockchainId, sourceChain: u.sourceChain, _type: 'evm.ImportTx',
      importedInputs: u.importedInputs.map((i) => ({ utxoID: { txID: i.txId, outputIdx: i.outputIndex, _type: 'avax.UTXOID' }, assetId: i.assetId,
        input: { amt: i.amount, input: { sigIndices: i.sigIndices, _type: 'secp256k1fx.Input' }, _type: 'secp256k1fx.TransferInput' }, _type: 'avax.TransferableInput' })),
      Outs: u.outputs.map((o) => ({ address: o.address, amount: o.amount, assetId: o.assetId, _type: 'evm.Output' })),
    };
  }
  return {
    networkId: u.networkId, blockchainId: u.blockchainId, destinationChain: u.destinationChain, _type: 'evm.ExportTx',
    ins: u.inputs.map((i) => ({ address: i.address, amount: i.amount, assetId: i.assetId, nonce: i.nonce, _type: 'evm.Input' })),
    exportedOutputs: u.exportedOutputs.map((o) => ({ assetId: o.assetId, output: { amt: o.output.amount, outputOwners: { locktime: o.output.owners.locktime, threshold: o.output.owners.threshold, addrs: o.output.owners.addresses, _type: 'secp256k1fx.OutputOwners' }, _type: 'secp256k1fx.TransferOutput' }, _type: 'avax.TransferableOutput' })),
  };
}

describe('C-chain atomic txs in block extData', () => {
  it('decodes an ApricotPhase5 list as avalanchejs parses each tx, with ids and signers', () => {
    const extData = encodeAtomicTxList([importTx, exportTx]);
    const txs = decodeCChainAtomicTxs(extData, { batch: true });
    expect(txs.map((t) => t.unsigned.type)).toEqual(['ImportTx', 'ExportTx']);
    for (const [t, bytes] of [[txs[0]!, importTx], [txs[1]!, exportTx]] as const) {
      expect(t.bytes).toEqual(bytes);
      expect(t.id).toEqual(sha256(bytes));
      expect(ours(t.unsigned)).toEqual(plain(evm.unpackTransaction(bytes)));
      expect(t.credentials).toHaveLength(1);
    }
    expect(decodeCChainAtomicTxs(extData)).toEqual(txs);
  });

  it('decodes a pre-ApricotPhase5 single tx, and nothing from empty extData', () => {
    expect(decodeCChainAtomicTxs(exportTx, { batch: false }).map((t) => t.id)).toEqual([sha256(exportTx)]);
    expect(decodeCChainAtomicTxs(exportTx).map((t) => t.id)).toEqual([sha256(exportTx)]);
    expect(decodeCChainAtomicTxs(new Uint8Array(0))).toEqual([]);
    expect(decodeCChainAtomicTxs(undefined)).toEqual([]);
    expect(() => decodeCChainAtomicTxs(exportTx, { batch: true })).toThrow();
  });

  it('turns them into rows: the export UTXO on the destination side, the import spend, signers recovered', () => {
    const rows = cChainAtomicRows({ chain: 3, blockchainId: new Uint8Array(32).fill(0x43) }, [
      { height: 10n, hash: new Uint8Array(32).fill(0x10), timestamp: 1_700_000_000n, extData: encodeAtomicTxList([importTx, exportTx]), apricotPhase5: true },
      { height: 11n, hash: new Uint8Array(32).fill(0x11), timestamp: 1_700_000_002n, extData: new Uint8Array(0) },
    ]);
    expect(rows.txs.map((t) => [t.txType, t.txIndex, t.blockHeight])).toEqual([['ImportTx', 0, 10n], ['ExportTx', 1, 10n]]);
    expect(rows.spends).toHaveLength(1);
    expect(rows.spends[0]).toMatchObject({ createdOn: new Uint8Array(32).fill(0x58), consumedOn: new Uint8Array(32).fill(0x43), amount: 3_000_000n, outputIndex: 1 });
    // The signer's key is recovered when the tx is indexed, and stored with the signature.
    expect(rows.spends[0]!.credentials![0]!.publicKey).toEqual(PUB);
    const signedImport = importTx.subarray(0, rows.txs[0]!.unsignedSize);
    expect(withPublicKeys(signedImport, [{ signature: rows.spends[0]!.credentials![0]!.signature }])[0]!.publicKey).toEqual(PUB);
    expect(rows.utxos).toHaveLength(1);
    expect(rows.utxos[0]).toMatchObject({ outputIndex: 0, consumableOn: new Uint8Array(32).fill(0x58), createdOn: new Uint8Array(32).fill(0x43), amount: 4_000_000n });
    expect(rows.txs[0]!.amounts).toEqual({ unlocked: [{ assetId: new Uint8Array(32).fill(0x3d), amount: 3_000_000n }], created: [{ assetId: new Uint8Array(32).fill(0x3d), amount: 2_900_000n }] });
    expect(rows.txs[1]!.details.evmInputs![0]!.credentials![0]!.publicKey).toEqual(PUB);
    expect(withPublicKeys(exportTx.subarray(0, rows.txs[1]!.unsignedSize), [{ signature: rows.txs[1]!.details.evmInputs![0]!.credentials![0]!.signature }])[0]!.publicKey).toEqual(PUB);
    expect(rows.addressTxs.map((a) => [a.txType, Buffer.from(a.address).toString('hex')])).toEqual([
      ['ImportTx', Buffer.from(EVM_ADDR).toString('hex')], ['ExportTx', Buffer.from(EVM_ADDR).toString('hex')], ['ExportTx', Buffer.from(ADDR).toString('hex')],
    ]);
  });

  it('rejects broken extData with errors only', () => {
    fuzzDecoder((b) => decodeCChainAtomicTxs(b), [encodeAtomicTxList([importTx, exportTx]), exportTx], 2000, 5);
  });
});
