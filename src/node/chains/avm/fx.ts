import secp256k1 from 'secp256k1';
import { compareBytes } from '../../../lib/bytes.js';
import { cb58Encode } from '../../../lib/cb58.js';
import { ripemd160, sha256 } from '../../../lib/hash.js';
import type { AvmOutput, Owners } from './tx-codec.js';

/**
 * The secp256k1fx and nftfx checks the X-chain runs (vms/secp256k1fx, vms/nftfx), with AvalancheGo's
 * error messages. Signatures are recovered with the native secp256k1 binding.
 */
export const NFT_MAX_PAYLOAD = 1024;

/** Half the secp256k1 group order: a larger `s` is a mutated (high-s) signature. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

export function verifyOwners(o: Owners): void {
  if (o.threshold > o.addrs.length) throw new Error('output is unspendable');
  if (o.threshold === 0 && o.addrs.length > 0) throw new Error('output representation should be optimized');
  for (let i = 1; i < o.addrs.length; i++) {
    if (compareBytes(o.addrs[i - 1]!, o.addrs[i]!) >= 0) throw new Error('addresses not sorted and unique');
  }
}

export function verifySigIndices(indices: number[]): void {
  for (let i = 1; i < indices.length; i++) {
    if (indices[i - 1]! >= indices[i]!) throw new Error('address indices not sorted and unique');
  }
}

/** verify.State.Verify() of each output kind. */
export function verifyOutput(out: AvmOutput): void {
  switch (out.kind) {
    case 'secp-transfer':
      if (out.amount === 0n) throw new Error('output has no value');
      break;
    case 'nft-transfer':
      if (out.payload.length > NFT_MAX_PAYLOAD) throw new Error('payload too large');
      break;
    default:
      break;
  }
  verifyOwners(out.owners);
}

export function ownersEqual(a: Owners, b: Owners): boolean {
  if (a.locktime !== b.locktime || a.threshold !== b.threshold || a.addrs.length !== b.addrs.length) return false;
  return a.addrs.every((x, i) => compareBytes(x, b.addrs[i]!) === 0);
}

/** The 20-byte address (ShortID) that signed `digest` with a 65-byte [r ‖ s ‖ v] signature. */
export function recoverAddress(digest: Uint8Array, sig: Uint8Array): Uint8Array {
  if (sig.length !== 65) throw new Error('invalid signature length');
  let s = 0n;
  for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(sig[i]!);
  if (s > HALF_N) throw new Error('signature was mutated from its original format');
  const v = sig[64]!;
  if (v > 7) throw new Error('invalid signature');
  let pub: Uint8Array;
  try {
    pub = secp256k1.ecdsaRecover(sig.subarray(0, 64), v & 3, digest, true);
  } catch {
    throw new Error('invalid signature');
  }
  if (v >= 4) throw new Error("wasn't expecting a compressed key");
  return ripemd160(sha256(pub));
}

/**
 * secp256k1fx.Fx.VerifyCredentials: the input's signers satisfy the owners at time `now` (Unix seconds).
 * `digest` is sha256 of the unsigned tx bytes.
 */
export function verifyCredentials(digest: Uint8Array, sigIndices: number[], sigs: Uint8Array[], owners: Owners, now: bigint): void {
  const numSigs = sigIndices.length;
  if (owners.locktime > now) throw new Error('output is time locked');
  if (owners.threshold < numSigs) throw new Error('input has more signers than expected');
  if (owners.threshold > numSigs) throw new Error('input has less signers than expected');
  if (numSigs !== sigs.length) throw new Error('input expected a different number of signers than provided in the credential');
  sigIndices.forEach((index, i) => {
    if (index >= owners.addrs.length) throw new Error('input referenced a nonexistent address in the output');
    const expected = owners.addrs[index]!;
    const got = recoverAddress(digest, sigs[i]!);
    if (compareBytes(expected, got) !== 0) {
      throw new Error(`wrong signature: expected signature from ${cb58Encode(expected)} but got from ${cb58Encode(got)}`);
    }
  });
}
