import secp256k1 from 'secp256k1';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../../lib/hash.js';
import { KEY, ethAddress } from './atomic.fixtures.js';
import { recoverEthAddress } from './signatures.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function sign(digest: Uint8Array): Uint8Array {
  const { signature, recid } = secp256k1.ecdsaSign(digest, KEY);
  return new Uint8Array([...signature, recid]);
}

describe('recoverEthAddress', () => {
  it('recovers the Ethereum address of the signer', () => {
    const digest = sha256(new Uint8Array([1, 2, 3]));
    expect(recoverEthAddress(digest, sign(digest))).toEqual(ethAddress(KEY));
    expect(recoverEthAddress(sha256(new Uint8Array([4])), sign(digest))).not.toEqual(ethAddress(KEY));
  });

  it('refuses malformed and high-s signatures as AvalancheGo does', () => {
    const digest = sha256(new Uint8Array([1]));
    const sig = sign(digest);
    expect(() => recoverEthAddress(digest, sig.slice(0, 64))).toThrow('invalid signature length');
    const highS = Uint8Array.from(sig);
    const s = BigInt('0x' + Buffer.from(sig.subarray(32, 64)).toString('hex'));
    highS.set(Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex'), 32);
    expect(() => recoverEthAddress(digest, highS)).toThrow('signature was mutated from its original format');
    const compressed = Uint8Array.from(sig);
    compressed[64] = 4;
    expect(() => recoverEthAddress(digest, compressed)).toThrow("wasn't expecting a compressed key");
  });
});
