import { describe, expect, it } from 'vitest';
import { stakingSeries, type StakingDayChange } from './staking-metrics.js';

const DAY = 86_400;
const D = 20_000 * DAY;
const changes: StakingDayChange[] = [
  { day: D, count: 2n, weight: 50n },
  { day: D + 2 * DAY, count: 1n, weight: 10n },
  { day: D + 5 * DAY, count: -3n, weight: -60n },
  { day: D + 40 * DAY, count: -1n, weight: -1n }, // a scheduled end beyond now
];

describe('stakingSeries', () => {
  it('runs totals from the first day to today, newest first, in pages', () => {
    const now = D + 6 * DAY + 100;
    const first = stakingSeries(changes, 'validatorCount', { now, pageSize: 4 });
    expect(first.points).toEqual([
      { timestamp: D + 6 * DAY, value: 0 }, { timestamp: D + 5 * DAY, value: 0 }, { timestamp: D + 4 * DAY, value: 3 }, { timestamp: D + 3 * DAY, value: 3 },
    ]);
    expect(first.next).toBe(D + 2 * DAY);
    const second = stakingSeries(changes, 'validatorWeight', { now, pageSize: 4, cursor: first.next! });
    expect(second.points).toEqual([{ timestamp: D + 2 * DAY, value: 60 }, { timestamp: D + DAY, value: 50 }, { timestamp: D, value: 50 }]);
    expect(second.next).toBeUndefined();
  });

  it('clips to [start, end) and is empty without stakers', () => {
    const points = stakingSeries(changes, 'validatorCount', { now: D + 30 * DAY, startTimestamp: D + DAY + 5, endTimestamp: D + 3 * DAY, pageSize: 100 }).points;
    expect(points).toEqual([{ timestamp: D + 2 * DAY, value: 3 }, { timestamp: D + DAY, value: 2 }]);
    expect(stakingSeries([], 'delegatorCount', { now: D, pageSize: 10 })).toEqual({ points: [] });
  });
});
