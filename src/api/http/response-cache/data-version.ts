import type { FastifyRequest } from 'fastify';

/**
 * Names the committed data a request's answer is built from: equal names mean equal data. The response cache reads
 * it before the handler runs, so an answer is never kept under a name older than the data it shows.
 */
export type DataVersionSource = (request: FastifyRequest) => Promise<string>;

/**
 * A value read from the store that changes with every write (the data versions). Concurrent callers share one read,
 * but never one that started before they asked: a caller arriving while a read runs waits for the next one, so a
 * write committed before a request arrives is always seen.
 */
export class LatestRead<T> {
  readonly #read: () => Promise<T>;
  #running: Promise<T> | undefined;
  #queued: Promise<T> | undefined;

  constructor(read: () => Promise<T>) {
    this.#read = read;
  }

  readonly current = (): Promise<T> => {
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

  #run(): Promise<T> {
    const read = this.#read();
    this.#running = read;
    const clear = () => {
      if (this.#running === read) this.#running = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}
