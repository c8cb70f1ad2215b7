import { compareBytes } from '../../lib/bytes.js';
import { uncompressedPublicKey } from './bls.js';

/**
 * The canonical warp validator set (snow/validators/warp.go FlattenValidatorSet): validators without a BLS
 * key are dropped but their weight counts in the total; validators sharing a key are merged (weights summed,
 * node IDs collected); the result is sorted by the 96-byte uncompressed public key.
 */
export interface ValidatorWeight {
  nodeId: Uint8Array;
  weight: bigint;
  /** Compressed G1 key, absent for validators without one. */
  publicKey?: Uint8Array;
}

export interface WarpValidator {
  /** Compressed G1 key. */
  publicKey: Uint8Array;
  uncompressed: Uint8Array;
  weight: bigint;
  nodeIds: Uint8Array[];
}

export interface WarpSet {
  validators: WarpValidator[];
  totalWeight: bigint;
}

export function flattenValidatorSet(entries: Iterable<ValidatorWeight>): WarpSet {
  const byKey = new Map<string, WarpValidator>();
  let totalWeight = 0n;
  for (const e of entries) {
    totalWeight += e.weight;
    if (!e.publicKey) continue;
    const uncompressed = uncompressedPublicKey(e.publicKey);
    const k = Buffer.from(uncompressed).toString('hex');
    let v = byKey.get(k);
    if (!v) byKey.set(k, (v = { publicKey: e.publicKey, uncompressed, weight: 0n, nodeIds: [] }));
    v.weight += e.weight;
    v.nodeIds.push(e.nodeId);
  }
  const validators = [...byKey.values()].sort((a, b) => compareBytes(a.uncompressed, b.uncompressed));
  return { validators, totalWeight };
}
