import { parseWarpMessage, signerIndices } from '../../../../codec/warp/message.js';
import { parsePayload } from '../../../../codec/warp/payload.js';
import { unpackPredicate } from '../../evm/warp/predicate.js';
import type { AvalancheRules } from '../network-upgrades.js';
import { LOG_DATA_GAS, LOG_GAS, LOG_TOPIC_GAS } from './allow-list.js';

/**
 * The warp precompile's gas (precompile/contracts/warp/contract.go). Granite repriced reading and verifying
 * messages: message bytes are charged per 32-byte chunk instead of per byte, and the base, per-signer and
 * signature-verification costs dropped.
 */
export const ADD_WARP_MESSAGE_GAS = 20_000n;
export const WRITE_GAS_PER_SLOT = 20_000n;
/** LogGas + 3 topics + producing and serving a BLS signature + a trie write: 41,500. */
export const SEND_WARP_MESSAGE_GAS = LOG_GAS + 3n * LOG_TOPIC_GAS + ADD_WARP_MESSAGE_GAS + WRITE_GAS_PER_SLOT;
export const SEND_WARP_MESSAGE_GAS_PER_BYTE = LOG_DATA_GAS;

export interface WarpGasCosts {
  getBlockchainId: bigint;
  getVerifiedBase: bigint;
  perSigner: bigint;
  signatureVerification: bigint;
  /** Gas for reading `n` predicate bytes (at verification and again at each read). */
  messageBytes(n: number): bigint;
}

export const PRE_GRANITE_WARP_GAS: WarpGasCosts = {
  getBlockchainId: 2n, getVerifiedBase: 2n, perSigner: 500n, signatureVerification: 200_000n,
  messageBytes: (n) => 100n * BigInt(n),
};

export const GRANITE_WARP_GAS: WarpGasCosts = {
  getBlockchainId: 200n, getVerifiedBase: 750n, perSigner: 250n, signatureVerification: 125_000n,
  messageBytes: (n) => 512n * BigInt(Math.ceil(n / 32)),
};

export function warpGas(rules: AvalancheRules): WarpGasCosts {
  return rules.IsGranite ? GRANITE_WARP_GAS : PRE_GRANITE_WARP_GAS;
}

/**
 * Config.PredicateGas: verification base + message bytes + per signer. A predicate that does not unpack to a
 * signed warp message with a valid payload makes the whole tx invalid (the error is thrown).
 */
export function warpPredicateGas(packed: Uint8Array, rules: AvalancheRules): bigint {
  const costs = warpGas(rules);
  let total = costs.signatureVerification + costs.messageBytes(packed.length);
  let unpacked: Uint8Array;
  try {
    unpacked = unpackPredicate(packed);
  } catch (e) {
    throw new Error(`cannot unpack predicate bytes: ${(e as Error).message}`);
  }
  let msg;
  try {
    msg = parseWarpMessage(unpacked);
  } catch (e) {
    throw new Error(`cannot unpack warp message: ${(e as Error).message}`);
  }
  try {
    parsePayload(msg.unsigned.payload);
  } catch (e) {
    throw new Error(`cannot unpack warp message payload: ${(e as Error).message}`);
  }
  total += BigInt(signerIndices(msg.signature.signers).length) * costs.perSigner;
  return total;
}
