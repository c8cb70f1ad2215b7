import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { copyText } from './copy-text.js';
import type { Database, Queryable, QueryResult, Row } from './database.js';
import { acquireDirectoryLock } from './directory-lock.js';
import { initPgliteDataDir } from './pglite-initdb.js';

// Same wire-to-JS mapping as the pg driver: int8 and numeric as exact strings.
const PARSERS = { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v };

function queryableOf(target: PGlite | Transaction): Queryable {
  const copyIn = async (table: string, columns: readonly string[], data: Uint8Array, binary: boolean): Promise<void> => {
    if (data.length === 0) return;
    await target.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'${binary ? ' WITH (FORMAT binary)' : ''}`, [], { blob: new Blob([data]) });
  };
  const copyFromText = (table: string, columns: readonly string[], text: Uint8Array) => copyIn(table, columns, text, false);
  return {
    async query<R extends Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await target.query<R>(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(text: string): Promise<void> {
      await target.exec(text);
    },
    async copyRows(table, columns, rows): Promise<void> {
      if (rows.length > 0) await copyFromText(table, columns, copyText(rows));
    },
    copyFromText,
    copyFromBinary: (table, columns, data) => copyIn(table, columns, data, true),
  };
}

/**
 * PostgreSQL embedded in the process (PGlite): a data directory, or memory when `dataDir` is undefined.
 * One process owns a directory; a second one gets a clear error instead of a corrupted database.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly base: Queryable;
  private readonly heldLocks = new Set<string>();

  private constructor(private readonly db: PGlite, private readonly releaseDirectory: () => void) {
    this.base = queryableOf(db);
  }

  static async open(dataDir?: string): Promise<PgliteDatabase> {
    const release = dataDir ? acquireDirectoryLock(dataDir) : () => {};
    try {
      if (dataDir) await initPgliteDataDir(dataDir);
      const db = await PGlite.create(dataDir, { parsers: PARSERS });
      return new PgliteDatabase(db, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return this.base.query<R>(text, params);
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

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(queryableOf(tx)));
  }

  tryLock(name: string): Promise<(() => Promise<void>) | undefined> {
    if (this.heldLocks.has(name)) return Promise.resolve(undefined);
    this.heldLocks.add(name);
    return Promise.resolve(async () => {
      this.heldLocks.delete(name);
    });
  }

  async close(): Promise<void> {
    try {
      await this.db.close();
    } finally {
      this.releaseDirectory();
    }
  }
}
