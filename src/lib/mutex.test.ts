import { describe, it, expect } from 'vitest';
import { lockContentionReport, Mutex, resetLockContention } from './mutex.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function report(name: string) {
  const r = lockContentionReport().find((l) => l.name === name);
  if (!r) throw new Error(`no lock ${name}`);
  return r;
}

describe('Mutex', () => {
  it('runs callers one at a time, in arrival order', async () => {
    const m = new Mutex('test/order');
    const events: string[] = [];
    const task = (id: number) =>
      m.runExclusive(async () => {
        events.push(`start ${id}`);
        await sleep(2);
        events.push(`end ${id}`);
        return id;
      });
    const results = await Promise.all([task(1), task(2), task(3)]);
    expect(results).toEqual([1, 2, 3]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(m.locked).toBe(false);
  });

  it('releases the lock when the callback throws', async () => {
    const m = new Mutex('test/throw');
    await expect(m.runExclusive(() => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(m.locked).toBe(false);
    expect(await m.runExclusive(() => 7)).toBe(7);
  });

  it('counts acquisitions without contention and records no stacks', async () => {
    const m = new Mutex('test/uncontended');
    for (let i = 0; i < 5; i++) await m.runExclusive(() => i);
    expect(report('test/uncontended')).toMatchObject({ acquisitions: 5, contended: 0, totalWaitMs: 0, maxWaitMs: 0, stacks: [], waitingNow: [] });
  });

  it('records wait times and the call sites of blocked waiters', async () => {
    const m = new Mutex('test/contended');
    const holder = m.runExclusive(() => sleep(30));
    async function buildBlockFromHere() {
      return m.runExclusive(() => 'built');
    }
    const waiter = buildBlockFromHere();
    await sleep(5);
    const now = report('test/contended').waitingNow;
    expect(now).toHaveLength(1);
    expect(now[0]!.stack).toContain('buildBlockFromHere');
    await Promise.all([holder, waiter]);
    const r = report('test/contended');
    expect(r.acquisitions).toBe(2);
    expect(r.contended).toBe(1);
    expect(r.waitingNow).toEqual([]);
    expect(r.maxWaitMs).toBeGreaterThanOrEqual(20);
    expect(r.totalWaitMs).toBe(r.maxWaitMs);
    expect(r.meanWaitMs).toBe(r.maxWaitMs);
    expect(r.stacks).toHaveLength(1);
    expect(r.stacks[0]!.count).toBe(1);
    expect(r.stacks[0]!.stack).toContain('buildBlockFromHere');
    expect(r.stacks[0]!.stack).not.toContain('runExclusive');
  });

  it('shares stats between mutexes with one name and resets them', async () => {
    const a = new Mutex('test/shared');
    const b = new Mutex('test/shared');
    await a.runExclusive(() => 1);
    await b.runExclusive(() => 2);
    expect(report('test/shared').acquisitions).toBe(2);
    resetLockContention();
    expect(report('test/shared').acquisitions).toBe(0);
  });
});
