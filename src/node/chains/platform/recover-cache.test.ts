import secp256k1 from 'secp256k1';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../lib/hash.js';
import { RecoverCache } from './recover-cache.js';

const key = (n: number) => new Uint8Array(32).fill(n);
const sign = (msg: number, k: number) => {
  const hash = sha256(Uint8Array.of(msg));
  const { signature, recid } = secp256k1.ecdsaSign(hash, key(k));
  return { hash, signature, recid };
};

describe('RecoverCache', () => {
  it('recovers the signer, from the cache the second time, and evicts the least recently used', () => {
    const cache = new RecoverCache(2);
    const a = sign(1, 1);
    const b = sign(2, 2);
    const c = sign(3, 3);
    const pubA = cache.recover(a.hash, a.signature, a.recid);
    expect(pubA).toEqual(secp256k1.publicKeyCreate(key(1), true));
    expect(cache.recover(a.hash, a.signature, a.recid)).toBe(pubA); // a hit: the same object
    const pubB = cache.recover(b.hash, b.signature, b.recid);
    cache.recover(a.hash, a.signature, a.recid); // a is now the most recent
    cache.recover(c.hash, c.signature, c.recid); // evicts b
    expect(cache.recover(a.hash, a.signature, a.recid)).toBe(pubA);
    const again = cache.recover(b.hash, b.signature, b.recid);
    expect(again).not.toBe(pubB);
    expect(again).toEqual(pubB);
  });

  it('keys on the hash and the recovery id as well as the signature', () => {
    const cache = new RecoverCache();
    const a = sign(1, 1);
    const other = sha256(Uint8Array.of(9));
    const pub = cache.recover(a.hash, a.signature, a.recid);
    expect(cache.recover(other, a.signature, a.recid)).not.toEqual(pub);
    let flipped: Uint8Array | undefined;
    try {
      flipped = cache.recover(a.hash, a.signature, a.recid ^ 1);
    } catch {
      flipped = undefined; // no key for that recovery id
    }
    expect(flipped).not.toEqual(pub);
  });

  it('does not cache failures', () => {
    const cache = new RecoverCache();
    expect(() => cache.recover(sha256(Uint8Array.of(1)), new Uint8Array(64), 0)).toThrow();
    expect(() => cache.recover(sha256(Uint8Array.of(1)), new Uint8Array(64), 0)).toThrow();
  });
});
