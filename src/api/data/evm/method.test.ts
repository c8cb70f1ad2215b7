import { describe, expect, it } from 'vitest';
import { methodOf } from './method.js';

const to = new Uint8Array(20).fill(0x42);

describe('methodOf', () => {
  it('a transaction without a target creates a contract', () => {
    expect(methodOf({})).toEqual({ callType: 'CONTRACT_CREATION', methodHash: '', methodName: 'Contract Created' });
  });

  it('a call without a selector is a native transfer', () => {
    expect(methodOf({ to })).toEqual({ callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' });
  });

  it('a standard selector is named', () => {
    expect(methodOf({ to, methodId: new Uint8Array([0xa9, 0x05, 0x9c, 0xbb]) })).toEqual({
      callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)',
    });
  });

  it('an unknown selector has a hash and no name', () => {
    const method = methodOf({ to, methodId: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) });
    expect(method).toEqual({ callType: 'CONTRACT_CALL', methodHash: '0xdeadbeef' });
    expect('methodName' in method).toBe(false);
  });
});
