import type { Queryable } from '../../store/database/database.js';
import { stakingDayChanges, type StakingDayChange } from '../../store/queries/metrics/staking-metrics.js';

/**
 * Staking day changes per (P-chains, subnet, role), recomputed at most every `maxAgeMs` (the real service
 * updates its metrics several times an hour). Concurrent requests for the same key share one computation.
 */
export class StakingCache {
  readonly #entries = new Map<string, { at: number; changes: Promise<StakingDayChange[]> }>();

  constructor(private readonly db: Queryable, private readonly now: () => number, private readonly maxAgeMs = 60_000) {}

  get(pChains: readonly number[], subnetId: Uint8Array, role: 'validator' | 'delegator'): Promise<StakingDayChange[]> {
    const key = `${pChains.join(',')}|${Buffer.from(subnetId).toString('hex')}|${role}`;
    const t = this.now();
    const hit = this.#entries.get(key);
    if (hit && t - hit.at < this.maxAgeMs) return hit.changes;
    const changes = stakingDayChanges(this.db, pChains, subnetId, role);
    this.#entries.set(key, { at: t, changes });
    changes.catch(() => this.#entries.delete(key));
    return changes;
  }
}
