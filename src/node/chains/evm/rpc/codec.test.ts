import { describe, it, expect } from 'vitest';
import { arity, fromRpc, toRpc } from './codec.js';

describe('eth RPC codec', () => {
  it('reads quantities with hexutil rules', () => {
    expect(fromRpc.quantity('0x0', 0)).toBe(0n);
    expect(fromRpc.quantity('0x1a', 0)).toBe(26n);
    expect(() => fromRpc.quantity('0x01', 1)).toThrow('invalid argument 1: hex number with leading zero digits');
    expect(() => fromRpc.quantity('12', 0)).toThrow('invalid argument 0: hex string without 0x prefix');
    expect(() => fromRpc.quantity('0x', 0)).toThrow('invalid argument 0: hex string "0x"');
    expect(() => fromRpc.quantity('0xzz', 0)).toThrow('invalid argument 0: invalid hex string');
    expect(() => fromRpc.quantity(5, 0)).toThrow('invalid argument 0: json: cannot unmarshal non-string into Go value of type hexutil.Big');
    expect(() => fromRpc.quantity('0x10000000000000000', 0, 64)).toThrow('invalid argument 0: hex number > 64 bits');
  });

  it('reads data, addresses, hashes and block refs', () => {
    expect(fromRpc.data('0x', 0)).toEqual(new Uint8Array(0));
    expect(() => fromRpc.data('0x123', 0)).toThrow('invalid argument 0: hex string of odd length');
    expect(() => fromRpc.address('0x1234', 0)).toThrow('invalid argument 0: hex string has length 4, want 40 for common.Address');
    expect(fromRpc.hash('0x' + '11'.repeat(32), 0)).toHaveLength(32);
    expect(fromRpc.blockTag('latest', 0)).toEqual({ tag: 'latest' });
    expect(fromRpc.blockTag('earliest', 0)).toEqual({ number: 0n });
    expect(fromRpc.blockTag('0x5', 0)).toEqual({ number: 5n });
    expect(fromRpc.blockRef(undefined, 1)).toEqual({ tag: 'latest' });
    expect(fromRpc.blockRef({ blockNumber: '0x2' }, 1)).toEqual({ number: 2n });
    expect('hash' in fromRpc.blockRef('0x' + '22'.repeat(32), 1)).toBe(true);
  });

  it('reads call arguments', () => {
    const r = fromRpc.callRequest({ to: '0x' + '00'.repeat(19) + '01', input: '0xabcd', value: '0x10', gas: '0x5208' }, 0);
    expect(r.value).toBe(16n);
    expect(r.gas).toBe(21000n);
    expect(r.data).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(() => fromRpc.callRequest({ data: '0x01', input: '0x02' }, 0)).toThrow(/both "data" and "input" are set/);
  });

  it('writes quantities and checks arity', () => {
    expect(toRpc.quantity(0n)).toBe('0x0');
    expect(toRpc.quantity(255n)).toBe('0xff');
    expect(() => arity([1, 2], 0, 1)).toThrow('too many arguments, want at most 1');
    expect(() => arity([], 1, 2)).toThrow('missing value for required argument 0');
  });
});
