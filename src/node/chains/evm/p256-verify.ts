import type { ExecResult, PrecompileInput } from '@ethereumjs/evm';
import { p256 } from '@noble/curves/nist.js';

/** RIP-7212 P256VERIFY, which coreth serves at 0x…0100 from Granite, at RIP-7212's price. */
export const P256_VERIFY_ADDRESS = '0x0000000000000000000000000000000000000100' as const;
export const P256_VERIFY_GAS = 3450n;

const ONE = new Uint8Array(32);
ONE[31] = 1;

/**
 * Input: hash ‖ r ‖ s ‖ x ‖ y (32 bytes each). Output: 32-byte 1 for a valid signature, empty otherwise
 * (wrong length, values out of range, a point off the curve, or a signature that does not verify).
 */
export function p256VerifyPrecompile(input: PrecompileInput): ExecResult {
  if (input.gasLimit < P256_VERIFY_GAS) {
    return { returnValue: new Uint8Array(0), executionGasUsed: input.gasLimit, exceptionError: { error: 'out of gas', errorType: 'EvmError' } as never };
  }
  return { returnValue: verify(input.data) ? ONE.slice() : new Uint8Array(0), executionGasUsed: P256_VERIFY_GAS };
}

function verify(data: Uint8Array): boolean {
  if (data.length !== 160) return false;
  const hash = data.subarray(0, 32);
  const signature = data.subarray(32, 96);
  const point = new Uint8Array(65);
  point[0] = 0x04;
  point.set(data.subarray(96, 160), 1);
  try {
    return p256.verify(signature, hash, point, { prehash: false, lowS: false, format: 'compact' });
  } catch {
    return false;
  }
}
