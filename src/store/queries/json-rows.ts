import { hexToBytes } from '../../lib/hex.js';
import type { Row } from '../database/database.js';

/**
 * Rows a statement nested as one JSON array column (`json_agg` of a subquery, for a one-to-many part of a lookup),
 * shaped as the driver gives top-level rows: the `bytea` columns, which the subquery sends as `encode(…, 'hex')`
 * (JSON has no bytes), become bytes again. numeric columns must come as text (`::text`): JSON numbers lose
 * precision past 2^53. The drivers parse json columns; text is parsed here too, in case one does not.
 */
export function jsonRows(value: unknown, byteaColumns: readonly string[]): Row[] {
  if (value === null || value === undefined) return [];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) throw new Error(`expected a JSON array of rows, got ${typeof parsed}`);
  for (const row of parsed as Row[]) {
    for (const column of byteaColumns) {
      const hex = row[column];
      if (typeof hex === 'string') row[column] = hexToBytes(hex);
    }
  }
  return parsed as Row[];
}
