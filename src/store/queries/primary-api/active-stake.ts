import type { Queryable } from '../../database/database.js';
import { Params } from '../primary/common.js';

/**
 * The weight staking at `now` on each of the given subnets (validators, and delegators where the subnet has
 * them), keyed by hex subnet id: the denominator of a validator's stake percentage.
 */
export async function activeStakeBySubnet(db: Queryable, chain: number, now: bigint, subnetIds: readonly Uint8Array[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (subnetIds.length === 0) return out;
  const p = new Params();
  const at = `${p.add(now)}::bigint`;
  const { rows } = await db.query<{ subnet_id: Uint8Array; total: string }>(
    `SELECT subnet_id, sum(weight) AS total FROM primary_stakers
     WHERE chain = ${p.add(chain)} AND subnet_id IN (${p.list(subnetIds)}) AND end_kind IS NULL AND start_time <= ${at} AND end_time > ${at}
     GROUP BY subnet_id`,
    p.values,
  );
  for (const r of rows) out.set(Buffer.from(r.subnet_id).toString('hex'), BigInt(r.total));
  return out;
}
