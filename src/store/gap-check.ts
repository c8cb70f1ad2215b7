import type { Queryable } from './database/database.js';
import { recordGap } from './checkpoints.js';

/** Where each stream keeps its blocks: table and height column. */
const BLOCK_TABLES: Record<string, { table: string; height: string }> = {
  evm: { table: 'evm_blocks', height: 'number' },
  platform: { table: 'primary_blocks', height: 'height' },
  avm: { table: 'primary_blocks', height: 'height' },
};

/**
 * Verify that the stored blocks of a chain below its checkpoint are contiguous from `firstHeight`, and
 * record every hole in `gaps` (reported by /ready until filled). The follower never writes a hole; this
 * catches what it cannot — rows deleted by hand, a restore from an older backup, a bug. One pass over the
 * blocks' primary key.
 */
export async function checkBlockGaps(db: Queryable, chain: { id: number; vm: string }, firstHeight: bigint, upTo: bigint, stream = 'blocks'): Promise<{ from: bigint; to: bigint }[]> {
  const spec = BLOCK_TABLES[chain.vm];
  if (!spec || upTo < firstHeight) return [];
  const { rows } = await db.query<{ from_height: string; to_height: string }>(
    `WITH present AS (
       SELECT ${spec.height} AS h, lead(${spec.height}) OVER (ORDER BY ${spec.height}) AS next
         FROM ${spec.table} WHERE chain = $1 AND ${spec.height} BETWEEN $2 AND $3),
     bounds AS (SELECT min(h) AS lo, max(h) AS hi FROM present)
     SELECT h + 1 AS from_height, next - 1 AS to_height FROM present WHERE next > h + 1
     UNION ALL SELECT $2::bigint, lo - 1 FROM bounds WHERE lo > $2::bigint
     UNION ALL SELECT hi + 1, $3::bigint FROM bounds WHERE hi < $3::bigint
     UNION ALL SELECT $2::bigint, $3::bigint WHERE NOT EXISTS (SELECT 1 FROM present)`,
    [chain.id, firstHeight.toString(), upTo.toString()],
  );
  await db.query('DELETE FROM gaps WHERE chain = $1 AND stream = $2', [chain.id, stream]);
  const gaps = rows.map((r) => ({ from: BigInt(r.from_height), to: BigInt(r.to_height) })).sort((a, b) => (a.from < b.from ? -1 : 1));
  for (const gap of gaps) await recordGap(db, chain.id, stream, gap.from, gap.to, 'blocks missing from the store below the checkpoint');
  return gaps;
}
