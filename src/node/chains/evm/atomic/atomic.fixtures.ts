import * as avalanchejs from '@avalabs/avalanchejs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { idToString } from '../../../../lib/cb58.js';
import { ripemd160, sha256 } from '../../../../lib/hash.js';
import { hexToBytes } from '../../../../lib/hex.js';
import { LinearWriter } from '../../../../codec/linear/writer.js';
import type { KvStore } from '../../../storage/kv.js';
import type { SharedMemory } from '../../shared-memory/shared-memory.js';
import { keccak256 } from '../crypto.js';
import { encodeAtomicUtxo, utxoInputId } from './tx-codec.js';

/**
 * Atomic txs built and signed with avalanchejs 5.2.0 (`evm.newImportTx` / `evm.newExportTx`), for this
 * folder's tests (not used by production code). avalanchejs types as `any` under NodeNext, so the few
 * names used here are typed minimally.
 */
type Ctor = new (...args: unknown[]) => unknown;
interface UnsignedTxLike {
  getSignedTx(): { toBytes(): Uint8Array };
}
interface Kit {
  evm: {
    newImportTx(context: object, to: Uint8Array, from: Uint8Array[], utxos: unknown[], sourceChain: string, fee: bigint): UnsignedTxLike;
    newExportTx(context: object, amount: bigint, destination: string, from: Uint8Array, to: Uint8Array[], fee: bigint, nonce: bigint): UnsignedTxLike;
  };
  addTxSignatures(a: { unsignedTx: UnsignedTxLike; privateKeys: Uint8Array[] }): Promise<void>;
  utils: { costCorethTx(tx: UnsignedTxLike): bigint };
  Id: Ctor & { fromString(s: string): unknown };
  Int: Ctor;
  BigIntPr: Ctor;
  Address: Ctor;
  OutputOwners: Ctor;
  TransferOutput: Ctor;
  Utxo: Ctor;
  avaxSerial: { UTXOID: Ctor };
}
const A = avalanchejs as unknown as Kit;

export const NETWORK_ID = 1337;
export const C_CHAIN = new Uint8Array(32).fill(3);
export const X_CHAIN = new Uint8Array(32).fill(1);
export const P_CHAIN = new Uint8Array(32);
export const AVAX = hexToBytes('0x21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff');

export const KEY = hexToBytes('0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027');
export const OTHER_KEY = hexToBytes('0x7b4198529994b0dc604278c99d153cfd069d594753d471171a1d102a10438e07');

/** The 20-byte Avalanche address (ShortID) of a key. */
export function shortAddress(key: Uint8Array): Uint8Array {
  return ripemd160(sha256(secp256k1.getPublicKey(key, true)));
}

/** The Ethereum address of a key. */
export function ethAddress(key: Uint8Array): Uint8Array {
  return keccak256(secp256k1.getPublicKey(key, false).subarray(1)).slice(12);
}

const context = {
  networkID: NETWORK_ID,
  cBlockchainID: idToString(C_CHAIN),
  avaxAssetID: idToString(AVAX),
};

export interface TestUtxo {
  txId: Uint8Array;
  outputIndex: number;
  amount: bigint;
  owner: Uint8Array;
  locktime?: bigint;
}

function ajsUtxo(u: TestUtxo): unknown {
  const owners = new A.OutputOwners(new A.BigIntPr(u.locktime ?? 0n), new A.Int(1), [new A.Address(u.owner)]);
  return new A.Utxo(
    new A.avaxSerial.UTXOID(A.Id.fromString(idToString(u.txId)), new A.Int(u.outputIndex)),
    A.Id.fromString(idToString(AVAX)),
    new A.TransferOutput(new A.BigIntPr(u.amount), owners),
  );
}

/** A signed tx and the gas avalanchejs' wallet estimates for it (costCorethTx). */
export interface BuiltTx {
  bytes: Uint8Array;
  walletGas: bigint;
}

async function signed(tx: UnsignedTxLike, key: Uint8Array): Promise<BuiltTx> {
  await A.addTxSignatures({ unsignedTx: tx, privateKeys: [key] });
  return { bytes: tx.getSignedTx().toBytes(), walletGas: A.utils.costCorethTx(tx) };
}

/** A signed ImportTx moving `utxos` (owned by `key`) from `source` to the EVM address `to`, burning `fee`. */
export async function importTx(o: { utxos: TestUtxo[]; to: Uint8Array; fee: bigint; key?: Uint8Array; source?: Uint8Array }): Promise<BuiltTx> {
  const key = o.key ?? KEY;
  return signed(A.evm.newImportTx(context, o.to, [shortAddress(key)], o.utxos.map(ajsUtxo), idToString(o.source ?? X_CHAIN), o.fee), key);
}

export async function importTxBytes(o: Parameters<typeof importTx>[0]): Promise<Uint8Array> {
  return (await importTx(o)).bytes;
}

/** A signed ExportTx of `amount` nAVAX from `key`'s EVM account (at `nonce`) to `to` on `destination`, burning `fee`. */
export async function exportTx(o: { amount: bigint; fee: bigint; nonce: bigint; to: Uint8Array; key?: Uint8Array; destination?: Uint8Array }): Promise<BuiltTx> {
  const key = o.key ?? KEY;
  return signed(A.evm.newExportTx(context, o.amount, idToString(o.destination ?? P_CHAIN), ethAddress(key), [o.to], o.fee, o.nonce), key);
}

export async function exportTxBytes(o: Parameters<typeof exportTx>[0]): Promise<Uint8Array> {
  return (await exportTx(o)).bytes;
}

/** secp256k1fx.TransferOutput as the codec writes it (type 7 ‖ amount ‖ owners), owned by one address. */
export function transferOutputBytes(amount: bigint, owner: Uint8Array, locktime = 0n): Uint8Array {
  return new LinearWriter(64).u32(7).u64(amount).u64(locktime).u32(1).u32(1).fixed(owner, 20).finish();
}

/** Puts `utxo` into shared memory as if `from` (X by default) had exported it to the C-chain. */
export async function exportToC(db: KvStore, sm: SharedMemory, u: TestUtxo, from: Uint8Array = X_CHAIN): Promise<Uint8Array> {
  const value = encodeAtomicUtxo({ txId: u.txId, outputIndex: u.outputIndex, assetId: AVAX, outBytes: transferOutputBytes(u.amount, u.owner, u.locktime) });
  const inputId = utxoInputId(u.txId, u.outputIndex);
  await db.batch(await sm.applyOps(from, new Map([['C', { peer: C_CHAIN, removes: [], puts: [{ key: inputId, value, traits: [u.owner] }] }]])));
  return inputId;
}
