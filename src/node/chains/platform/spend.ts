import { cb58Encode, idToString } from '../../../lib/cb58.js';
import { bytesToHex } from '../../../lib/hex.js';
import { ripemd160, sha256 } from '../../../lib/hash.js';
import { RecoverCache } from './recover-cache.js';
import type { Owners, TransferableInput, TransferableOutput } from './tx-codec.js';
import type { Utxo } from './utxo.js';

/**
 * AvalancheGo's flow checker (vms/platformvm/utxo/verifier.go) and secp256k1fx credential checks
 * (vms/secp256k1fx/fx.go), with their error messages.
 */
export class TxError extends Error {}

const recoverCache = new RecoverCache();

/** The 20-byte address of the key that made a 65-byte [r ‖ s ‖ v] signature over `hash`. */
export function recoverAddress(hash: Uint8Array, sig: Uint8Array): Uint8Array {
  const recId = sig[64]!;
  if (recId > 3) throw new TxError('invalid recovery id');
  let pub: Uint8Array;
  try {
    pub = recoverCache.recover(hash, sig.subarray(0, 64), recId);
  } catch {
    throw new TxError('invalid signature');
  }
  return ripemd160(sha256(pub));
}

export const shortIdString = (a: Uint8Array): string => cb58Encode(a);

/** secp256k1fx VerifyCredentials: the input's signers must be the owners' addresses at its indices. */
export function verifyCredentials(txHash: Uint8Array, sigIndices: number[], sigs: Uint8Array[], owners: Owners, now: bigint): void {
  const n = sigIndices.length;
  if (owners.locktime > now) throw new TxError('output is time locked');
  if (owners.threshold < n) throw new TxError('input has more signers than expected');
  if (owners.threshold > n) throw new TxError('input has less signers than expected');
  if (n !== sigs.length) throw new TxError('input expected a different number of signers than provided in the credential');
  for (let i = 0; i < n; i++) {
    const index = sigIndices[i]!;
    if (i > 0 && index <= sigIndices[i - 1]!) throw new TxError('address indices not sorted and unique');
    if (index >= owners.addresses.length) throw new TxError('input referenced a nonexistent address in the output');
    const got = recoverAddress(txHash, sigs[i]!);
    const expected = owners.addresses[index]!;
    if (bytesToHex(got) !== bytesToHex(expected)) {
      throw new TxError(`wrong signature: expected signature from ${shortIdString(expected)} but got from ${shortIdString(got)}`);
    }
  }
}

/** cb58 asset ids by hex: a tx names one or two assets, and cb58 (a checksum and base58) costs far more than hex. */
const assetStrings = new Map<string, string>();
function assetString(id: Uint8Array): string {
  const hex = bytesToHex(id);
  let s = assetStrings.get(hex);
  if (s === undefined) {
    if (assetStrings.size >= 1024) assetStrings.clear();
    s = idToString(id);
    assetStrings.set(hex, s);
  }
  return s;
}

function ownerKey(o: Owners): string {
  return bytesToHex(sha256(o.bytes));
}

function addTo(m: Map<string, bigint>, k: string, v: bigint): void {
  m.set(k, (m.get(k) ?? 0n) + v);
}

/**
 * VerifySpendUTXOs: credentials match inputs, each input may spend its UTXO, and for every asset (and locktime
 * and owner, for stakeable-locked funds) no more is produced than consumed. `unlockedProduced` carries the fee.
 */
export function verifySpendUtxos(
  txHash: Uint8Array,
  utxos: Utxo[],
  ins: TransferableInput[],
  outs: TransferableOutput[],
  creds: Uint8Array[][],
  unlockedProduced: Map<string, bigint>,
  now: bigint,
): void {
  if (ins.length !== creds.length) throw new TxError(`wrong number of credentials: ${ins.length} inputs != ${creds.length} credentials`);
  if (ins.length !== utxos.length) throw new TxError(`wrong number of UTXOs: ${ins.length} inputs != ${utxos.length} utxos`);
  const unlockedConsumed = new Map<string, bigint>();
  const lockedConsumed = new Map<string, bigint>();
  const lockedProduced = new Map<string, bigint>();
  ins.forEach((input, i) => {
    const utxo = utxos[i]!;
    const realAsset = assetString(utxo.assetId);
    if (bytesToHex(utxo.assetId) !== bytesToHex(input.assetId)) {
      throw new TxError(`input asset ID does not match UTXO asset ID: ${idToString(input.assetId)} != ${realAsset}`);
    }
    const locktime = utxo.output.stakeableLocktime;
    if (input.lockIn === undefined && now < locktime) throw new TxError('locked funds not marked as locked');
    if (input.lockIn !== undefined && input.lockIn !== locktime) throw new TxError(`input locktime does not match UTXO locktime: ${input.lockIn} != ${locktime}`);
    try {
      if (utxo.output.amount !== input.amount) throw new TxError(`utxo amount and input amount are not equal: ${utxo.output.amount} != ${input.amount}`);
      verifyCredentials(txHash, input.sigIndices, creds[i]!, utxo.output.owners, now);
    } catch (e) {
      throw new TxError(`failed to verify transfer: ${(e as Error).message}`);
    }
    if (now >= locktime) addTo(unlockedConsumed, realAsset, input.amount);
    else addTo(lockedConsumed, `${realAsset}/${locktime}/${ownerKey(utxo.output.owners)}`, input.amount);
  });
  for (const out of outs) {
    const asset = assetString(out.assetId);
    const locktime = out.output.stakeableLocktime;
    if (locktime === 0n) addTo(unlockedProduced, asset, out.output.amount);
    else addTo(lockedProduced, `${asset}/${locktime}/${ownerKey(out.output.owners)}`, out.output.amount);
  }
  for (const [k, produced] of lockedProduced) {
    const consumed = lockedConsumed.get(k) ?? 0n;
    if (produced <= consumed) continue;
    const [asset, locktime, owner] = k.split('/') as [string, string, string];
    const increase = produced - consumed;
    const unlocked = unlockedConsumed.get(asset) ?? 0n;
    if (increase > unlocked) {
      throw new TxError(`insufficient locked funds: ${idToString(Buffer.from(owner, 'hex'))} needs ${increase - unlocked} more ${asset} for locktime ${locktime}`);
    }
    unlockedConsumed.set(asset, unlocked - increase);
  }
  for (const [asset, produced] of unlockedProduced) {
    const consumed = unlockedConsumed.get(asset) ?? 0n;
    if (produced > consumed) throw new TxError(`insufficient unlocked funds: needs ${produced - consumed} more ${asset}`);
  }
}
