import { describe, expect, it } from 'vitest';
import { optQuantity, parseData, parseQuantity, smallQuantity } from './wire.js';

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
});
