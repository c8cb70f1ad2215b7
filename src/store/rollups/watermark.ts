import type { Queryable } from '../database/database.js';

/** How far the rollups of a chain reach, and the state the next batch continues from. */
export interface RollupWatermark {
  chain: number;
  firstBlock: bigint;
  firstBlockTimestamp: bigint;
  blockNumber: bigint;
  blockTimestamp: bigint;
  /** Transactions and gas of all blocks stamped `blockTimestamp` (a second may span batches). */
  lastSecondTxs: bigint;
  lastSecondGas: bigint;
  /** The latest block timestamp before `blockTimestamp`, if any block was rolled up before that second. */
  previousSecond?: bigint;
  /**
   * The last block metrics_addresses reflects (the rollup writer may keep newer address rows in memory and
   * write them later; after a crash they are rebuilt from the transactions of the blocks after this one).
   */
  addressesBlock: bigint;
  /** Unix seconds of the last update. */
  updatedAt: number;
}

type WatermarkRow = {
  chain: number; first_block: string; first_block_timestamp: string; block_number: string; block_timestamp: string;
  last_second_txs: string; last_second_gas: string; previous_second: string | null; addresses_block: string | null; updated_at: string;
};

function fromRow(row: WatermarkRow): RollupWatermark {
  return {
    chain: row.chain,
    firstBlock: BigInt(row.first_block),
    firstBlockTimestamp: BigInt(row.first_block_timestamp),
    blockNumber: BigInt(row.block_number),
    blockTimestamp: BigInt(row.block_timestamp),
    lastSecondTxs: BigInt(row.last_second_txs),
    lastSecondGas: BigInt(row.last_second_gas),
    ...(row.previous_second !== null ? { previousSecond: BigInt(row.previous_second) } : {}),
    // NULL: written before write-behind existed, when the rows were always up to date.
    addressesBlock: BigInt(row.addresses_block ?? row.block_number),
    updatedAt: Number(row.updated_at),
  };
}

/** The watermark of `chain`, locked until the transaction ends (one rollup writer per chain at a time). */
export async function lockWatermark(tx: Queryable, chain: number): Promise<RollupWatermark | undefined> {
  const { rows } = await tx.query<WatermarkRow>('SELECT * FROM metrics_watermarks WHERE chain = $1 FOR UPDATE', [chain]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** Watermarks of the given chains (all chains when omitted). */
export async function readWatermarks(db: Queryable, chains?: readonly number[]): Promise<RollupWatermark[]> {
  const { rows } = chains
    ? await db.query<WatermarkRow>('SELECT * FROM metrics_watermarks WHERE chain = ANY($1::integer[]) ORDER BY chain', [chains])
    : await db.query<WatermarkRow>('SELECT * FROM metrics_watermarks ORDER BY chain');
  return rows.map(fromRow);
}

export async function saveWatermark(tx: Queryable, w: Omit<RollupWatermark, 'updatedAt'>): Promise<void> {
  await tx.query(
    `INSERT INTO metrics_watermarks (chain, first_block, first_block_timestamp, block_number, block_timestamp, last_second_txs,
       last_second_gas, previous_second, addresses_block, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, extract(epoch FROM now())::bigint)
     ON CONFLICT (chain) DO UPDATE SET block_number = EXCLUDED.block_number, block_timestamp = EXCLUDED.block_timestamp,
       last_second_txs = EXCLUDED.last_second_txs, last_second_gas = EXCLUDED.last_second_gas,
       previous_second = EXCLUDED.previous_second, addresses_block = EXCLUDED.addresses_block, updated_at = EXCLUDED.updated_at`,
    [
      w.chain, w.firstBlock.toString(), w.firstBlockTimestamp.toString(), w.blockNumber.toString(), w.blockTimestamp.toString(),
      w.lastSecondTxs.toString(), w.lastSecondGas.toString(), w.previousSecond?.toString() ?? null, w.addressesBlock.toString(),
    ],
  );
}
