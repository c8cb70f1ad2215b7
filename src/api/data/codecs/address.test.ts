import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress, parseEvmAddress } from './address.js';

const bytesOf = (hex: string) => new Uint8Array(Buffer.from(hex.slice(2), 'hex'));

describe('checksumAddress', () => {
  // The examples of EIP-55 itself.
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('encodes %s', (address) => {
    expect(checksumAddress(bytesOf(address.toLowerCase()))).toBe(address);
  });

  it('agrees with viem on random addresses (twice: cached and not)', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = new Uint8Array(randomBytes(20));
      const expected = getAddress('0x' + Buffer.from(bytes).toString('hex'));
      expect(checksumAddress(bytes)).toBe(expected);
      expect(checksumAddress(bytes)).toBe(expected);
    }
  });

  it('accepts a view into a larger buffer', () => {
    const big = new Uint8Array(40).fill(0xab);
    big.set(bytesOf('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'), 10);
    expect(checksumAddress(big.subarray(10, 30))).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });

  it('rejects anything but 20 bytes', () => {
    expect(() => checksumAddress(new Uint8Array(32))).toThrow(/20 bytes/);
  });
});

describe('parseEvmAddress', () => {
  it('takes 0x and 40 hex digits in any case', () => {
    const expected = bytesOf('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    expect(parseEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual(expected);
    expect(parseEvmAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toEqual(expected);
  });

  it.each(['', '0x', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00', '0xgaaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'])(
    'rejects %j',
    (text) => expect(parseEvmAddress(text)).toBeUndefined(),
  );
});
