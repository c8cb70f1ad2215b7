import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createTxFromRLP } from '@ethereumjs/tx';
import { privateKeyToAccount } from 'viem/accounts';
import { hexToBytes } from 'viem';
import { createEvmCommon, keccak256 } from './crypto.js';
import { TEST_KEYS } from './testing.js';

describe('keccak256 (native sponge)', () => {
  it('matches the reference around the 136-byte rate boundary and on views into larger buffers', () => {
    for (const n of [0, 1, 31, 32, 33, 135, 136, 137, 271, 272, 273, 1000]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);
      expect(Buffer.from(keccak256(data)).toString('hex'), `length ${n}`).toBe(Buffer.from(keccak_256(data)).toString('hex'));
    }
    const big = Uint8Array.from({ length: 100 }, (_, i) => i);
    expect(keccak256(big.subarray(10, 50))).toEqual(keccak_256(big.subarray(10, 50)));
  });

  it('returns a fresh plain Uint8Array per call', () => {
    const a = keccak256(new Uint8Array([1]));
    const b = keccak256(new Uint8Array([2]));
    expect(a.constructor).toBe(Uint8Array);
    expect(a).not.toEqual(b);
    expect(a).toEqual(keccak_256(new Uint8Array([1])));
  });
});

describe('sender address cache', () => {
  it('gives the signer address, the same on every call', async () => {
    const account = privateKeyToAccount(TEST_KEYS[1]);
    const raw = await account.signTransaction({ chainId: 43112, type: 'eip1559', nonce: 0, to: account.address, value: 1n, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    const tx = createTxFromRLP(hexToBytes(raw), { common: createEvmCommon(43112n) });
    const first = tx.getSenderAddress();
    expect(first.toString()).toBe(account.address.toLowerCase());
    expect(tx.getSenderAddress()).toBe(first);
  });
});
