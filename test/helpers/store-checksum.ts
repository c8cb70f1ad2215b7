import type { Database } from '../../src/store/database/database.js';

/** Columns that record when something happened on this machine rather than what was indexed. */
const LOCAL_TIME_COLUMNS = ['updated_at', 'detected_at', 'applied_at'];

/** Tables that count the write transactions that made a store, not what it holds (two equal stores differ here). */
const WRITE_COUNT_TABLES = ['data_versions'];

/** Row count and an order-independent checksum of every Firn table, for comparing two stores. */
export async function storeChecksums(db: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { table_name: table } of tables) {
    if (WRITE_COUNT_TABLES.includes(table)) continue;
    const strip = LOCAL_TIME_COLUMNS.map((c) => ` - '${c}'`).join('');
    const { rows } = await db.query<{ n: string; md5: string | null }>(
      `SELECT count(*) AS n, md5(string_agg(r, E'\\n' ORDER BY r)) AS md5
         FROM (SELECT (to_jsonb(t)${strip})::text AS r FROM "${table}" t) s`,
    );
    out[table] = { rows: Number(rows[0]!.n), md5: rows[0]!.md5 ?? '' };
  }
  return out;
}
