/** What one follower has done, for progress, `/metrics` and readiness. */
export class FollowerMetrics {
  blocks = 0;
  transactions = 0;
  rows = 0;
  batches = 0;
  errors = 0;
  /** Last accepted height seen at the source. */
  head: bigint | undefined;
  /** Highest height written (the checkpoint). */
  indexed: bigint | undefined;
  /** When the last batch committed (ms since epoch). */
  lastCommitAt: number | undefined;
  /** Time from the source's head change to our commit of it, for the realtime latency, last value (ms). */
  lastWriteMs = 0;
  state: 'starting' | 'backfill' | 'realtime' | 'retrying' | 'stopped' | 'failed' = 'starting';
  lastError: string | undefined;

  /** The stream's first height: before anything is indexed, the lag counts from there. */
  firstHeight = 0n;

  get lag(): bigint | undefined {
    if (this.head === undefined) return undefined;
    const lag = this.head - (this.indexed ?? this.firstHeight - 1n);
    return lag < 0n ? 0n : lag;
  }
}
