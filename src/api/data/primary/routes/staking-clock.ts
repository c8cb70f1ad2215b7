import { stakingInstants, type StakingInstants } from '../../../../store/queries/primary-api/staking-instants.js';
import type { Queryable } from '../../../../store/database/database.js';
import type { FastifyRequest } from 'fastify';

/** The first value of a sorted array greater than `x`, or Infinity. */
function firstAbove(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo < sorted.length ? sorted[lo]! : Infinity;
}

/**
 * When validator and delegator answers change by the clock alone. Their statuses, active stake, delegation
 * capacity and time-remaining filters move only when some staker starts or ends (or, with a time-remaining
 * bound b, when now + b passes an end time), so an answer built at second `now` holds until the first such
 * instant after it. Instants are read once per data version and chain.
 */
export class StakingClock {
  readonly #db: Queryable;
  readonly #read = new Map<number, { version: string; instants: Promise<StakingInstants> }>();

  constructor(db: Queryable) {
    this.#db = db;
  }

  /**
   * Tells the response cache how long an answer built at `now` (seconds) stays right, when the cache keeps
   * this request's answer (it set `request.dataVersion`); `bounds` are the time-remaining bounds (seconds)
   * the query filters by. Without a version (cache off) nothing is read.
   */
  async markAnswer(request: FastifyRequest, chain: number, now: bigint, bounds: readonly bigint[] = []): Promise<void> {
    if (request.dataVersion === undefined) return;
    request.answerValidUntil = await this.validUntilMs(request.dataVersion, chain, now, bounds);
  }

  /** Milliseconds since the epoch until which an answer built at `now` under `version` stays right; undefined when unknown. */
  async validUntilMs(version: string, chain: number, now: bigint, bounds: readonly bigint[] = []): Promise<number | undefined> {
    let instants: StakingInstants;
    try {
      let read = this.#read.get(chain);
      if (!read || read.version !== version) {
        read = { version, instants: stakingInstants(this.#db, chain) };
        this.#read.set(chain, read);
      }
      instants = await read.instants;
    } catch {
      this.#read.delete(chain);
      return undefined;
    }
    const t = Number(now);
    let next = Math.min(firstAbove(instants.starts, t), firstAbove(instants.ends, t));
    for (const b of bounds) next = Math.min(next, firstAbove(instants.ends, t + Number(b)) - Number(b));
    return Number.isFinite(next) ? next * 1000 : undefined;
  }
}
