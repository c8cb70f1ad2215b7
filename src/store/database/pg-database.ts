import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { copyText } from './copy-text.js';
import type { Database, Queryable, QueryOptions, QueryResult, Row } from './database.js';
import { lockKey } from './lock-key.js';
import { isStalePreparedStatement, StatementNames } from './statement-names.js';

// int8 as string (exact), numeric as string (exact): domain codecs turn them into bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

const COPY_CHUNK_ROWS = 10_000;

/** FIRN_PG_PREPARED_STATEMENTS=0 turns named statements off (e.g. behind a pooler in transaction mode that cannot keep them). */
function preparedStatementsWanted(): boolean {
  const v = process.env.FIRN_PG_PREPARED_STATEMENTS?.trim().toLowerCase();
  return !(v === '0' || v === 'false' || v === 'off' || v === 'no');
}

/** The plan mode a connection's session is in; absent: the mode it was opened with (each run planned for its values). */
const genericSessions = new WeakSet<pg.ClientBase>();

/** Puts a pooled connection's session in the plan mode a statement asks for, when it is not in it already. */
async function usePlanMode(client: pg.ClientBase, generic: boolean): Promise<void> {
  if (genericSessions.has(client) === generic) return;
  await client.query(`SET plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`);
  if (generic) genericSessions.add(client);
  else genericSessions.delete(client);
}

/**
 * Runs `fn` on a connection checked out of the pool, as `pool.query` does: an error the connection emits while
 * checked out is caught, and a connection that saw any error is closed rather than reused.
 */
async function onPooledClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= error;
  };
  client.on('error', onError);
  try {
    return await fn(client);
  } catch (error) {
    failure ??= error as Error;
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(failure);
  }
}

function queryableOf(client: pg.PoolClient | pg.Pool, names: StatementNames | undefined, inTransaction: boolean): Queryable {
  const run = <R extends Row>(on: pg.ClientBase | pg.Pool, text: string, params: unknown[] | undefined, name: string | undefined) =>
    name === undefined ? on.query<R>(text, params) : on.query<R>({ name, text, values: params ?? [] });
  const runNamed = async <R extends Row>(on: pg.ClientBase | pg.Pool, text: string, values: unknown[] | undefined, name: string | undefined) => {
    try {
      return await run<R>(on, text, values, name);
    } catch (error) {
      if (name === undefined || !isStalePreparedStatement(error)) throw error;
      // Prepared again under a new name; inside a transaction the error has aborted it, so the caller retries.
      const renewed = names!.renew(text);
      if (inTransaction) throw error;
      return run<R>(on, text, values, renewed);
    }
  };
  return {
    async query<R extends Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
      const values = params as unknown[] | undefined;
      const name = names && values && values.length > 0 ? names.nameOf(text) : undefined;
      // A pooled connection may be in either plan mode once named statements are on (only a named statement has a
      // plan to reuse); a transaction's connection stays in the session's default, as do statements without values.
      const result = client instanceof pg.Pool && names !== undefined && values !== undefined && values.length > 0
        ? await onPooledClient(client, async (c) => {
          await usePlanMode(c, name !== undefined && options?.plan === 'generic');
          return runNamed<R>(c, text, values, name);
        })
        : await runNamed<R>(client, text, values, name);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await client.query(text);
    },
    async copyRows(table, columns, rows): Promise<void> {
      if (rows.length === 0) return;
      const run = async (c: pg.PoolClient): Promise<void> => {
        for (let i = 0; i < rows.length; i += COPY_CHUNK_ROWS) {
          const stream = c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
          await pipeline(Readable.from([copyText(rows.slice(i, i + COPY_CHUNK_ROWS))]), stream);
        }
      };
      if (client instanceof pg.Pool) {
        const c = await client.connect();
        try {
          await run(c);
        } finally {
          c.release();
        }
      } else {
        await run(client);
      }
    },
  };
}

/** A PostgreSQL server reached through a `pg` connection pool. */
export class PgDatabase implements Database {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly base: Queryable;

  private readonly names: StatementNames | undefined;

  /** `preparedStatements` (default: on unless FIRN_PG_PREPARED_STATEMENTS=0): run parameterized queries as named statements. */
  constructor(connectionString: string, options: { maxConnections?: number; preparedStatements?: boolean } = {}) {
    const named = options.preparedStatements ?? preparedStatementsWanted();
    // Planned for each execution's own values: a generic plan (PostgreSQL's choice after five runs) can be far
    // slower where the data is skewed (a node with most of the delegations, a busy reward address).
    this.pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 8, ...(named ? { options: '-c plan_cache_mode=force_custom_plan' } : {}) });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    this.pool.on('error', () => {});
    this.names = named ? new StatementNames() : undefined;
    this.base = queryableOf(this.pool, this.names, false);
  }

  query<R extends Row = Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
    return this.base.query<R>(text, params, options);
  }

  exec(text: string): Promise<void> {
    return this.base.exec(text);
  }

  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
    return this.base.copyRows(table, columns, rows);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await usePlanMode(client, false);
      await client.query('BEGIN');
      const result = await fn(queryableOf(client, this.names, true));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async tryLock(name: string): Promise<(() => Promise<void>) | undefined> {
    // A session-level advisory lock lives as long as its connection, so it gets a client of its own,
    // outside the pool: a crashed process releases it when its connection drops.
    const client = new pg.Client({ connectionString: this.pool.options.connectionString });
    client.on('error', () => {});
    await client.connect();
    const key = lockKey(name);
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
    if (!rows[0]?.locked) {
      await client.end();
      return undefined;
    }
    return async () => {
      try {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
      } finally {
        await client.end();
      }
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
