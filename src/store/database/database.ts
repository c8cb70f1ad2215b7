/** A row as a driver returns it: column name → value (bigint columns come back as strings, bytea as Uint8Array). */
export type Row = Record<string, unknown>;

/** What a query answers. */
export interface QueryResult<R extends Row = Row> {
  rows: R[];
  rowCount: number;
}

/** How a statement is run. */
export interface QueryOptions {
  /**
   * 'generic': the statement finds rows by a key (a primary or unique key, or an array of them), so its best plan
   * does not depend on the values; on a PostgreSQL server it is planned once per connection and the plan reused.
   * Otherwise (the default) each run is planned for its own values, which skewed data needs (a node with most of
   * the delegations, a busy address) and which costs a lookup several times its execution.
   */
  plan?: 'generic';
}

/** Options for a statement that finds rows by a key: its plan is made once and reused (see QueryOptions.plan). */
export const KEY_LOOKUP: QueryOptions = Object.freeze({ plan: 'generic' });

/** The operations a statement runner offers: plain queries, and bulk loads with COPY. */
export interface Queryable {
  query<R extends Row = Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
  /** Run several statements separated by `;` (no parameters), e.g. a migration. */
  exec(text: string): Promise<void>;
  /** Bulk-load rows into `table` with COPY … FROM STDIN (text format). Values are encoded by `copyText`. */
  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
  /** Bulk-load rows already in COPY text format (`copyText`'s output) into `table`. */
  copyFromText(table: string, columns: readonly string[], text: Uint8Array): Promise<void>;
  /** Bulk-load rows already in binary COPY format (`CopyBinaryBuffer`'s output, typed as the table's columns) into `table`. */
  copyFromBinary(table: string, columns: readonly string[], data: Uint8Array): Promise<void>;
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
