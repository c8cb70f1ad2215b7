import type { Database } from '../../store/database/database.js';
import { advanceCheckpoint, readCheckpoint, type Checkpoint } from '../../store/checkpoints.js';
import { declareWriteChain } from '../../store/data-versions.js';
import { silentLog, type Log } from '../../lib/log.js';
import { bytesToHex } from '../../lib/hex.js';
import { TransportError } from '../sources/json-rpc-client.js';
import { FollowerMetrics } from './follower-metrics.js';
import type { BlockStream } from './stream.js';

export interface FollowerOptions {
  /** The most blocks in one fetched and written batch while backfilling. */
  batchBlocks?: number;
  /**
   * Rows a backfill batch aims at (its BatchSummary.rows: blocks, transactions, logs, transfers, internal
   * transactions...): each batch is sized in blocks from the rows per block of the batches fetched last (within
   * 1..batchBlocks), so sparse stretches go in long batches and busy blocks in short ones. A fetched batch waits
   * as the rows it will write, so this keeps the memory of the batches in flight about even. Undefined or 0 =
   * every batch is batchBlocks long.
   */
  batchRows?: number;
  /** Batches fetched ahead of the one being written. */
  prefetch?: number;
  /** How often to ask the source for its head once caught up. */
  pollIntervalMs?: number;
  /** Backoff bounds when the node cannot be reached. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** Stop after this height is indexed (benchmarks, tests); undefined = follow forever. */
  stopAtHeight?: bigint;
  log?: Log;
  /** Called after each committed batch (tests, crash injection, progress). */
  onCommit?: (checkpoint: Checkpoint) => void | Promise<void>;
  /**
   * Resolves when the source may have a new head (a WebSocket `newHeads` push, say), so realtime
   * latency does not wait for the next poll; at once when one came since the last wait ended, as the follower asks
   * for the head before it waits. Polling stays as the fallback.
   */
  headSignal?: (signal: AbortSignal) => Promise<void>;
  /**
   * While this answers true, fewer than `batchBlocks` new blocks are left to wait for the next poll instead of being
   * written as a short batch. A stream whose batches have a fixed cost (the rollups, which follow the block stream)
   * holds while its source is backfilling, so it writes full batches then and each new block once its source is
   * caught up.
   */
  holdPartialBatches?: () => boolean;
}

/** A second writer for the same chain stream; the message says what to do. */
export class WriterLockedError extends Error {
  constructor(what: string) {
    super(`another indexer is already writing ${what} to this database; stop it first (one writer per chain)`);
    this.name = 'WriterLockedError';
  }
}

/** The source served blocks that do not extend what is stored: a node on another chain, or a reset devnet. */
export class ContinuityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContinuityError';
  }
}

/** The size of the batches fetched before any has shown how busy the chain's blocks are (with batchRows). */
const FIRST_BATCH_BLOCKS = 100;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Follows one chain stream into the store: backfill in batches with fetches running ahead of the writer,
 * then realtime. Each batch's rows and the checkpoint that describes them commit in one transaction, so a
 * process killed at any moment resumes at the checkpoint with no gap and no duplicate. One writer per
 * chain stream, by a database lock.
 */
export class Follower<Batch> {
  readonly metrics = new FollowerMetrics();
  private readonly batchBlocks: number;
  private readonly batchRows: number | undefined;
  /** Rows per block of the batches fetched last (smoothed); undefined until one is fetched. */
  private density: number | undefined;
  private readonly prefetch: number;
  private readonly pollIntervalMs: number;
  private readonly retryMinMs: number;
  private readonly retryMaxMs: number;
  private readonly log: Log;

  constructor(private readonly db: Database, readonly stream: BlockStream<Batch>, private readonly options: FollowerOptions = {}) {
    this.batchBlocks = options.batchBlocks ?? 100;
    this.batchRows = (options.batchRows ?? 0) > 0 ? options.batchRows : undefined;
    this.prefetch = Math.max(1, options.prefetch ?? 4);
    this.pollIntervalMs = options.pollIntervalMs ?? 100;
    this.retryMinMs = options.retryMinMs ?? 250;
    this.retryMaxMs = options.retryMaxMs ?? 10_000;
    this.log = options.log ?? silentLog;
    this.metrics.firstHeight = stream.firstHeight;
  }

  get label(): string {
    return `${this.stream.chain.network.name}/${this.stream.chain.name}/${this.stream.name}`;
  }

  /** Run until `signal` aborts (or stopAtHeight is indexed). Throws WriterLockedError, ContinuityError, decode errors. */
  async run(signal: AbortSignal): Promise<void> {
    const release = await this.db.tryLock(`index:${this.stream.chain.id}:${this.stream.name}`);
    if (!release) throw new WriterLockedError(this.label);
    try {
      await this.loop(signal);
      await this.stream.close?.(this.db);
      this.metrics.state = 'stopped';
    } catch (error) {
      this.metrics.state = 'failed';
      this.metrics.lastError = (error as Error).message;
      throw error;
    } finally {
      await release();
    }
  }

