import { hexOf } from '../codecs/hex.js';
import { standardFunctionName } from './known-selectors.js';

export type CallType = 'NATIVE_TRANSFER' | 'CONTRACT_CALL' | 'CONTRACT_CREATION';

/** The Data API's Method of a transaction. */
export interface MethodWire {
  callType: CallType;
  /** The selector (`0x` + 8 hex) of a contract call; `""` otherwise (the field is required). */
  methodHash: string;
  /** `Native Transfer`, `Contract Created`, or a call's function signature when Firn knows it. */
  methodName?: string;
}

/**
 * What a transaction does, from its target and its input's selector: no target is a creation; a call
 * with a 4-byte selector is a contract call (named when it is a token-standard function); anything else
 * (no input, or fewer than 4 bytes of it) moves the native token only.
 */
export function methodOf(tx: { to?: Uint8Array; methodId?: Uint8Array }): MethodWire {
  if (!tx.to) return { callType: 'CONTRACT_CREATION', methodHash: '', methodName: 'Contract Created' };
  if (!tx.methodId) return { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' };
  const methodHash = hexOf(tx.methodId);
  const methodName = standardFunctionName(methodHash.slice(2));
  return { callType: 'CONTRACT_CALL', methodHash, ...(methodName ? { methodName } : {}) };
}
