import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import '../../../http/response-cache/response-cache.js';
import type { Queryable } from '../../../../store/database/database.js';
import { StakingClock } from './staking-clock.js';

function store(rows: Array<[number, number]>) {
  let reads = 0;
  const db = {
    query: async () => {
      reads++;
      return { rows: rows.map(([s, e]) => ({ start_time: String(s), end_time: String(e) })), rowCount: rows.length };
    },
  } as unknown as Queryable;
  return { db, reads: () => reads };
}

describe('StakingClock', () => {
  it('an answer holds until the next start or end after now', async () => {
    const { db } = store([[100, 500], [200, 300], [250, 1000]]);
    const clock = new StakingClock(db);
    expect(await clock.validUntilMs('v1', 1, 150n)).toBe(200_000);
    expect(await clock.validUntilMs('v1', 1, 200n)).toBe(250_000); // an instant equal to now has already happened
    expect(await clock.validUntilMs('v1', 1, 600n)).toBe(1_000_000);
    expect(await clock.validUntilMs('v1', 1, 1000n)).toBeUndefined(); // nothing left to change
  });

  it('time-remaining bounds move the instants by the bound', async () => {
    const { db } = store([[0, 5000], [0, 6000]]);
    const clock = new StakingClock(db);
    expect(await clock.validUntilMs('v1', 1, 10n)).toBe(5_000_000);
    // end 5000 enters "time remaining ≤ 3000" at 2000; end 6000 leaves "time remaining ≥ 5500" at 500
    expect(await clock.validUntilMs('v1', 1, 10n, [3000n])).toBe(2_000_000);
    expect(await clock.validUntilMs('v1', 1, 10n, [5500n, 3000n])).toBe(500_000);
  });

  it('reads the instants once per data version', async () => {
    const s = store([[10, 20]]);
    const clock = new StakingClock(s.db);
    await clock.validUntilMs('v1', 1, 0n);
    await clock.validUntilMs('v1', 1, 5n);
    expect(s.reads()).toBe(1);
    await clock.validUntilMs('v2', 1, 5n);
    expect(s.reads()).toBe(2);
  });

  it('markAnswer sets the answer’s lifetime only for a request the cache keeps (one with a data version)', async () => {
    const s = store([[10, 20]]);
    const clock = new StakingClock(s.db);
    const uncached = {} as FastifyRequest;
    await clock.markAnswer(uncached, 1, 0n);
    expect(uncached.answerValidUntil).toBeUndefined();
    expect(s.reads()).toBe(0);
    const kept = { dataVersion: 'v1' } as FastifyRequest;
    await clock.markAnswer(kept, 1, 0n);
    expect(kept.answerValidUntil).toBe(10_000);
  });

  it('undefined (answers kept for their second only) when the instants cannot be read', async () => {
    const db = { query: async () => { throw new Error('down'); } } as unknown as Queryable;
    expect(await new StakingClock(db).validUntilMs('v1', 1, 0n)).toBeUndefined();
  });
});
