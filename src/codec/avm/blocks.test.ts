import { describe, expect, it } from 'vitest';
import { cb58Encode } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { LinearWriter } from '../linear/writer.js';
import { decodeHexWithChecksum } from '../container/checksum-hex.js';
import { DOCUMENTED_MAINNET_X_TX_HEX, DOCUMENTED_MAINNET_X_TX_ID, DOCUMENTED_X_TX_HEX, DOCUMENTED_X_TX_ID } from '../container/documented-examples.fixtures.js';
import { fuzzDecoder } from '../container/fuzz.fixtures.js';
import type { AjsSerializable } from '../container/avalanchejs.js';
import { ajs } from '../container/avalanchejs-kit.fixtures.js';
import { AVM_STANDARD_BLOCK_TYPE_ID, LOCAL_CORTINA_TIME, avmGenesisBlock, decodeAvmStandardBlock, encodeAvmStandardBlock, txIdOf } from './blocks.js';

const { Address, BigIntPr, Byte, Bytes, Credential, Id, Input, Int, OutputOwners, Signature, Stringpr, TransferInput, TransferOutput, avaxSerial, avmSerial } = ajs;
const id = (b: number) => new Uint8Array(32).fill(b);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const documentedTx = decodeHexWithChecksum(DOCUMENTED_X_TX_HEX);
const mainnetTx = decodeHexWithChecksum(DOCUMENTED_MAINNET_X_TX_HEX);

const X_CHAIN = Id.fromHex('0x' + '11'.repeat(32));
const AVAX = Id.fromHex('0x' + '22'.repeat(32));
function base(): AjsSerializable {
  const owners = new OutputOwners(new BigIntPr(0n), new Int(1), [new Address(new Uint8Array(20).fill(3))]);
  return new avaxSerial.BaseTx(
    new Int(1337),
    X_CHAIN,
    [new avaxSerial.TransferableOutput(AVAX, new TransferOutput(new BigIntPr(10n), owners))],
    [new avaxSerial.TransferableInput(new avaxSerial.UTXOID(Id.fromHex('0x' + '33'.repeat(32)), new Int(1)), AVAX, new TransferInput(new BigIntPr(11n), new Input([new Int(0)])))],
    new Bytes(new Uint8Array([1, 2, 3])),
  );
}
const sig = () => new Credential([new Signature(new Uint8Array(65).fill(9))]);
const builtBaseTx = new avaxSerial.SignedTx(new avmSerial.BaseTx(base()), [sig()]).toBytes();
const builtExportTx = new avaxSerial.SignedTx(new avmSerial.ExportTx(base(), Id.fromHex('0x' + '44'.repeat(32)), []), [sig()]).toBytes();
// CreateAssetTx has no `vm` tag in avalanchejs 5.2.0, so SignedTx.toBytes() cannot pick its codec; pack it directly.
const avmCodec = avmSerial.getAVMManager().getDefaultCodec();
const createAsset = new avmSerial.CreateAssetTx(base(), new Stringpr('Firn'), new Stringpr('FIRN'), new Byte(new Uint8Array([9])), [
  new avmSerial.InitialState(new Int(0), [new TransferOutput(new BigIntPr(5n), new OutputOwners(new BigIntPr(0n), new Int(1), [new Address(new Uint8Array(20).fill(4))]))]),
]);
const builtCreateAssetTx = new Uint8Array([0, 0, ...avmCodec.PackPrefix(createAsset), ...avmCodec.PackPrefixList([sig()])]);

