/** Fetches the values of many keys at once; keys it has no value for are left out of the map. */
export type BatchFetch<K, V> = (keys: K[]) => Promise<Map<string, V>>;

export interface BatchLoaderOptions<K> {
  /** The key's identity: loads whose keys name the same string share one fetch slot and one answer. */
  keyOf: (key: K) => string;
  /** Most keys in one fetch. */
  maxBatch?: number;
  /** Fetches in flight at once; loads arriving while all are busy wait and go out together in the next. */
  concurrency?: number;
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces concurrent loads into batches. Loads made during one turn of the event loop go out together at its end
 * (setImmediate), in one fetch while fewer than `concurrency` are in flight; loads arriving when all are busy wait,
 * and the next fetch takes every key that waited. Alone, a load costs what a single fetch does; under a burst of
 * different keys, one statement serves many of them.
 *
 * Why the end of the turn rather than at once: requests that resume together (after a shared read, or from several
 * sockets read in one poll phase) used to send their first load alone, taking a fetch slot for one key. In bursts
 * of first-time P-chain tx lookups (50 connections), 40% of fetches carried a single key and a fetch averaged
 * 10.3–11.6 keys; dispatched at the end of the turn, 8% and 14.4–14.9 (2026-12-02). A fetch's fixed cost is large
 * next to a key's: P-chain txs fetched one after another cost 655 µs of Node and PostgreSQL CPU each alone, 235 in
 * fetches of 8 and 165 in fetches of 32.
 */
export class BatchLoader<K, V> {
  readonly #fetch: BatchFetch<K, V>;
  readonly #keyOf: (key: K) => string;
  readonly #maxBatch: number;
  readonly #concurrency: number;
  /** Keys waiting for a fetch, by identity, in arrival order. */
  #waiting = new Map<string, { key: K; waiters: Waiter<V>[] }>();
  #inFlight = 0;
  /** A pump is scheduled for the end of this turn of the event loop. */
  #scheduled = false;

  constructor(fetch: BatchFetch<K, V>, options: BatchLoaderOptions<K>) {
    this.#fetch = fetch;
    this.#keyOf = options.keyOf;
    this.#maxBatch = options.maxBatch ?? 100;
    this.#concurrency = options.concurrency ?? 2;
    if (!(this.#maxBatch >= 1 && this.#concurrency >= 1)) throw new Error('maxBatch and concurrency must be at least 1');
  }

  /** The key's value, or undefined when the fetch found none. */
  load(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const id = this.#keyOf(key);
      const entry = this.#waiting.get(id);
      if (entry) entry.waiters.push({ resolve, reject });
      else this.#waiting.set(id, { key, waiters: [{ resolve, reject }] });
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#pump();
      });
    });
  }

  /** The values of `keys` by key identity (`keyOf`), loaded as `load` does; keys with no value are left out. */
  async loadMany(keys: readonly K[]): Promise<Map<string, V>> {
    const values = await Promise.all(keys.map((key) => this.load(key)));
    const out = new Map<string, V>();
    for (const [i, key] of keys.entries()) {
      const value = values[i];
      if (value !== undefined) out.set(this.#keyOf(key), value);
    }
    return out;
  }

  #pump(): void {
    while (this.#inFlight < this.#concurrency && this.#waiting.size > 0) {
      // The batch takes the waiting Map's entries and a new Map takes the rest: entries are never deleted from a
      // Map that lives on. A long-lived Map's table reaches V8's old generation, and so does every table it is
      // rehashed into as it grows and shrinks; each table it leaves behind still points at the entries it held,
      // and an old-generation object keeps what it points at alive through every young-generation collection
      // until the next full one. Under a burst of lookups those entries held the answers being built (a load's
      // promise holds its value): 2–5 MB were promoted at every scavenge, and scavenges took 9–14 ms on
      // average instead of 2–4 (first-time P-chain tx lookups, 50 connections; docs/architecture.md).
      const entries = [...this.#waiting];
      const batch = entries.slice(0, this.#maxBatch);
      this.#waiting = new Map(entries.slice(this.#maxBatch));
      this.#inFlight++;
      let fetched: Promise<Map<string, V>>;
      try {
        fetched = this.#fetch(batch.map(([, { key }]) => key));
      } catch (error) {
        fetched = Promise.reject(error);
      }
      fetched.then(
        (found) => {
          for (const [id, { waiters }] of batch) for (const w of waiters) w.resolve(found.get(id));
        },
        (error: unknown) => {
          for (const [, { waiters }] of batch) for (const w of waiters) w.reject(error);
        },
      ).finally(() => {
        this.#inFlight--;
        this.#pump();
      });
    }
  }
}

/** A loader per scope (a chain, say), made on first use: `loaderFor(scope).load(key)` batches within the scope. */
export function batchLoadersByScope<S, K, V>(fetch: (scope: S, keys: K[]) => Promise<Map<string, V>>, options: BatchLoaderOptions<K>): (scope: S) => BatchLoader<K, V> {
  const loaders = new Map<S, BatchLoader<K, V>>();
  return (scope) => {
    let loader = loaders.get(scope);
    if (!loader) {
      loader = new BatchLoader((keys) => fetch(scope, keys), options);
      loaders.set(scope, loader);
    }
    return loader;
  };
}
