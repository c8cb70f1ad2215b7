import { describe, expect, it } from 'vitest';
import { addressWord, bytesAt, decodeBoolResult, decodeStringResult, decodeUintResult, encodeCall, eventTopic, selector, uintArrayAt } from './abi.js';

const h = (s: string) => new Uint8Array(Buffer.from(s.replace(/^0x/, ''), 'hex'));
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const hex = (b: Uint8Array | undefined) => (b ? '0x' + Buffer.from(b).toString('hex') : undefined);

describe('abi', () => {
  it('hashes event and function signatures', () => {
    expect(hex(eventTopic('Transfer(address,address,uint256)'))).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    expect(hex(selector('transfer(address,uint256)'))).toBe('0xa9059cbb');
  });

  it('decodes ABI strings, bytes32 strings, and rejects what is neither', () => {
    const abiString = h(word(32) + word(9) + Buffer.from('Firn Coin').toString('hex').padEnd(64, '0'));
    expect(decodeStringResult(abiString)).toBe('Firn Coin');
    expect(decodeStringResult(h(Buffer.from('MKR').toString('hex').padEnd(64, '0')))).toBe('MKR');
    expect(decodeStringResult(h(word(32) + word(0)))).toBe('');
    expect(decodeStringResult(h('0x'))).toBeUndefined();
    expect(decodeStringResult(h(word(18)))).toBeUndefined(); // a number, not bytes32 text
    expect(decodeStringResult(h(word(32) + word(100)))).toBeUndefined(); // length past the end
    expect(decodeStringResult(h(word(32) + word(2) + 'c328'.padEnd(64, '0')))).toBeUndefined(); // invalid UTF-8
    expect(decodeStringResult(h(word(32) + word(3) + '610062'.padEnd(64, '0')))).toBe('ab'); // NUL dropped
    expect(decodeStringResult(h(word(32) + word(5) + Buffer.from('hello').toString('hex').padEnd(64, '0')), 4)).toBeUndefined();
  });

  it('decodes bools and uints strictly', () => {
    expect(decodeBoolResult(h(word(1)))).toBe(true);
    expect(decodeBoolResult(h(word(0)))).toBe(false);
    expect(decodeBoolResult(h(word(2)))).toBeUndefined();
    expect(decodeBoolResult(h(word(1) + word(1)))).toBeUndefined();
    expect(decodeBoolResult(h('0x01'))).toBeUndefined();
    expect(decodeUintResult(h(word(18)))).toBe(18n);
    expect(decodeUintResult(h('0x12'))).toBeUndefined();
  });

  it('reads address words only when the high bytes are zero', () => {
    expect(hex(addressWord(h('00'.repeat(12) + 'ab'.repeat(20))))).toBe('0x' + 'ab'.repeat(20));
    expect(addressWord(h('01' + '00'.repeat(11) + 'ab'.repeat(20)))).toBeUndefined();
    expect(addressWord(undefined)).toBeUndefined();
  });

  it('reads dynamic arrays and bytes within bounds', () => {
    const data = h(word(64) + word(160) + word(2) + word(1) + word(2) + word(1) + '1234'.padEnd(64, '0'));
    expect(uintArrayAt(data, 0, 0)).toEqual([1n, 2n]);
    expect(hex(bytesAt(data, 0, 32))).toBe('0x12');
    expect(uintArrayAt(h(word(32) + word(3) + word(1)), 0, 0)).toBeUndefined();
    expect(uintArrayAt(h(word(2n ** 200n)), 0, 0)).toBeUndefined();
  });

  it('encodes uint256 arguments', () => {
    expect(hex(encodeCall(selector('tokenURI(uint256)'), 7n))).toBe('0xc87b56dd' + word(7));
    expect(hex(encodeCall(selector('uri(uint256)'), 2n ** 256n - 1n))).toBe('0x0e89341c' + 'f'.repeat(64));
    expect(() => encodeCall(selector('uri(uint256)'), 2n ** 256n)).toThrow(RangeError);
  });
});
