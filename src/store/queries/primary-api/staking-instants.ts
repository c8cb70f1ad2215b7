import type { Queryable } from '../../database/database.js';

/** The instants (seconds) at which a chain's stakers start and end, each sorted ascending. */
export interface StakingInstants {
  starts: Float64Array;
  ends: Float64Array;
}

/**
 * Every start and end time of the chain's validations and delegations: an answer that depends on the clock
 * only through "has it started / ended by now" stays the same until the next of these instants.
 */
export async function stakingInstants(db: Queryable, chain: number): Promise<StakingInstants> {
  const { rows } = await db.query<{ start_time: string; end_time: string }>('SELECT start_time, end_time FROM primary_stakers WHERE chain = $1', [chain]);
  const starts = new Float64Array(rows.length);
  const ends = new Float64Array(rows.length);
  rows.forEach((r, i) => {
    starts[i] = Number(r.start_time);
    ends[i] = Number(r.end_time);
  });
  return { starts: starts.sort(), ends: ends.sort() };
}
