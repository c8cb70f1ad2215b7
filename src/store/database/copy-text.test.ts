import { describe, expect, it } from 'vitest';
import { copyText, copyValue } from './copy-text.js';

describe('copyValue', () => {
  it('writes bytea as \\\\x hex, views at an offset included', () => {
    const backing = new Uint8Array([0xff, 0x01, 0xab, 0x00, 0xee]);
    expect(copyValue(backing.subarray(1, 4))).toBe('\\\\x01ab00');
    expect(copyValue(new Uint8Array(0))).toBe('\\\\x');
    expect(copyValue(Buffer.from([0x12]))).toBe('\\\\x12');
  });

  it('writes null, numbers, bigints, booleans, escaped text and JSON', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(2n ** 200n)).toBe((2n ** 200n).toString());
    expect(copyValue(-7)).toBe('-7');
    expect(copyValue(true)).toBe('t');
    expect(copyValue('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyValue({ v: 1n, s: 'x\ty' })).toBe('{"v":"1","s":"x\\\\ty"}');
    expect(() => copyValue(Number.NaN)).toThrow(/finite/);
  });
});

describe('copyText', () => {
  it('writes one tab-separated line per row, as UTF-8', () => {
    expect(copyText([[1, new Uint8Array([0xab]), null], [2n, 'x', false]]).toString('utf8')).toBe('1\t\\\\xab\t\\N\n2\tx\tf\n');
    expect(copyText([]).length).toBe(0);
    expect(copyText([['héllo\t🌲', { a: 'ü' }]]).toString('utf8')).toBe('héllo\\t🌲\t{"a":"ü"}\n');
  });

  it('writes integers as their decimal text: bigints and numbers, at and beyond the safe range', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const values = [0, 1, -1, 9, 10, -10, 99, 100, 123456789, 2 ** 32, max, -max, 0n, 7n, -7n, 10n ** 15n, BigInt(max), -BigInt(max),
      BigInt(max) + 1n, -BigInt(max) - 1n, 10n ** 18n, 2n ** 256n - 1n];
    expect(copyText([values]).toString('latin1')).toBe(values.map(String).join('\t') + '\n');
    for (let i = 0; i < 2000; i++) {
      const n = Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 16)) * (i % 2 ? 1 : -1);
      expect(copyText([[n, BigInt(n)]]).toString('latin1')).toBe(`${n}\t${n}\n`);
    }
  });

  it('writes every value as copyValue does, past its first buffer', () => {
    const big = new Uint8Array(50_000).map((_, i) => i * 7);
    const rows = [[big, 'x'.repeat(70_000), -1.5, new Date(0), true], [new Uint8Array(0), undefined, 'a\\b']];
    const expected = rows.map((r) => r.map(copyValue).join('\t') + '\n').join('');
    expect(copyText(rows).toString('utf8')).toBe(expected);
  });
});
