import type { Queryable } from '../../store/database/database.js';
import { countPrimaryRows, type PrimaryRows } from '../../store/writers/primary/rows.js';
import { writePrimaryRows } from '../../store/writers/primary/write-primary-rows.js';
import type { BatchSummary } from '../pipeline/stream.js';

/** A fetched range of P- or X-chain blocks, decoded into rows. */
export interface PrimaryBatch {
  rows: PrimaryRows;
  summary: BatchSummary;
}

export function summaryOf(rows: PrimaryRows, first: { height: bigint; parentId: Uint8Array }, last: { height: bigint; blockId: Uint8Array }): BatchSummary {
  return {
    firstHeight: first.height,
    firstParentHash: first.parentId,
    lastHeight: last.height,
    lastHash: last.blockId,
    blocks: rows.blocks.length,
    transactions: rows.txs.length,
    rows: countPrimaryRows(rows),
  };
}

export async function writePrimaryBatch(tx: Queryable, batch: PrimaryBatch): Promise<void> {
  await writePrimaryRows(tx, batch.rows);
}
