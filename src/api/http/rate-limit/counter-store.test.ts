import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counter-store.js';

describe('MemoryCounterStore', () => {
  it('adds costs until the limit and refuses without counting past it', async () => {
    const store = new MemoryCounterStore(() => 0);
    expect(await store.consume('k', 40, 100, 60_000)).toEqual({ allowed: true, used: 40 });
    expect(await store.consume('k', 60, 100, 60_000)).toEqual({ allowed: true, used: 100 });
    expect(await store.consume('k', 1, 100, 60_000)).toEqual({ allowed: false, used: 100 });
    expect(await store.consume('other', 1, 100, 60_000)).toEqual({ allowed: true, used: 1 });
  });

  it('lets a small request through after a large one was refused', async () => {
    const store = new MemoryCounterStore(() => 0);
    await store.consume('k', 90, 100, 1000);
    expect((await store.consume('k', 20, 100, 1000)).allowed).toBe(false);
    expect(await store.consume('k', 10, 100, 1000)).toEqual({ allowed: true, used: 100 });
  });

  it('forgets counters once they expire', async () => {
    let t = 0;
    const store = new MemoryCounterStore(() => t);
    await store.consume('a', 100, 100, 1000);
    t = 1000;
    expect(await store.consume('a', 5, 100, 1000)).toEqual({ allowed: true, used: 5 });
    t = 20_000;
    await store.consume('b', 1, 100, 1000);
    expect(store.size).toBe(1);
  });
});
