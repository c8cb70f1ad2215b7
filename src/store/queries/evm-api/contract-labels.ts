import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import type { ContractErcType } from '../../writers/evm/evm-batch.js';
import { bytes, optNum, optText } from '../evm/rows.js';
import { hexOf } from '../../../lib/hex.js';

/** What the store knows to show beside an address that is a contract: its token name, symbol and decimals. */
export interface ContractLabel {
  ercType: ContractErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
}

/** Labels of the given addresses that are indexed contracts, keyed by lowercase hex without `0x`. */
export async function contractLabels(db: Queryable, chain: number, addresses: readonly Uint8Array[]): Promise<Map<string, ContractLabel>> {
  const labels = new Map<string, ContractLabel>();
  const unique = new Map<string, Uint8Array>();
  for (const a of addresses) unique.set(labelKey(a), a);
  if (unique.size === 0) return labels;
  const { rows } = await db.query(
    `SELECT c.address, ${labelColumns('c', 'label')} FROM evm_contracts c WHERE c.chain = $1 AND c.address = ANY($2::bytea[])`,
    [chain, [...unique.values()].map((a) => Buffer.from(a))],
    KEY_LOOKUP,
  );
  for (const r of rows) addLabelFromRow(labels, bytes(r.address), r, 'label');
  return labels;
}

export function labelKey(address: Uint8Array): string {
  return hexOf(address);
}

/** Columns of the evm_contracts row joined as `alias`, named `<prefix>_…`, for `addLabelFromRow` (a label read in the same statement). */
export function labelColumns(alias: string, prefix: string): string {
  return `${alias}.erc_type AS ${prefix}_erc_type, ${alias}.name AS ${prefix}_name, ${alias}.symbol AS ${prefix}_symbol, ${alias}.decimals AS ${prefix}_decimals`;
}

/** Adds to `labels` the label of `address` from columns named by `labelColumns`, when the join found a contract. */
export function addLabelFromRow(labels: Map<string, ContractLabel>, address: Uint8Array | undefined, r: Record<string, unknown>, prefix: string): void {
  const ercType = r[`${prefix}_erc_type`];
  if (address === undefined || ercType === null || ercType === undefined) return;
  labels.set(labelKey(address), {
    ercType: ercType as ContractErcType,
    name: optText(r[`${prefix}_name`]),
    symbol: optText(r[`${prefix}_symbol`]),
    decimals: optNum(r[`${prefix}_decimals`]),
  });
}
