/**
 * In-flight request bookkeeping for the `router` check (avalanchego's chain router keeps its timed
 * requests in insertion order, so the first one is the longest running).
 */
export class RequestTracker {
  private next = 0;
  /** token → start time (ms); Map iteration order is insertion order. */
  private readonly started = new Map<number, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Records a request start; pass the returned token to end(). */
  begin(): number {
    const token = this.next++;
    this.started.set(token, this.now());
    return token;
  }

  end(token: number): void {
    this.started.delete(token);
  }

  /** Runs fn as one tracked request. */
  async track<T>(fn: () => Promise<T> | T): Promise<T> {
    const token = this.begin();
    try {
      return await fn();
    } finally {
      this.end(token);
    }
  }

  outstanding(): number {
    return this.started.size;
  }

  /** How long the oldest outstanding request has been running, in ms (0 when none). */
  longestRunningMs(): number {
    for (const start of this.started.values()) return Math.max(0, this.now() - start);
    return 0;
  }
}
