import { keccak_256 } from '@noble/hashes/sha3.js';
import { formatBech32 } from '../../../../lib/bech32-address.js';
import { cb58Encode } from '../../../../lib/cb58.js';
import { bytesToHex } from '../../../../lib/hex.js';
import { checksumAddress } from '../../codecs/address.js';
import { memoizeBytes } from '../../codecs/bytes-memo.js';

/**
 * The Data API's renderings of store values: ids in cb58, node ids as NodeID-…, addresses in bech32 (no chain
 * prefix, as the real service lists them), EVM addresses checksummed, amounts as decimal strings.
 */

/**
 * Memoized: every page repeats asset, chain and UTXO-owner ids, and each encoding hashes a checksum. A page's own
 * repeats are a few hundred values, so a few thousand suffice; most ids are seen once (tx and UTXO ids), and a
 * larger memo only kept them long enough to be promoted to the old generation: with 50,000 entries, the scavenges
 * during a burst of first-time P-chain tx lookups took 12–18 ms, against 8–10 ms with 4,096 (2026-11-30).
 */
const MEMO_ENTRIES = 4_096;
const cb58Memo = memoizeBytes(cb58Encode, MEMO_ENTRIES);
const bech32Memos = new Map<string, (shortId: Uint8Array) => string>();

export const cb58 = (id: Uint8Array): string => cb58Memo(id);

export const nodeIdText = (id: Uint8Array): string => `NodeID-${cb58Memo(id)}`;

export const hex = (bytes: Uint8Array): string => bytesToHex(bytes);

export function bech32(hrp: string, shortId: Uint8Array): string {
  let memo = bech32Memos.get(hrp);
  if (!memo) {
    memo = memoizeBytes((b) => formatBech32(hrp, b), MEMO_ENTRIES);
    bech32Memos.set(hrp, memo);
  }
  return memo(shortId);
}

/** Unix seconds as a JSON number. */
export const seconds = (t: bigint): number => Number(t);

/** EIP-55 mixed-case checksum address. */
export function evmAddress(address: Uint8Array): string {
  if (address.length === 20) return checksumAddress(address);
  const lower = Buffer.from(address).toString('hex');
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** Hex of a memo; an empty memo is the empty string. */
export const memoText = (memo: Uint8Array): string => (memo.length === 0 ? '' : bytesToHex(memo));

/**
 * A delegation fee given in parts per million as the percentage the real service shows, with 16 decimals:
 * 20,000 → "2.0000000000000000" (exact: a part per million is 0.0001 %).
 */
export function feePercent(shares: number): string {
  const whole = Math.floor(shares / 10_000);
  const fraction = String(shares % 10_000).padStart(4, '0');
  return `${whole}.${fraction}${'0'.repeat(12)}`;
}