  private async loop(signal: AbortSignal): Promise<void> {
    let checkpoint = await readCheckpoint(this.db, this.stream.chain.id, this.stream.name);
    this.metrics.indexed = checkpoint?.height;
    let retryDelay = this.retryMinMs;
    while (!signal.aborted) {
      if (this.options.stopAtHeight !== undefined && checkpoint && checkpoint.height >= this.options.stopAtHeight) return;
      try {
        const head = await this.stream.head();
        this.metrics.head = head;
        const next = checkpoint ? checkpoint.height + 1n : this.stream.firstHeight;
        let last = this.options.stopAtHeight !== undefined && this.options.stopAtHeight < head ? this.options.stopAtHeight : head;
        if (last >= next && this.options.holdPartialBatches?.()) {
          // Whole batches only: the rest waits for more blocks or for the hold to end.
          const size = BigInt(this.batchBlocks);
          last = next + ((last - next + 1n) / size) * size - 1n;
          if (last < next) {
            await sleep(this.pollIntervalMs, signal);
            continue;
          }
        }
        if (next > last) {
          this.metrics.state = 'realtime';
          retryDelay = this.retryMinMs;
          await this.waitForHead(signal);
          continue;
        }
        this.metrics.state = last - next + 1n > this.batchSize() ? 'backfill' : 'realtime';
        checkpoint = await this.catchUp(next, last, checkpoint, signal);
        retryDelay = this.retryMinMs;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        this.metrics.errors++;
        this.metrics.state = 'retrying';
        this.metrics.lastError = error.message;
        this.log.warn('node unreachable; retrying', { chain: this.label, error: error.message, retryInMs: retryDelay });
        await sleep(retryDelay, signal);
        retryDelay = Math.min(retryDelay * 2, this.retryMaxMs);
        checkpoint = await readCheckpoint(this.db, this.stream.chain.id, this.stream.name);
      }
    }
  }

  /** Index [from, to] in batches, keeping up to `prefetch` fetches in flight ahead of the writer. */
  private async catchUp(from: bigint, to: bigint, checkpoint: Checkpoint | undefined, signal: AbortSignal): Promise<Checkpoint | undefined> {
    const pending: Promise<Batch>[] = [];
    let nextFetch = from;
    const fill = () => {
      while (pending.length < this.prefetch && nextFetch <= to) {
        const start = nextFetch;
        const size = this.batchSize();
        const end = start + size - 1n < to ? start + size - 1n : to;
        const fetching = this.stream.fetch(start, end);
        fetching.catch(() => {}); // awaited in order below; avoid an unhandled rejection meanwhile
        pending.push(fetching);
        nextFetch = end + 1n;
      }
    };
    fill();
    while (pending.length > 0 && !signal.aborted) {
      const batch = await pending.shift()!;
      this.observeDensity(batch);
      fill();
      checkpoint = await this.commit(batch, checkpoint);
    }
    return checkpoint;
  }

  /** Blocks in the next batch: batchBlocks, or fewer where the blocks fetched last were busy (batchRows). */
  private batchSize(): bigint {
    if (this.batchRows === undefined) return BigInt(this.batchBlocks);
    // Until a batch has shown how busy the blocks are, a short one (the first ones are all fetched before any arrives).
    if (this.density === undefined) return BigInt(Math.min(this.batchBlocks, FIRST_BATCH_BLOCKS));
    const blocks = this.density > 0 ? Math.floor(this.batchRows / this.density) : this.batchBlocks;
    return BigInt(Math.max(1, Math.min(this.batchBlocks, blocks)));
  }

  private observeDensity(batch: Batch): void {
    if (this.batchRows === undefined) return;
    const { blocks, rows } = this.stream.summarize(batch);
    if (blocks === 0) return;
    const density = rows / blocks;
    this.density = this.density === undefined ? density : (this.density + density) / 2;
  }

  private async commit(batch: Batch, checkpoint: Checkpoint | undefined): Promise<Checkpoint> {
    const summary = this.stream.summarize(batch);
    const expectedHeight = checkpoint ? checkpoint.height + 1n : this.stream.firstHeight;
    if (summary.firstHeight !== expectedHeight) {
      throw new ContinuityError(`${this.label}: batch starts at ${summary.firstHeight}, expected ${expectedHeight}`);
    }
    if (checkpoint && bytesToHex(summary.firstParentHash) !== bytesToHex(checkpoint.blockHash)) {
      throw new ContinuityError(
        `${this.label}: block ${summary.firstHeight} has parent ${bytesToHex(summary.firstParentHash)}, but the stored block ` +
          `${checkpoint.height} is ${bytesToHex(checkpoint.blockHash)}. The node is on another chain (a devnet that was reset?): ` +
          `index it into a new database or under another network name.`,
      );
    }
    const next: Checkpoint = { height: summary.lastHeight, blockHash: summary.lastHash };
    const started = performance.now();
    await this.db.transaction(async (tx) => {
      await declareWriteChain(tx, this.stream.chain.id);
      await this.stream.write(tx, batch);
      await advanceCheckpoint(tx, this.stream.chain.id, this.stream.name, checkpoint, next);
    });
    this.stream.committed?.(batch);
    const m = this.metrics;
    m.lastWriteMs = performance.now() - started;
    m.blocks += summary.blocks;
    m.transactions += summary.transactions;
    m.rows += summary.rows;
    m.batches++;
    m.indexed = next.height;
    m.lastCommitAt = Date.now();
    await this.options.onCommit?.(next);
    return next;
  }

  private async waitForHead(signal: AbortSignal): Promise<void> {
    if (!this.options.headSignal) return sleep(this.pollIntervalMs, signal);
    const local = new AbortController();
    const onAbort = () => local.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await Promise.race([sleep(this.pollIntervalMs * 10, local.signal), this.options.headSignal(local.signal).catch(() => sleep(this.pollIntervalMs, local.signal))]);
    } finally {
      local.abort();
      signal.removeEventListener('abort', onAbort);
    }
  }
}
