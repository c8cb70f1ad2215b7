import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { avalanchejsCodec } from '../../codec/container/avalanchejs.js';
import { LinearWriter } from '../../codec/linear/writer.js';
import { sha256 } from '../../lib/hash.js';
import { AVM_TYPE, encodeCreateAssetTx, encodeOperationTx, parseUtxo, signTx, sortedOperations, type BaseFields, type XOperation } from './avm-codec.js';

const id = (n: number) => new Uint8Array(32).fill(n);
const addr = (n: number) => new Uint8Array(20).fill(n);
const owners = (...a: number[]) => ({ locktime: 0n, threshold: 1, addrs: a.map(addr) });

const base: BaseFields = {
  networkId: 12345,
  blockchainId: id(9),
  outs: [{ assetId: id(1), amount: 5n, owners: owners(3) }, { assetId: id(1), amount: 4n, owners: owners(2) }],
  ins: [{ txId: id(7), outputIndex: 1, assetId: id(1), amount: 10n, sigIndices: [0] }, { txId: id(6), outputIndex: 0, assetId: id(1), amount: 1n, sigIndices: [0] }],
  memo: new TextEncoder().encode('hi'),
};

/** avalanchejs' AVM codec reads the bytes back, and writes exactly the same bytes again. */
function roundTrip(bytes: Uint8Array): any {
  const codec = avalanchejsCodec('AVM');
  expect(bytes[0]).toBe(0);
  expect(bytes[1]).toBe(0);
  const [tx, rest] = codec.UnpackPrefix(bytes.subarray(2));
  expect(rest).toHaveLength(0);
  expect(Buffer.from(codec.PackPrefix(tx)).equals(Buffer.from(bytes.subarray(2)))).toBe(true);
  return tx;
}

describe('AVM codec for the generator', () => {
  it('encodes a CreateAssetTx avalanchejs reads, with sorted outputs, inputs and owners', () => {
    const bytes = encodeCreateAssetTx(base, {
      name: 'Summit Credits 1', symbol: 'SUMA', denomination: 6,
      states: [{ fxIndex: 0, outs: [{ kind: 'secp-mint', owners: owners(4) }, { kind: 'secp-transfer', amount: 100n, owners: owners(5, 4) }] }],
    });
    const tx = roundTrip(bytes);
    expect(tx._type).toBe('avm.CreateAssetTx');
    expect(tx.name.value()).toBe('Summit Credits 1');
    expect(tx.symbol.value()).toBe('SUMA');
    const ins = tx.baseTx.inputs.map((i: any) => i.utxoID.txID.toString());
    expect(ins).toEqual([...ins].sort());
    expect(tx.baseTx.inputs[0].utxoID.outputIdx.value()).toBe(0);
    expect(tx.baseTx.outputs.map((o: any) => o.output.amount())).toEqual([4n, 5n]); // sorted by bytes
    expect(tx.initialStates[0].outputs.map((o: any) => o._type)).toEqual(['secp256k1fx.MintOutput', 'secp256k1fx.TransferOutput']);
  });

  it('encodes an OperationTx with secp and NFT operations avalanchejs reads', () => {
    const utxo = (n: number, groupId = 0) => ({ txId: id(n), outputIndex: 2, assetId: id(8), out: { kind: 'nft-mint' as const, groupId, owners: owners(1) } });
    const ops: XOperation[] = [
      { kind: 'nft-transfer', assetId: id(8), utxo: utxo(40), sigIndices: [0], groupId: 1, payload: Uint8Array.of(1, 2), to: owners(2) },
      { kind: 'nft-mint', assetId: id(8), utxo: utxo(30), sigIndices: [0], groupId: 0, payload: Uint8Array.of(3), to: [owners(2), owners(3)] },
      { kind: 'secp-mint', assetId: id(5), utxo: utxo(20), sigIndices: [0], mintOwners: owners(1), amount: 77n, to: owners(4) },
    ];
    const tx = roundTrip(encodeOperationTx(base, ops));
    expect(tx._type).toBe('avm.OperationTx');
    expect(tx.ops).toHaveLength(3);
    // Sorted by bytes: asset 5 (secp mint) before asset 8; then by UTXO tx id.
    expect(sortedOperations(ops).map((o) => o.kind)).toEqual(['secp-mint', 'nft-mint', 'nft-transfer']);
  });

  it('parses the UTXOs avm.getUTXOs returns', () => {
    const w = new LinearWriter();
    w.u16(0).fixed(id(3), 32).u32(4).fixed(id(8), 32).u32(AVM_TYPE.nftTransferOutput).u32(2).bytes(Uint8Array.of(9, 9)).u64(0n).u32(1).u32(1).fixed(addr(6), 20);
    expect(parseUtxo(w.finish())).toEqual({ txId: id(3), outputIndex: 4, assetId: id(8), out: { kind: 'nft-transfer', groupId: 2, payload: Uint8Array.of(9, 9), owners: owners(6) } });
    const m = new LinearWriter();
    m.u16(0).fixed(id(3), 32).u32(0).fixed(id(8), 32).u32(AVM_TYPE.secpTransferOutput).u64(12n).u64(5n).u32(1).u32(1).fixed(addr(6), 20);
    expect(parseUtxo(m.finish()).out).toEqual({ kind: 'secp-transfer', amount: 12n, owners: { locktime: 5n, threshold: 1, addrs: [addr(6)] } });
    const v = new LinearWriter();
    v.u16(1).fixed(id(3), 32);
    expect(() => parseUtxo(v.finish())).toThrow('unknown codec version 1');
  });

  it('signs each credential with recoverable signatures over sha256 of the unsigned bytes', () => {
    const key = new Uint8Array(32).fill(7);
    const unsigned = encodeOperationTx(base, []);
    const { bytes, id: txId } = signTx(unsigned, [{ typeId: AVM_TYPE.secpCredential, keys: [key] }]);
    expect(txId).toEqual(sha256(bytes));
    const sig = bytes.subarray(unsigned.length + 4 + 4 + 4);
    expect(sig).toHaveLength(65);
    const recovered = secp256k1.Signature.fromBytes(sig.subarray(0, 64), 'compact').addRecoveryBit(sig[64]!).recoverPublicKey(sha256(unsigned));
    expect(Buffer.from(recovered.toBytes(true)).equals(Buffer.from(secp256k1.getPublicKey(key, true)))).toBe(true);
  });
});
