/** A row as a driver returns it: column name → value (bigint columns come back as strings, bytea as Uint8Array). */
export type Row = Record<string, unknown>;

/** What a query answers. */
export interface QueryResult<R extends Row = Row> {
  rows: R[];
  rowCount: number;
}

/** The operations a statement runner offers: plain queries, and bulk loads with COPY. */
export interface Queryable {
  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Run several statements separated by `;` (no parameters), e.g. a migration. */
  exec(text: string): Promise<void>;
  /** Bulk-load rows into `table` with COPY … FROM STDIN (text format). Values are encoded by `copyText`. */
  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
}

/**
 * Firn's store: PostgreSQL, either a server (`pg`) or embedded (PGlite). Same SQL dialect, same schema.
 * `transaction` runs `fn` inside BEGIN … COMMIT on one connection (ROLLBACK when it throws).
 */
export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hold an exclusive lock named `name` for as long as the returned release function is not called and the
   * process lives. On PostgreSQL this is a session advisory lock on a dedicated connection; on PGlite
   * (one process owns the directory) a lock held in the process. Returns undefined when another holder has it.
   */
  tryLock(name: string): Promise<(() => Promise<void>) | undefined>;
  close(): Promise<void>;
}
