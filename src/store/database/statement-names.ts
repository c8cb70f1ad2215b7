/**
 * Names for parameterized statements, so that each pooled connection parses a query once and then binds and
 * runs it (PostgreSQL keeps named statements per connection; PgDatabase still has each run planned for its own
 * values). A bounded number of distinct texts get names; the rest run unnamed, so queries built with varying
 * text cannot pile up prepared statements in the server.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private issued = 0;

  constructor(private readonly limit = 500) {
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`statement name limit must be a non-negative integer, got ${limit}`);
  }

  /** The name to prepare `text` under, or undefined when the limit is reached (run it unnamed). */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = this.fresh();
    this.names.set(text, name);
    return name;
  }

  /**
   * A new name for a statement whose prepared form went stale: a migration that another process ran changed
   * the columns it returns, which PostgreSQL refuses to run ("cached plan must not change result type").
   */
  renew(text: string): string | undefined {
    if (!this.names.has(text)) return undefined;
    const name = this.fresh();
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }

  private fresh(): string {
    return `firn_${(this.issued++).toString(36)}`;
  }
}

/** PostgreSQL's refusal to run a prepared statement whose result columns changed under it. */
export function isStalePreparedStatement(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
}
