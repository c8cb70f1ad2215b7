import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../lib/hash.js';
import { P256_VERIFY_GAS, p256VerifyPrecompile } from './p256-verify.js';

const call = (data: Uint8Array, gasLimit = 100_000n) => p256VerifyPrecompile({ data, gasLimit } as never);

describe('P256VERIFY (RIP-7212)', () => {
  const key = new Uint8Array(32).fill(3);
  const pub = p256.getPublicKey(key, false);
  const hash = sha256(new TextEncoder().encode('firn'));
  const sig = p256.sign(hash, key, { prehash: false, format: 'compact' });
  const input = new Uint8Array([...hash, ...sig, ...pub.subarray(1)]);

  it('returns 1 for a valid signature and charges 3450 gas', () => {
    const r = call(input);
    expect(r.returnValue[31]).toBe(1);
    expect(r.returnValue.length).toBe(32);
    expect(r.executionGasUsed).toBe(P256_VERIFY_GAS);
  });
  it('returns empty output for a bad signature, wrong length or off-curve point', () => {
    const bad = input.slice();
    bad[40] = bad[40]! ^ 1;
    expect(call(bad).returnValue.length).toBe(0);
    expect(call(input.subarray(0, 159)).returnValue.length).toBe(0);
    const offCurve = input.slice();
    offCurve[159] = offCurve[159]! ^ 1;
    expect(call(offCurve).returnValue.length).toBe(0);
  });
  it('runs out of gas below its price', () => {
    expect(call(input, 3449n).exceptionError).toBeDefined();
  });
});
