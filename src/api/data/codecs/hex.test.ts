import { describe, expect, it } from 'vitest';
import { hexOf, parseHash32 } from './hex.js';

describe('hexOf', () => {
  it('writes lowercase 0x hex, also of views', () => {
    expect(hexOf(new Uint8Array([0xab, 0x01]))).toBe('0xab01');
    expect(hexOf(new Uint8Array([1, 2, 0xff, 4]).subarray(2, 3))).toBe('0xff');
    expect(hexOf(new Uint8Array())).toBe('0x');
  });
});

describe('parseHash32', () => {
  it('reads 0x and 64 hex digits in any case', () => {
    const text = '0x8BF584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f45';
    expect(hexOf(parseHash32(text)!)).toBe(text.toLowerCase());
  });

  it.each(['', '0x', '8bf584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f45', '0x8bf584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f4', '0x8bf584d7b14b92a32a339872a66b134a70ba3ba7c305823f348db6f860253f4z'])(
    'rejects %j',
    (text) => expect(parseHash32(text)).toBeUndefined(),
  );
});
