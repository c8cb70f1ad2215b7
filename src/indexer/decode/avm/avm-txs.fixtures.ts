import * as avalanchejs from '@avalabs/avalanchejs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { avalanchejsCodec, codecTypeTable } from '../../../codec/container/avalanchejs.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { sha256 } from '../../../lib/hash.js';

/* avalanchejs 5.2.0's classes type as `any` under NodeNext (see src/codec/container/avalanchejs.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const A = avalanchejs as Any;
export const AVM_CODEC = avalanchejsCodec('AVM');
const codec = AVM_CODEC;
const TYPES = codecTypeTable(codec) as Any[];
const [NftMintOutput, NftTransferOutput] = [TYPES[10], TYPES[11]];

const KEY = new Uint8Array(32).fill(0x21);
export const X_FIXTURE_ADDRESS = new Uint8Array(20).fill(0x31);
const ADDR = X_FIXTURE_ADDRESS;
const AVAX = A.Id.fromHex('0x' + '3d'.repeat(32));
const X_CHAIN = A.Id.fromHex('0x' + '58'.repeat(32));
const P_CHAIN = A.Id.fromHex('0x' + '00'.repeat(32));
const ownersA = () => new A.OutputOwners(new A.BigIntPr(0n), new A.Int(1), [new A.Address(ADDR)]);
const avaxOut = (amount: bigint) => new A.avaxSerial.TransferableOutput(AVAX, new A.TransferOutput(new A.BigIntPr(amount), ownersA()));
const avaxIn = (txByte: number, index: number, amount: bigint) => new A.avaxSerial.TransferableInput(
  new A.avaxSerial.UTXOID(A.Id.fromHex('0x' + txByte.toString(16).padStart(2, '0').repeat(32)), new A.Int(index)), AVAX,
  new A.TransferInput(new A.BigIntPr(amount), new A.Input([new A.Int(0)])),
);
const base = (memo = '') => new A.avaxSerial.BaseTx(new A.Int(12345), X_CHAIN, [avaxOut(5_000n)], [avaxIn(0xab, 0, 6_000_000n)], new A.Bytes(new TextEncoder().encode(memo)));

/** Signed tx bytes: `u16 0` ‖ unsigned (typeID + fields) ‖ credentials, packed with the AVM codec (CreateAssetTx has no `vm` for SignedTx.toBytes). */
function sign(unsigned: Any, nCreds: number): Uint8Array {
  const unsignedBytes = new Uint8Array([0, 0, ...codec.PackPrefix(unsigned)]);
  const sig = secp256k1.sign(sha256(unsignedBytes), KEY, { prehash: false, format: 'recovered' });
  const rsv = new Uint8Array([...sig.subarray(1), sig[0] ?? 0]);
  const creds = codec.PackPrefixList(Array.from({ length: nCreds }, () => new A.Credential([new A.Signature(rsv)])));
  return new Uint8Array([...unsignedBytes, ...creds]);
}

/** An OperationTx written by hand in AvalancheGo's layout (avalanchejs does not export its TransferableOp class). */
export function operationTxBytes(): Uint8Array {
  const asset = new Uint8Array(32).fill(0x41);
  const ownersBytes = (w: LinearWriter, a: Uint8Array) => w.u64(0n).u32(1).u32(1).fixed(a, 20);
  const w = new LinearWriter(512).u16(0).u32(2);
  w.raw(base('ops').toBytes(codec));
  w.u32(3);
  // secp256k1fx MintOperation: input, MintOutput, TransferOutput
  w.fixed(asset, 32).u32(1).fixed(new Uint8Array(32).fill(0x51), 32).u32(1).u32(8).u32(1).u32(0);
  ownersBytes(w, ADDR); w.u64(777n); ownersBytes(w, new Uint8Array(20).fill(0x32));
  // nftfx MintOperation: input, group, payload, [] owners
  w.fixed(asset, 32).u32(1).fixed(new Uint8Array(32).fill(0x52), 32).u32(0).u32(12).u32(1).u32(0).u32(7).bytes(new Uint8Array([1, 2, 3]));
  w.u32(2); ownersBytes(w, ADDR); ownersBytes(w, new Uint8Array(20).fill(0x33));
  // nftfx TransferOperation: input, TransferOutput{group, payload, owners}
  w.fixed(asset, 32).u32(1).fixed(new Uint8Array(32).fill(0x53), 32).u32(2).u32(13).u32(1).u32(0).u32(3).bytes(new Uint8Array([9])); ownersBytes(w, new Uint8Array(20).fill(0x34));
  // credentials: the base input's, then one per operation
  w.u32(4);
  for (let i = 0; i < 4; i++) w.u32(9).u32(1).fixed(new Uint8Array(65).fill(i), 65);
  return w.finish();
}

/** A propertyfx mint and burn (ids 17, 18), which avalanchejs cannot parse. */
export function propertyTxBytes(): Uint8Array {
  const w = new LinearWriter(512).u16(0).u32(2);
  w.raw(base().toBytes(codec));
  w.u32(2);
  w.fixed(new Uint8Array(32).fill(0x61), 32).u32(1).fixed(new Uint8Array(32).fill(0x62), 32).u32(0).u32(17).u32(1).u32(0);
  w.u64(0n).u32(1).u32(1).fixed(ADDR, 20).u64(5n).u32(1).u32(1).fixed(new Uint8Array(20).fill(0x35), 20);
  w.fixed(new Uint8Array(32).fill(0x61), 32).u32(1).fixed(new Uint8Array(32).fill(0x63), 32).u32(0).u32(18).u32(1).u32(0);
  w.u32(0);
  return w.finish();
}

/** Signed X-chain txs of every type, built with avalanchejs 5.2.0 (the OperationTx by hand), with made-up ids and keys. */
export function avmTxCatalog(): [string, Uint8Array][] {
  const nftOwners = () => ownersA();
  return [
    ['BaseTx', sign(new A.avmSerial.BaseTx(base('hello')), 1)],
    ['CreateAssetTx (secp256k1fx)', sign(new A.avmSerial.CreateAssetTx(base(), new A.Stringpr('Firn Token'), new A.Stringpr('FIRN'), new A.Byte(Uint8Array.of(6)), [
      new A.avmSerial.InitialState(new A.Int(0), [new A.MintOutput(ownersA()), new A.TransferOutput(new A.BigIntPr(5_000_000n), ownersA())]),
    ]), 1)],
    ['CreateAssetTx (nftfx)', sign(new A.avmSerial.CreateAssetTx(base(), new A.Stringpr('Firn Art'), new A.Stringpr('ART'), new A.Byte(Uint8Array.of(0)), [
      new A.avmSerial.InitialState(new A.Int(1), [new NftMintOutput(new A.Int(0), nftOwners()), new NftMintOutput(new A.Int(1), nftOwners())]),
    ]), 1)],
    ['CreateAssetTx (nft transfer output)', sign(new A.avmSerial.CreateAssetTx(base(), new A.Stringpr('One'), new A.Stringpr('ONE'), new A.Byte(Uint8Array.of(0)), [
      new A.avmSerial.InitialState(new A.Int(1), [new NftTransferOutput(new A.Int(3), new A.Bytes(new Uint8Array([7, 7])), nftOwners())]),
    ]), 1)],
    ['ImportTx', sign(new A.avmSerial.ImportTx(base(), P_CHAIN, [avaxIn(0xcd, 2, 9_000n)]), 2)],
    ['ExportTx', sign(new A.avmSerial.ExportTx(base(), P_CHAIN, [avaxOut(7_000n), avaxOut(8_000n)]), 1)],
    ['OperationTx', operationTxBytes()],
  ];
}
