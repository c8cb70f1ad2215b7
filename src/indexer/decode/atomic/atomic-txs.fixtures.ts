import * as avalanchejs from '@avalabs/avalanchejs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { avalanchejsCodec } from '../../../codec/container/avalanchejs.js';
import { ripemd160, sha256 } from '../../../lib/hash.js';

/* avalanchejs 5.2.0's classes type as `any` under NodeNext (see src/codec/container/avalanchejs.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const A = avalanchejs as Any;
const codec = avalanchejsCodec('EVM' as 'AVM');
const KEY = new Uint8Array(32).fill(0x44);
/** The signer of the fixture txs: its compressed public key and P/X short address. */
export const ATOMIC_SIGNER = secp256k1.getPublicKey(KEY, true);
export const ATOMIC_OWNER = ripemd160(sha256(ATOMIC_SIGNER));
export const ATOMIC_EVM_ADDRESS = new Uint8Array(20).fill(0xee);
/** The UTXO the ImportTx spends: exported from the X-chain by tx 0x71…, output 1. */
export const IMPORTED_UTXO = { txId: new Uint8Array(32).fill(0x71), outputIndex: 1 };
const AVAX = A.Id.fromHex('0x' + '3d'.repeat(32));
const C_CHAIN = A.Id.fromHex('0x' + '43'.repeat(32));
const X_CHAIN = A.Id.fromHex('0x' + '58'.repeat(32));
const owners = () => new A.OutputOwners(new A.BigIntPr(0n), new A.Int(1), [new A.Address(ATOMIC_OWNER)]);

function signed(unsigned: Any, nCreds: number): Uint8Array {
  const unsignedBytes = new Uint8Array([0, 0, ...codec.PackPrefix(unsigned)]);
  const sig = secp256k1.sign(sha256(unsignedBytes), KEY, { prehash: false, format: 'recovered' });
  const rsv = new Uint8Array([...sig.subarray(1), sig[0] ?? 0]);
  return new Uint8Array([...unsignedBytes, ...codec.PackPrefixList(Array.from({ length: nCreds }, () => new A.Credential([new A.Signature(rsv)])))]);
}

/** A C-chain ImportTx (from X) and ExportTx (to X) built with avalanchejs 5.2.0. */
export const atomicImportTx = signed(new A.evmSerial.ImportTx(new A.Int(12345), C_CHAIN, X_CHAIN, [
  new A.avaxSerial.TransferableInput(new A.avaxSerial.UTXOID(A.Id.fromHex('0x' + '71'.repeat(32)), new A.Int(1)), AVAX, new A.TransferInput(new A.BigIntPr(3_000_000n), new A.Input([new A.Int(0)]))),
], [new A.evmSerial.Output(new A.Address(ATOMIC_EVM_ADDRESS), new A.BigIntPr(2_900_000n), AVAX)]), 1);
export const atomicExportTx = signed(new A.evmSerial.ExportTx(new A.Int(12345), C_CHAIN, X_CHAIN, [
  new A.evmSerial.Input(new A.Address(ATOMIC_EVM_ADDRESS), new A.BigIntPr(5_000_000n), AVAX, new A.BigIntPr(7n)),
], [new A.avaxSerial.TransferableOutput(AVAX, new A.TransferOutput(new A.BigIntPr(4_000_000n), owners()))]), 1);
