import type { Database, Queryable } from '../../store/database/database.js';
import type { BatchSummary, BlockStream } from './stream.js';

/** Writes derived from a batch (C-chain atomic txs, metrics rollups), run in the batch's own transaction. */
export type DerivedWrite<Batch> = (tx: Queryable, batch: Batch, summary: BatchSummary) => Promise<void>;

/**
 * A stream whose write also runs `derived` writes after the stream's own rows, inside the same
 * transaction that moves the checkpoint — so derived tables are never ahead of or behind the rows.
 */
export function withDerivedWrites<Batch>(stream: BlockStream<Batch>, derived: DerivedWrite<Batch>[]): BlockStream<Batch> {
  return {
    chain: stream.chain,
    name: stream.name,
    firstHeight: stream.firstHeight,
    head: () => stream.head(),
    fetch: (from, to) => stream.fetch(from, to),
    summarize: (batch) => stream.summarize(batch),
    async write(tx, batch) {
      await stream.write(tx, batch);
      const summary = stream.summarize(batch);
      for (const write of derived) await write(tx, batch, summary);
    },
    ...(stream.committed ? { committed: (batch: Batch) => stream.committed!(batch) } : {}),
    ...(stream.close ? { close: (db: Database) => stream.close!(db) } : {}),
  };
}
