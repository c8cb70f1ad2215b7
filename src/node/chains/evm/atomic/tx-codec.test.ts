import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../../lib/hash.js';
import { AVAX, C_CHAIN, NETWORK_ID, P_CHAIN, X_CHAIN, ethAddress, exportTxBytes, importTxBytes, shortAddress } from './atomic.fixtures.js';
import { decodeAtomicUtxo, encodeAtomicBatch, encodeAtomicUtxo, inputUtxoIds, parseAtomicBatch, parseAtomicTx, utxoInputId } from './tx-codec.js';

const utxo = (n: number, amount: bigint) => ({ txId: new Uint8Array(32).fill(n), outputIndex: n, amount, owner: shortAddress(new Uint8Array(32).fill(9)) });

describe('atomic tx codec', () => {
  it('parses an avalanchejs ImportTx field by field, with its id and signed part', async () => {
    const to = ethAddress(new Uint8Array(32).fill(5));
    const bytes = await importTxBytes({ utxos: [utxo(1, 5_000n), utxo(2, 7_000n)], to, fee: 100n, key: new Uint8Array(32).fill(9) });
    const tx = parseAtomicTx(bytes);
    expect(tx.kind).toBe('ImportTx');
    if (tx.kind !== 'ImportTx') return;
    expect(tx.networkId).toBe(NETWORK_ID);
    expect(tx.blockchainId).toEqual(C_CHAIN);
    expect(tx.sourceChain).toEqual(X_CHAIN);
    expect(tx.importedInputs.map((i) => [i.outputIndex, i.amount, i.sigIndices])).toEqual([[1, 5_000n, [0]], [2, 7_000n, [0]]]);
    expect(tx.outs).toEqual([{ address: to, amount: 11_900n, assetId: AVAX }]);
    expect(tx.creds).toHaveLength(2);
    expect(tx.creds[0]![0]).toHaveLength(65);
    expect(tx.id).toEqual(sha256(bytes));
    expect(tx.bytes).toEqual(bytes);
    // unsigned part: everything before the credentials (u32 count 2, then 2 × (u32 type 9, u32 1, 65 bytes))
    expect(tx.unsignedBytes.length).toBe(bytes.length - 4 - 2 * (4 + 4 + 65));
    expect(inputUtxoIds(tx)).toEqual([utxoInputId(tx.importedInputs[0]!.txId, 1), utxoInputId(tx.importedInputs[1]!.txId, 2)]);
  });

  it('parses an avalanchejs ExportTx, and its conflict keys are (nonce, address)', async () => {
    const to = shortAddress(new Uint8Array(32).fill(6));
    const key = new Uint8Array(32).fill(7);
    const bytes = await exportTxBytes({ amount: 1_000_000n, fee: 50n, nonce: 3n, to, key });
    const tx = parseAtomicTx(bytes);
    if (tx.kind !== 'ExportTx') throw new Error('expected an export');
    expect(tx.destinationChain).toEqual(P_CHAIN);
    expect(tx.ins).toEqual([{ address: ethAddress(key), amount: 1_000_050n, assetId: AVAX, nonce: 3n }]);
    expect(tx.exportedOutputs).toHaveLength(1);
    expect(tx.exportedOutputs[0]!.amount).toBe(1_000_000n);
    expect(tx.exportedOutputs[0]!.owners).toEqual({ locktime: 0n, threshold: 1, addrs: [to] });
    const [conflictKey] = inputUtxoIds(tx);
    expect(conflictKey).toHaveLength(32);
    expect(Buffer.from(conflictKey!).toString('hex')).toBe('0000000000000003' + '00000014' + Buffer.from(ethAddress(key)).toString('hex'));
  });

  it('round-trips a batch of txs as block extra data', async () => {
    const a = await importTxBytes({ utxos: [utxo(1, 5_000n)], to: ethAddress(new Uint8Array(32).fill(5)), fee: 1n, key: new Uint8Array(32).fill(9) });
    const b = await exportTxBytes({ amount: 10n, fee: 1n, nonce: 0n, to: new Uint8Array(20).fill(1) });
    const extData = encodeAtomicBatch([parseAtomicTx(a), parseAtomicTx(b)]);
    expect(extData.length).toBe(2 + 4 + (a.length - 2) + (b.length - 2));
    const txs = parseAtomicBatch(extData);
    expect(txs.map((t) => t.bytes)).toEqual([a, b]);
    expect(txs.map((t) => t.id)).toEqual([sha256(a), sha256(b)]);
    expect(parseAtomicBatch(new Uint8Array(0))).toEqual([]);
    expect(() => parseAtomicBatch(new Uint8Array([0, 0, 0, 0, 0, 0]))).toThrow('cannot build a block with non-empty extra data and zero atomic transactions');
    expect(() => parseAtomicBatch(extData.slice(0, -1))).toThrow('failed to unmarshal atomic tx (AP5) due to');
  });

  it('refuses trailing bytes, unknown versions and types that are not atomic txs', async () => {
    const a = await exportTxBytes({ amount: 10n, fee: 1n, nonce: 0n, to: new Uint8Array(20).fill(1) });
    expect(() => parseAtomicTx(new Uint8Array([...a, 0]))).toThrow('trailing buffer space');
    expect(() => parseAtomicTx(new Uint8Array([0, 1, ...a.slice(2)]))).toThrow('unknown codec version: 1');
    const wrongType = Uint8Array.from(a);
    wrongType[5] = 7;
    expect(() => parseAtomicTx(wrongType)).toThrow("couldn't unmarshal interface: *secp256k1fx.TransferOutput does not implement interface atomic.UnsignedAtomicTx");
    expect(() => parseAtomicTx(a.slice(0, 40))).toThrow("couldn't unmarshal struct: packer has insufficient length for input");
  });

  it('encodes and decodes an atomic UTXO', () => {
    const outBytes = new Uint8Array([0, 0, 0, 7, ...new Uint8Array(7), 9, ...new Uint8Array(8), 0, 0, 0, 1, 0, 0, 0, 1, ...new Uint8Array(20).fill(4)]);
    const bytes = encodeAtomicUtxo({ txId: new Uint8Array(32).fill(2), outputIndex: 1, assetId: AVAX, outBytes });
    expect(decodeAtomicUtxo(bytes)).toEqual({ txId: new Uint8Array(32).fill(2), outputIndex: 1, assetId: AVAX, amount: 9n, owners: { locktime: 0n, threshold: 1, addrs: [new Uint8Array(20).fill(4)] } });
  });
});
