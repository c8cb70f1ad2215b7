import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import type { AssetAmount, Owners, TxAmounts } from './rows.js';

/**
 * JSON forms of the primary-network values kept in jsonb columns: ids and addresses as 0x-hex, amounts and
 * times as decimal strings (exact), so a value read back is the value written.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Uint8Array → 0x-hex, bigint → decimal string, undefined properties dropped; everything else as is. */
export function toJson(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) out[k] = toJson(v);
    return out;
  }
  return value as Json;
}

export interface OwnersJson {
  locktime: string;
  threshold: number;
  addresses: string[];
}

export function ownersFromJson(j: OwnersJson): Owners {
  return { locktime: BigInt(j.locktime), threshold: j.threshold, addresses: j.addresses.map(hexToBytes) };
}

type AmountsJson = Partial<Record<keyof TxAmounts, { assetId: string; amount: string }[]>>;

export function amountsFromJson(j: AmountsJson): TxAmounts {
  const out: TxAmounts = {};
  for (const [k, list] of Object.entries(j) as [keyof TxAmounts, { assetId: string; amount: string }[]][]) {
    out[k] = list.map((a): AssetAmount => ({ assetId: hexToBytes(a.assetId), amount: BigInt(a.amount) }));
  }
  return out;
}
