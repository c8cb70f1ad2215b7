import type { Database, Queryable } from '../../database/database.js';

/**
 * The plan PostgreSQL picks for `sql` when sequential scans are priced out: if it still contains a Seq Scan,
 * no index can serve the query (test tables are too small for the planner to prefer indexes on its own).
 */
export async function planWithoutSeqScans(db: Database, sql: string, params: readonly unknown[] = []): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The plans (as planWithoutSeqScans gives them) of every statement `run` sends. */
export async function plansOf(db: Database, run: (q: Queryable) => Promise<unknown>): Promise<string[]> {
  const sent: [string, readonly unknown[]][] = [];
  const recorder: Queryable = {
    query: (text, params) => {
      sent.push([text, params ?? []]);
      return db.query(text, params);
    },
    exec: (text) => db.exec(text),
    copyRows: (table, columns, rows) => db.copyRows(table, columns, rows),
  };
  await run(recorder);
  const plans: string[] = [];
  for (const [text, params] of sent) plans.push(await planWithoutSeqScans(db, text, params));
  return plans;
}
