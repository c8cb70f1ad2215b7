import secp256k1 from 'secp256k1';
import { bytesToHex } from '../../../lib/hex.js';

/**
 * AvalancheGo's secp256k1 RecoverCache (utils/crypto/secp256k1, 2048 entries in secp256k1fx): a tx's signatures
 * are recovered when it is issued and again when its block is built, so the second recovery is a lookup.
 * Keyed by hash ‖ signature; failures are not cached.
 */
export class RecoverCache {
  private readonly entries = new Map<string, Uint8Array>();

  constructor(private readonly size = 2048) {}

  /** The compressed public key that made the 64-byte compact `sig` with `recId` over `hash`; throws if none. */
  recover(hash: Uint8Array, sig: Uint8Array, recId: number): Uint8Array {
    const key = bytesToHex(hash) + bytesToHex(sig) + recId;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pub = secp256k1.ecdsaRecover(sig, recId, hash, true);
    this.entries.set(key, pub);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return pub;
  }
}
