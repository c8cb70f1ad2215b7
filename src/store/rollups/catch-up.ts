import type { Database, Queryable } from '../database/database.js';
import { updateEvmRollups } from './update-evm-rollups.js';

/**
 * Roll up the EVM blocks of `chain` that are stored but not yet covered by the watermark, `blocksPerTransaction`
 * at a time (for a database indexed before rollups existed, or a bench). Returns the number of blocks folded.
 */
export async function catchUpEvmRollups(db: Database, chain: number, blocksPerTransaction = 5_000): Promise<bigint> {
  let folded = 0n;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ first: string | null; last: string | null }>(
        `SELECT (SELECT block_number + 1 FROM metrics_watermarks WHERE chain = $1) AS first,
                (SELECT max(number) FROM evm_blocks WHERE chain = $1) AS last`,
        [chain],
      );
      const last = rows[0]?.last != null ? BigInt(rows[0].last) : undefined;
      if (last === undefined) return 0n;
      const first = rows[0]?.first != null ? BigInt(rows[0].first) : await firstBlock(tx, chain);
      if (first > last) return 0n;
      const to = first + BigInt(blocksPerTransaction) - 1n < last ? first + BigInt(blocksPerTransaction) - 1n : last;
      const result = await updateEvmRollups(tx, chain, first, to);
      return result.to !== undefined && result.from !== undefined ? result.to - result.from + 1n : 0n;
    });
    if (done === 0n) return folded;
    folded += done;
  }
}

async function firstBlock(tx: Queryable, chain: number): Promise<bigint> {
  const { rows } = await tx.query<{ number: string }>('SELECT min(number) AS number FROM evm_blocks WHERE chain = $1', [chain]);
  return BigInt(rows[0]!.number);
}
