import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { describeHostHiccups, measureHostHiccups } from './host-hiccups.js';

describe('measureHostHiccups', () => {
  it('with a negative threshold counts every clock read, so the lost time is the whole spin', async () => {
    const h = await measureHostHiccups(2, 0.3, -1);
    expect(h.count).toBeGreaterThan(1000);
    expect(h.lostMs).toBeGreaterThan(2 * 300 * 0.95);
    expect(h.lostMs).toBeLessThan(2 * 300 * 1.5);
  });

  it('sees the time its threads wait for a core when there are more of them than cores', async () => {
    const threads = 2 * availableParallelism();
    const h = await measureHostHiccups(threads, 0.5);
    expect(h.count).toBeGreaterThan(0);
    expect(h.longestMs).toBeGreaterThan(1);
    // With twice as many threads as cores each waits about half the time; the bound leaves room for waits under 1 ms.
    expect(h.lostMs).toBeGreaterThan(threads * 500 * 0.3);
    expect(describeHostHiccups(h)).toMatch(new RegExp(`^${threads} threads spinning for 0.5 s lost \\d+ ms in \\d+ gaps over 1 ms, the longest \\d+\\.\\d ms$`));
  });
});
