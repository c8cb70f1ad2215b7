import { silentLog, type Log } from '../../lib/log.js';
import type { Database } from '../../store/database/database.js';
import { dueMetadataJobs, saveMetadataResult, type MetadataJob } from '../../store/nft-metadata-jobs.js';
import { fetchTokenMetadata, type MetadataFetchOptions } from './fetch-token-metadata.js';

export interface MetadataWorkerOptions {
  fetch: MetadataFetchOptions;
  concurrency?: number;
  maxAttempts?: number;
  idleMs?: number;
  now?: () => number;
  log?: Log;
}

/**
 * Background NFT metadata fetching: takes tokens the indexer stored as UNINDEXED (and retryable failures
 * after their backoff), fetches with bounded concurrency, and records each outcome. It never blocks the
 * block pipeline: it only reads and updates evm_nft_tokens rows.
 */
export class MetadataWorker {
  fetched = 0;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly log: Log;

  constructor(private readonly db: Database, private readonly options: MetadataWorkerOptions) {
    this.concurrency = options.concurrency ?? 8;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.idleMs = options.idleMs ?? 1000;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.log = options.log ?? silentLog;
  }

  /** Process what is due now; returns how many tokens were handled. */
  async runOnce(): Promise<number> {
    const jobs = await dueMetadataJobs(this.db, this.concurrency * 4, this.now(), this.maxAttempts);
    let next = 0;
    const work = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await this.handle(job);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, jobs.length) }, work));
    return jobs.length;
  }

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.log.warn('NFT metadata pass failed', { error: (error as Error).message });
      }
      if (handled === 0) await new Promise((r) => setTimeout(r, this.idleMs));
    }
  }

  private async handle(job: MetadataJob): Promise<void> {
    if (job.tokenUri === null) {
      await saveMetadataResult(this.db, job, { status: 'MISSING_TOKEN', error: 'the contract returned no token URI' }, this.now());
      return;
    }
    const outcome = await fetchTokenMetadata(job.tokenUri, job.tokenId, this.options.fetch);
    this.fetched++;
    await saveMetadataResult(this.db, job, outcome.status === 'INDEXED' ? { status: 'INDEXED', ...outcome.metadata } : { status: outcome.status, error: outcome.reason }, this.now());
  }
}
