import type { HealthCheck } from '../check.js';
import { hexOf } from '../../../../lib/hex.js';

export interface BlsKeys {
  /** The node's own BLS public key, compressed (48 bytes). */
  localPublicKey(): Uint8Array;
  /**
   * The key the primary-network validator set has for this node: undefined when the node is not a
   * validator, null when it is one without a BLS key.
   */
  registeredPublicKey(): Uint8Array | null | undefined;
}

/** avalanchego's `bls` check (node/node.go initHealthAPI). */
export function blsCheck(keys: BlsKeys): HealthCheck {
  return () => {
    const registered = keys.registeredPublicKey();
    if (registered === undefined) return 'node is not a validator';
    if (registered === null) return "validator doesn't have a BLS key";
    const local = keys.localPublicKey();
    if (toHex(local) === toHex(registered)) return 'node has the correct BLS key';
    throw new Error(`node has BLS key 0x${toHex(local)}, but is registered to the validator set with 0x${toHex(registered)}`);
  };
}

function toHex(b: Uint8Array): string {
  return hexOf(b);
}
