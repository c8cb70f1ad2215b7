import { silentLog, type Log } from '../../lib/log.js';
import type { Follower } from './follower.js';

/**
 * The followers of a running indexer, which may grow while it runs (chains created after the start). `done`
 * rejects with the first follower's fatal error (and aborts the others), and resolves once the indexer is
 * stopped and every follower started has returned.
 */
export class FollowerGroup {
  readonly done: Promise<void>;
  private readonly running = new Set<Promise<void>>();
  private settle!: { resolve: () => void; reject: (error: unknown) => void };
  private failed = false;

  constructor(private readonly controller: AbortController, private readonly log: Log = silentLog) {
    this.done = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    this.done.catch(() => {});
    controller.signal.addEventListener('abort', () => this.check(), { once: true });
  }

  /** Run a follower until the indexer stops; a follower added after the stop does not start. */
  start(follower: Follower<unknown>): void {
    if (this.controller.signal.aborted) return;
    const run = follower.run(this.controller.signal).catch((error: unknown) => {
      this.log.error('indexing stopped', { chain: follower.label, error: (error as Error).message });
      if (!this.failed) {
        this.failed = true;
        this.settle.reject(error);
      }
      this.controller.abort();
    });
    this.running.add(run);
    void run.finally(() => {
      this.running.delete(run);
      this.check();
    });
  }

  private check(): void {
    if (this.controller.signal.aborted && this.running.size === 0 && !this.failed) this.settle.resolve();
  }
}
