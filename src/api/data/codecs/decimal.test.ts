import { describe, expect, it } from 'vitest';
import { decimal, parseBlockNumber, parseUint256, safeNumber } from './decimal.js';

describe('decimal', () => {
  it('writes bigints and numbers in base 10 without loss', () => {
    expect(decimal(2n ** 255n)).toBe('57896044618658097711785492504343953926634992332820282019728792003956564819968');
    expect(decimal(0n)).toBe('0');
    expect(decimal(42)).toBe('42');
  });
});

describe('safeNumber', () => {
  it('converts exactly or refuses', () => {
    expect(safeNumber(1_700_000_000_123n)).toBe(1_700_000_000_123);
    expect(() => safeNumber(2n ** 53n)).toThrow(/JSON number/);
  });
});

describe('parseUint256', () => {
  it('reads base-10 token ids up to 2^256-1', () => {
    expect(parseUint256('145')).toBe(145n);
    expect(parseUint256('0')).toBe(0n);
    expect(parseUint256('007')).toBe(7n);
    expect(parseUint256((2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n);
  });

  it.each(['', '-1', '1.5', '0x10', ' 1', (2n ** 256n).toString(), '1e3'])('rejects %j', (text) => {
    expect(parseUint256(text)).toBeUndefined();
  });
});

describe('parseBlockNumber', () => {
  it('reads int64 block numbers only', () => {
    expect(parseBlockNumber('0')).toBe(0n);
    expect(parseBlockNumber('9223372036854775807')).toBe(2n ** 63n - 1n);
    expect(parseBlockNumber('9223372036854775808')).toBeUndefined();
    expect(parseBlockNumber('0x10')).toBeUndefined();
    expect(parseBlockNumber('')).toBeUndefined();
  });
});
