import { describe, expect, it } from 'vitest';
import { stringifyJson } from './json.js';

describe('stringifyJson', () => {
  it('matches JSON.stringify on plain data', () => {
    const v = { a: 1, b: 'x"y', c: [1, null, undefined, { d: true }], e: undefined, f: { g: [] }, h: new Date(0) };
    expect(stringifyJson(v)).toBe(JSON.stringify(v));
  });
  it('writes bigint exactly, whatever a string contains', () => {
    expect(stringifyJson({ amt: 300000000000000000n, name: '#u64#5', n: [2n ** 64n - 1n] })).toBe('{"amt":300000000000000000,"name":"#u64#5","n":[18446744073709551615]}');
  });
});
