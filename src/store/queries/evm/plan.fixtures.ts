import type { Database, Queryable, QueryOptions } from '../../database/database.js';

/**
 * The plan PostgreSQL picks for `sql` when sequential scans are priced out: if it still contains a Seq Scan,
 * no index can serve the query (test tables are too small for the planner to prefer indexes on its own).
 * A key lookup (`options.plan` 'generic') gets the plan made once for any values, the one the server reuses.
 */
export async function planWithoutSeqScans(db: Database, sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    let rows: { 'QUERY PLAN': string }[];
    if (options?.plan === 'generic') {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.exec(`PREPARE firn_plan_check AS ${sql}`);
      // EXPLAIN EXECUTE takes no bound values: they go in as literals, which a generic plan does not look at.
      const args = params.length > 0 ? `(${params.map(literalOf).join(', ')})` : '';
      ({ rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE firn_plan_check${args}`));
      await tx.exec('DEALLOCATE firn_plan_check');
    } else {
      ({ rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params));
    }
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The plans (as planWithoutSeqScans gives them) of every statement `run` sends. */
export async function plansOf(db: Database, run: (q: Queryable) => Promise<unknown>): Promise<string[]> {
  const sent: [string, readonly unknown[], QueryOptions | undefined][] = [];
  const recorder: Queryable = {
    query: (text, params, options) => {
      sent.push([text, params ?? [], options]);
      return db.query(text, params, options);
    },
    exec: (text) => db.exec(text),
    copyRows: (table, columns, rows) => db.copyRows(table, columns, rows),
    copyFromText: (table, columns, text) => db.copyFromText(table, columns, text),
    copyFromBinary: (table, columns, data) => db.copyFromBinary(table, columns, data),
  };
  await run(recorder);
  const plans: string[] = [];
  for (const [text, params, options] of sent) plans.push(await planWithoutSeqScans(db, text, params, options));
  return plans;
}

/** A test value as an SQL literal that PostgreSQL converts to the statement's parameter type. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `'{${value.map(arrayElementOf).join(',')}}'`;
  return `'${textOf(value).replaceAll("'", "''")}'`;
}

function arrayElementOf(value: unknown): string {
  return value === null || value === undefined ? 'NULL' : `"${textOf(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function textOf(value: unknown): string {
  return value instanceof Uint8Array ? `\\x${Buffer.from(value).toString('hex')}` : String(value);
}
