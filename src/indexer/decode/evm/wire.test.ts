import { describe, expect, it } from 'vitest';
import { fixedData, optQuantity, parseData, parseQuantity, quantity, smallQuantity } from './wire.js';

describe('wire readers', () => {
  it('reads hex quantities (leading zeros tolerated) and JSON integers', () => {
    expect(parseQuantity('0x0', 'x')).toBe(0n);
    expect(parseQuantity('0x01', 'x')).toBe(1n);
    expect(parseQuantity('0x' + 'f'.repeat(64), 'x')).toBe(2n ** 256n - 1n);
    expect(parseQuantity(12, 'x')).toBe(12n);
    for (const bad of ['12', '0x', '0xg', ' 0x1', -1, 1.5, null, '0x' + '1'.repeat(65)]) expect(() => parseQuantity(bad, 'x')).toThrow(/x: expected a hex quantity/);
  });

  it('treats absent and null optional fields alike', () => {
    expect(optQuantity({}, 'a', 'o')).toBeUndefined();
    expect(optQuantity({ a: null }, 'a', 'o')).toBeUndefined();
    expect(() => smallQuantity({ a: '0x20000000000000' }, 'a', 'o')).toThrow(/too large/);
  });

  it('reads hex data of even length only', () => {
    expect(Array.from(parseData('0x00ff', 'd'))).toEqual([0, 255]);
    expect(parseData('0x', 'd')).toHaveLength(0);
    expect(() => parseData('0x0', 'd')).toThrow(/expected hex data/);
    expect(() => parseData('00', 'd')).toThrow(/expected hex data/);
  });

  it('requires the 0x prefix and refuses what decodeHex refuses', () => {
    expect(parseData(`0x${'ab'.repeat(40)}`, 'd')).toEqual(new Uint8Array(40).fill(0xab));
    expect(() => parseData('ab'.repeat(40), 'd')).toThrow(/d: expected hex data/);
    expect(() => parseData(`0x${'İ0'.repeat(40)}`, 'd')).toThrow(/d: expected hex data/);
  });

  it('names the field in its errors', () => {
    expect(() => quantity({ gas: 'x' }, 'gas', 'block 5 tx 1')).toThrow('block 5 tx 1.gas: expected a hex quantity, got "x"');
    expect(() => fixedData({ hash: '0x00' }, 'hash', 32, 'block 5')).toThrow('block 5.hash: expected 32 bytes, got 1');
    expect(() => parseData(7, 'block 5 log 0', 'topics[2]')).toThrow('block 5 log 0.topics[2]: expected hex data, got 7');
  });
});