describe('X-chain StandardBlock', () => {
  it('is u16 0 | u32 20 | parent | height | time | merkle root | txs without their codec version', () => {
    const txs = [documentedTx, builtBaseTx];
    const { id: blockId, bytes } = encodeAvmStandardBlock({ parentId: id(1), height: 7n, time: 1_700_000_000n, txs });
    const expected = new LinearWriter()
      .u16(0).u32(AVM_STANDARD_BLOCK_TYPE_ID).raw(id(1)).u64(7n).u64(1_700_000_000n).raw(new Uint8Array(32))
      .u32(2).raw(documentedTx.subarray(2)).raw(builtBaseTx.subarray(2)).finish();
    expect(hex(bytes)).toBe(hex(expected));
    expect(hex(blockId)).toBe(hex(sha256(bytes)));
    const d = decodeAvmStandardBlock(bytes);
    expect(hex(d.id)).toBe(hex(blockId));
    expect(d).toMatchObject({ height: 7n, time: 1_700_000_000n });
    expect(hex(d.parentId)).toBe(hex(id(1)));
    expect(hex(d.merkleRoot)).toBe('00'.repeat(32));
    expect(d.txs.map(hex)).toEqual(txs.map(hex));
  });

  it('embeds the documented real X-chain txs and keeps their ids', () => {
    const { bytes } = encodeAvmStandardBlock({ parentId: id(2), height: 1n, time: 1n, txs: [mainnetTx, documentedTx, builtExportTx, builtCreateAssetTx] });
    const d = decodeAvmStandardBlock(bytes);
    expect(d.txs.length).toBe(4);
    expect(cb58Encode(txIdOf(d.txs[0] ?? new Uint8Array()))).toBe(DOCUMENTED_MAINNET_X_TX_ID);
    expect(cb58Encode(txIdOf(d.txs[1] ?? new Uint8Array()))).toBe(DOCUMENTED_X_TX_ID);
    expect(hex(d.txs[2] ?? new Uint8Array())).toBe(hex(builtExportTx));
    expect(hex(d.txs[3] ?? new Uint8Array())).toBe(hex(builtCreateAssetTx));
  });

  it('round-trips a non-zero merkle root and an empty block', () => {
    const root = id(0xee);
    const { bytes } = encodeAvmStandardBlock({ parentId: id(3), height: 2n, time: 3n, merkleRoot: root, txs: [] });
    expect(bytes.length).toBe(2 + 4 + 32 + 8 + 8 + 32 + 4);
    const d = decodeAvmStandardBlock(bytes);
    expect(hex(d.merkleRoot)).toBe(hex(root));
    expect(hex(encodeAvmStandardBlock(d).bytes)).toBe(hex(bytes));
  });

  it('builds the local genesis block: parent = zero stop vertex, height 0, Cortina time', () => {
    const { id: gid, bytes } = avmGenesisBlock();
    expect(hex(bytes)).toBe('0000' + '00000014' + '00'.repeat(32) + '0000000000000000' + LOCAL_CORTINA_TIME.toString(16).padStart(16, '0') + '00'.repeat(32) + '00000000');
    expect(hex(gid)).toBe(hex(sha256(bytes)));
    expect(hex(avmGenesisBlock(id(5), 9n).bytes.subarray(6, 38))).toBe(hex(id(5)));
  });
});

describe('X-chain malformed blocks', () => {
  const good = encodeAvmStandardBlock({ parentId: id(1), height: 1n, time: 1n, txs: [documentedTx, builtBaseTx] }).bytes;

  it('rejects trailing bytes, truncation, wrong types, P-chain txs and bad versions', () => {
    expect(() => decodeAvmStandardBlock(good.subarray(0, good.length - 1))).toThrow("couldn't unmarshal tx 1");
    const empty = encodeAvmStandardBlock({ parentId: id(1), height: 1n, time: 1n, txs: [] }).bytes;
    expect(() => decodeAvmStandardBlock(new Uint8Array([...empty, 1]))).toThrow('trailing buffer space');
    const wrongType = good.slice();
    wrongType[5] = 21;
    expect(() => decodeAvmStandardBlock(wrongType)).toThrow("couldn't unmarshal interface: unknown type ID 21");
    const pTx = new Uint8Array([0, 0, 0, 0, 0, 0x22, 0, 0, 0, 0]);
    const withPTx = new LinearWriter().u16(0).u32(20).raw(id(1)).u64(1n).u64(1n).raw(new Uint8Array(32)).u32(1).raw(pTx.subarray(2)).finish();
    expect(() => decodeAvmStandardBlock(withPTx)).toThrow("couldn't unmarshal tx 0: couldn't unmarshal interface: type ID 34 is not a X-chain tx");
    const v1 = good.slice();
    v1[1] = 1;
    expect(() => decodeAvmStandardBlock(v1)).toThrow('unknown codec version');
    expect(() => encodeAvmStandardBlock({ parentId: id(1), height: 1n, time: 1n, merkleRoot: new Uint8Array(1), txs: [] })).toThrow('merkleRoot must be 32 bytes');
  });

  it('only ever throws Error on random, truncated and mutated input', () => {
    const seeds = [good, encodeAvmStandardBlock({ parentId: id(1), height: 1n, time: 1n, txs: [mainnetTx, builtCreateAssetTx] }).bytes, avmGenesisBlock().bytes];
    expect(fuzzDecoder(decodeAvmStandardBlock, seeds, 3000, 5)).toBeGreaterThan(0);
  });
});
