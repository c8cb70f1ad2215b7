import type { Queryable } from '../../database/database.js';
import { lockKey } from '../../database/lock-key.js';

/** A parameter as the drivers take it: bigint as a decimal string, bytes as bytes. */
export function param(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array && !(value instanceof Buffer)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value ?? null;
}

const MAX_ROWS_PER_STATEMENT = 1000;

/**
 * Runs `sql(valuesList)` over the rows in chunks, where the values list is
 * `(VALUES ($1::t1, $2::t2, ...), (...))` with the given column types; extra parameters come first.
 */
export async function withValues(db: Queryable, rows: readonly (readonly unknown[])[], types: readonly string[],
  sql: (values: string) => string, leading: readonly unknown[] = []): Promise<number> {
  let affected = 0;
  for (let i = 0; i < rows.length; i += MAX_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + MAX_ROWS_PER_STATEMENT);
    const params: unknown[] = leading.map(param);
    const tuples = chunk.map((row) => {
      const cells = row.map((v, j) => {
        params.push(param(v));
        return `$${params.length}::${types[j]}`;
      });
      return `(${cells.join(', ')})`;
    });
    const result = await db.query(sql(`(VALUES ${tuples.join(', ')})`), params);
    affected += result.rowCount;
  }
  return affected;
}

/** Inserts rows unless a row with the same key is already there (COPY into a temporary table, then INSERT … ON CONFLICT DO NOTHING). */
export async function copyIgnoringDuplicates(db: Queryable, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const temp = `firn_tmp_${table}`;
  await db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${temp} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DELETE ROWS`);
  await db.query(`DELETE FROM ${temp}`);
  await db.copyRows(temp, columns, rows);
  const cols = columns.join(', ');
  await db.query(`INSERT INTO ${table} (${cols}) SELECT ${cols} FROM ${temp} ON CONFLICT DO NOTHING`);
  await db.query(`DELETE FROM ${temp}`);
}

/**
 * Serializes the cross-chain steps of the P, X and C writers (linking an import to the export it spends): the
 * second of two concurrent transactions waits for the first to commit, then sees its rows.
 */
export async function lockAtomicLinks(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey('primary-atomic-links')]);
}
