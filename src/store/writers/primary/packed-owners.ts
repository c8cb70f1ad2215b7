import { compareBytes } from '../../../lib/bytes.js';

/** Owners are short ids (20 bytes); primary_utxos.owners holds them end to end. */
const SHORT_ID_BYTES = 20;

/** primary_utxos.owners: the distinct owners sorted (as PostgreSQL orders bytea) and concatenated; null if one is not 20 bytes. */
export function packOwners(addresses: readonly Uint8Array[]): Uint8Array | null {
  if (addresses.some((a) => a.length !== SHORT_ID_BYTES)) return null;
  const sorted = [...addresses].sort(compareBytes).filter((a, i, all) => i === 0 || compareBytes(a, all[i - 1]!) !== 0);
  const out = new Uint8Array(sorted.length * SHORT_ID_BYTES);
  sorted.forEach((a, i) => out.set(a, i * SHORT_ID_BYTES));
  return out;
}

/**
 * The owners packOwners packed, each a plain Uint8Array view of the packed bytes (the column is read as a Buffer):
 * no copy, as for the other columns of a row read to build one answer.
 */
export function unpackOwners(packed: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at + SHORT_ID_BYTES <= packed.length; at += SHORT_ID_BYTES) out.push(new Uint8Array(packed.buffer, packed.byteOffset + at, SHORT_ID_BYTES));
  return out;
}
