import type { Queryable } from './database/database.js';

/** How far a stream of a chain is indexed: every block up to and including `height` is stored. */
export interface Checkpoint {
  height: bigint;
  blockHash: Uint8Array;
}

export async function readCheckpoint(db: Queryable, chain: number, stream: string): Promise<Checkpoint | undefined> {
  const { rows } = await db.query<{ height: string; block_hash: Uint8Array }>(
    'SELECT height, block_hash FROM checkpoints WHERE chain = $1 AND stream = $2',
    [chain, stream],
  );
  const row = rows[0];
  return row ? { height: BigInt(row.height), blockHash: new Uint8Array(row.block_hash) } : undefined;
}

/**
 * Move the checkpoint from `expected` to `next`, in the caller's transaction (the one that wrote the rows).
 * Throws if another writer moved it meanwhile, so the whole transaction rolls back.
 */
export async function advanceCheckpoint(db: Queryable, chain: number, stream: string, expected: Checkpoint | undefined, next: Checkpoint): Promise<void> {
  const result = expected
    ? await db.query('UPDATE checkpoints SET height = $3, block_hash = $4, updated_at = now() WHERE chain = $1 AND stream = $2 AND height = $5', [
        chain, stream, next.height.toString(), next.blockHash, expected.height.toString(),
      ])
    : await db.query('INSERT INTO checkpoints (chain, stream, height, block_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        chain, stream, next.height.toString(), next.blockHash,
      ]);
  if (result.rowCount !== 1) throw new Error(`checkpoint of chain ${chain} stream ${stream} moved under us: another writer?`);
}

/** Ranges a stream recorded as missing at its source (still open). */
export async function listGaps(db: Queryable, chain: number, stream: string): Promise<{ from: bigint; to: bigint; reason: string }[]> {
  const { rows } = await db.query<{ from_height: string; to_height: string; reason: string }>(
    'SELECT from_height, to_height, reason FROM gaps WHERE chain = $1 AND stream = $2 ORDER BY from_height',
    [chain, stream],
  );
  return rows.map((r) => ({ from: BigInt(r.from_height), to: BigInt(r.to_height), reason: r.reason }));
}

/** Record heights [from, to] as missing at the source, in the caller's transaction. */
export async function recordGap(db: Queryable, chain: number, stream: string, from: bigint, to: bigint, reason: string): Promise<void> {
  await db.query(
    `INSERT INTO gaps (chain, stream, from_height, to_height, reason) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain, stream, from_height) DO UPDATE SET to_height = EXCLUDED.to_height, reason = EXCLUDED.reason`,
    [chain, stream, from.toString(), to.toString(), reason],
  );
}
