import type { Database, Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';

/** What a fetched range of blocks says about itself, for the follower's checks, checkpoint and progress. */
export interface BatchSummary {
  /** Height of the first block in the batch. */
  firstHeight: bigint;
  /** parentHash of the first block: must equal the stored checkpoint's hash (no gap, no fork). */
  firstParentHash: Uint8Array;
  lastHeight: bigint;
  lastHash: Uint8Array;
  blocks: number;
  transactions: number;
  /** Rows the batch writes in all, for rows/s. */
  rows: number;
}

/**
 * One chain's stream of accepted blocks, as the follower drives it: find the head, fetch and decode a
 * range (pure network + decoding, may run ahead concurrently), write a decoded range in the follower's
 * transaction (which also moves the checkpoint). Heights are the chain's own block heights.
 */
export interface BlockStream<Batch> {
  readonly chain: ChainRef;
  /** Checkpoint stream name, e.g. 'blocks'. */
  readonly name: string;
  /** The first height that exists (0 for EVM chains and for index-API containers). */
  readonly firstHeight: bigint;
  /** Height of the last accepted block at the source. */
  head(): Promise<bigint>;
  /** Fetch and decode heights [from, to]. Must not touch the database. */
  fetch(from: bigint, to: bigint): Promise<Batch>;
  summarize(batch: Batch): BatchSummary;
  /** Write the decoded rows. Runs inside the transaction that advances the checkpoint. */
  write(tx: Queryable, batch: Batch): Promise<void>;
  /** Runs after the transaction that wrote `batch` committed (not after one that failed). */
  committed?(batch: Batch): void;
  /**
   * Runs once when the follower stops cleanly, still holding the writer lock: write what the stream keeps in
   * memory between batches, so a clean stop leaves a complete store (a crash skips it; the stream must recover).
   */
  close?(db: Database): Promise<void>;
}
