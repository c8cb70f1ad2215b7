import type { Queryable } from '../../../store/database/database.js';

/** Names the committed data a read would see now; equal names mean equal data. */
export type DataVersionSource = () => Promise<string>;

/**
 * The store's data version: PostgreSQL's current snapshot as text (`xmin:xmax:in-progress xids`). Reads made
 * under equal snapshots see the same committed rows, and any write anywhere in the cluster changes it (a
 * writer's xid enters the snapshot when assigned and leaves it on commit), so a response built after reading
 * version V is still the right answer for a later request that reads V again.
 *
 * Concurrent callers share one query, but never one that started before they asked: a caller arriving while
 * a query runs waits for the next one, so a write committed before a request arrives is always seen.
 */
export class DataVersion {
  readonly #db: Queryable;
  #running: Promise<string> | undefined;
  #queued: Promise<string> | undefined;

  constructor(db: Queryable) {
    this.#db = db;
  }

  readonly current: DataVersionSource = () => {
    if (this.#queued) return this.#queued;
    const running = this.#running;
    if (!running) return this.#run();
    const settled = () => {
      this.#queued = undefined;
      return this.#run();
    };
    this.#queued = running.then(settled, settled);
    return this.#queued;
  };

  #run(): Promise<string> {
    const query = this.#db.query<{ v: string }>('SELECT pg_current_snapshot()::text AS v').then((r) => r.rows[0]!.v);
    this.#running = query;
    const clear = () => {
      if (this.#running === query) this.#running = undefined;
    };
    query.then(clear, clear);
    return query;
  }
}
