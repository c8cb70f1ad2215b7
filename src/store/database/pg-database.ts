import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { copyText } from './copy-text.js';
import type { Database, Queryable, QueryOptions, QueryResult, Row } from './database.js';
import { lockKey } from './lock-key.js';
import { DEFAULT_POOL_SIZE, poolSizeFromEnv } from './pool-size.js';
import { isStalePreparedStatement, StatementNames } from './statement-names.js';

// int8 as string (exact), numeric as string (exact): domain codecs turn them into bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

const COPY_CHUNK_ROWS = 10_000;

/** FIRN_PG_PREPARED_STATEMENTS=0 turns named statements off (e.g. behind a pooler in transaction mode that cannot keep them). */
function preparedStatementsWanted(): boolean {
  const v = process.env.FIRN_PG_PREPARED_STATEMENTS?.trim().toLowerCase();
  return !(v === '0' || v === 'false' || v === 'off' || v === 'no');
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

/**
 * Where statements outside a transaction run. With named statements on, two pools: a key lookup's plan is made once
 * per connection and reused (`force_generic_plan`), every other statement is planned for its own values
 * (`force_custom_plan`). Each connection keeps the mode it was opened with, so no statement waits for a `SET`.
 */
interface Pools {
  custom: pg.Pool;
  generic(): pg.Pool;
}

const isPools = (on: pg.PoolClient | Pools): on is Pools => 'custom' in on;

/**
 * A statement's result through pg's callback form. Through its promise form (no callback), results stayed reachable
 * for longer: 8 connections looking up 20,000 tx ids' UTXOs in batches of 6 (PgDatabase, key lookups) left V8's
 * young-generation collections 49–67 MB of survivors to copy (228–318 ms of pauses, the longest 51 ms) against 10 MB
 * (144–157 ms, the longest 9–13 ms) this way, and took 3.8–3.9 s against 3.1–3.2 s (2026-11-30, same machine, runs
 * interleaved). An error's stack is taken again after the await, so it leads back to the caller rather than to the
 * socket read that delivered it.
 */
async function send<R extends Row>(on: pg.ClientBase, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  try {
    return await new Promise<pg.QueryResult<R>>((resolve, reject) => {
      on.query<R>(config, (error, result) => (error ? reject(error) : resolve(result)));
    });
  } catch (error) {
    if (error instanceof Error) Error.captureStackTrace(error);
    throw error;
  }
}

function queryableOf(client: pg.PoolClient | Pools, names: StatementNames | undefined, inTransaction: boolean): Queryable {
  const run = <R extends Row>(on: pg.ClientBase, text: string, params: unknown[] | undefined, name: string | undefined) =>
    send<R>(on, name === undefined ? { text, values: params ?? [] } : { name, text, values: params ?? [] });
  const runNamed = async <R extends Row>(on: pg.ClientBase, text: string, values: unknown[] | undefined, name: string | undefined) => {
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
  const copyIn = async (table: string, columns: readonly string[], data: Uint8Array, binary: boolean): Promise<void> => {
    if (data.length === 0) return;
    const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN${binary ? ' WITH (FORMAT binary)' : ''}`;
    const copyOn = async (c: pg.PoolClient): Promise<void> => {
      await pipeline(Readable.from([data]), c.query(copyFrom(statement)));
    };
    await (isPools(client) ? onPooledClient(client.custom, copyOn) : copyOn(client));
  };
  const copyFromText = (table: string, columns: readonly string[], text: Uint8Array) => copyIn(table, columns, text, false);
  return {
    async query<R extends Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
      const values = params as unknown[] | undefined;
      const name = names && values && values.length > 0 ? names.nameOf(text) : undefined;
      // Only a named statement has a plan to reuse; a transaction's connection stays in the custom mode.
      const result = !isPools(client)
        ? await runNamed<R>(client, text, values, name)
        : await onPooledClient(name !== undefined && options?.plan === 'generic' ? client.generic() : client.custom, (c) => runNamed<R>(c, text, values, name));
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await (isPools(client) ? client.custom : client).query(text);
    },
    async copyRows(table, columns, rows): Promise<void> {
      for (let i = 0; i < rows.length; i += COPY_CHUNK_ROWS) await copyFromText(table, columns, copyText(rows.slice(i, i + COPY_CHUNK_ROWS)));
    },
    copyFromText,
    copyFromBinary: (table, columns, data) => copyIn(table, columns, data, true),
  };
}

/**
 * Idle time after which a kept connection sends TCP keepalives: a connection idle for minutes would otherwise be dropped
 * without a word by a NAT or load balancer on the way (AWS's NAT gateway after 350 s, Azure's load balancer after 4
 * minutes), and the next query sent on it would wait for TCP to give up; the probes keep it open, or find it dead and
 * let the pool replace it.
 */
const KEEPALIVE_IDLE_MS = 30_000;

export interface PgDatabaseOptions {
  /** The most connections each pool opens (default FIRN_PG_POOL_SIZE, else 8). */
  maxConnections?: number;
  /** Run parameterized queries as named statements (default: on unless FIRN_PG_PREPARED_STATEMENTS=0). */
  preparedStatements?: boolean;
  /**
   * Never close an idle connection (the pools still open them only when needed). For a process that serves requests:
   * a connection closed in a lull costs the next burst a new connection, a new backend whose catalog caches are cold,
   * and every named statement prepared again (first-time P-chain lookups right after 15 s idle, 50 at a time: p99
   * 97-138 ms against 29-87 ms with the connections kept; docs/configuration.md, "Idle connections"). Kept connections
   * send TCP keepalives after KEEPALIVE_IDLE_MS idle.
   */
  keepConnections?: boolean;
  /** How long a connection the pool may close stays open idle (default 10,000 ms). */
  idleTimeoutMs?: number;
}

/** A PostgreSQL server reached through `pg` connection pools. */
export class PgDatabase implements Database {
  readonly kind = 'postgres' as const;
  /** Statements planned for their own values, and every transaction. */
  private readonly pool: pg.Pool;
  /** Key lookups (`plan: 'generic'`), opened on first use: up to `maxConnections` more connections. */
  private genericPool: pg.Pool | undefined;
  private readonly base: Queryable;
  private readonly names: StatementNames | undefined;
  private readonly poolOptions: pg.PoolConfig;

  constructor(connectionString: string, options: PgDatabaseOptions = {}) {
    const named = options.preparedStatements ?? preparedStatementsWanted();
    const max = options.maxConnections ?? poolSizeFromEnv() ?? DEFAULT_POOL_SIZE;
    this.poolOptions = {
      connectionString, max, ...(options.keepConnections ? { min: max, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS } : {}),
      ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMillis: options.idleTimeoutMs } : {}),
    };
    // Planned for each execution's own values: a generic plan (PostgreSQL's choice after five runs) can be far
    // slower where the data is skewed (a node with most of the delegations, a busy reward address).
    this.pool = this.openPool(named ? 'force_custom_plan' : undefined);
    this.names = named ? new StatementNames() : undefined;
    const generic = () => (this.genericPool ??= this.openPool('force_generic_plan'));
    this.base = queryableOf({ custom: this.pool, generic }, this.names, false);
  }

  private openPool(planMode: 'force_custom_plan' | 'force_generic_plan' | undefined): pg.Pool {
    const pool = new pg.Pool({ ...this.poolOptions, ...(planMode ? { options: `-c plan_cache_mode=${planMode}` } : {}) });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return pool;
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

  copyFromText(table: string, columns: readonly string[], text: Uint8Array): Promise<void> {
    return this.base.copyFromText(table, columns, text);
  }

  copyFromBinary(table: string, columns: readonly string[], data: Uint8Array): Promise<void> {
    return this.base.copyFromBinary(table, columns, data);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await send(client, { text: 'BEGIN' });
      const result = await fn(queryableOf(client, this.names, true));
      await send(client, { text: 'COMMIT' });
      return result;
    } catch (error) {
      try {
        await send(client, { text: 'ROLLBACK' });
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
    const client = new pg.Client({ connectionString: this.poolOptions.connectionString });
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
    await Promise.all([this.pool.end(), this.genericPool?.end()]);
  }
}
