import { keccak_256 } from '@noble/hashes/sha3.js';
import secp256k1 from 'secp256k1';
import { ripemd160, sha256 } from '../../src/lib/hash.js';

export interface Account {
  privateKey: Uint8Array;
  /** Compressed public key. */
  publicKey: Uint8Array;
  /** ripemd160(sha256(compressed public key)): the P-/X-chain address. */
  shortId: Uint8Array;
  /** keccak256(public key)[12:]: the same key's C-chain address. */
  evmAddress: Uint8Array;
}

/**
 * secp256k1 accounts derived from a label and an index, made when first used. Signatures are real; credentials
 * carry the signer's key as the indexer stores it (recovered from the signature when the tx is indexed).
 */
export class KeyRing {
  private readonly accounts = new Map<number, Account>();

  constructor(private readonly label: string) {}

  account(index: number): Account {
    let account = this.accounts.get(index);
    if (!account) {
      const privateKey = sha256(new TextEncoder().encode(`${this.label}/${index}`));
      const compressed = secp256k1.publicKeyCreate(privateKey, true);
      const uncompressed = secp256k1.publicKeyCreate(privateKey, false);
      account = { privateKey, publicKey: compressed, shortId: ripemd160(sha256(compressed)), evmAddress: keccak_256(uncompressed.subarray(1)).subarray(12) };
      this.accounts.set(index, account);
    }
    return account;
  }

  /** A credential signature as the indexer stores it: the signature and the key that made it. */
  credential(index: number, digest: Uint8Array): { signature: Uint8Array; publicKey: Uint8Array } {
    return { signature: this.sign(index, digest), publicKey: this.account(index).publicKey };
  }

  /** A 65-byte [r ‖ s ‖ v] signature of `digest` by account `index`. */
  sign(index: number, digest: Uint8Array): Uint8Array {
    const { signature, recid } = secp256k1.ecdsaSign(digest, this.account(index).privateKey);
    const out = new Uint8Array(65);
    out.set(signature);
    out[64] = recid;
    return out;
  }
}
