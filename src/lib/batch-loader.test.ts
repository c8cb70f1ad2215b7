import { describe, expect, it } from 'vitest';
import { BatchLoader, batchLoadersByScope } from './batch-loader.js';

/** A fetch whose calls the test answers by hand. */
function manualFetch() {
  const calls: { keys: number[]; answer: (found: Map<string, string>) => void; fail: (e: Error) => void }[] = [];
  const fetch = (keys: number[]) => new Promise<Map<string, string>>((answer, fail) => calls.push({ keys, answer, fail }));
  return { calls, fetch };
}

const valuesOf = (keys: number[]) => new Map(keys.filter((k) => k >= 0).map((k) => [String(k), `v${k}`]));
const settle = () => new Promise((r) => setImmediate(r));

describe('BatchLoader', () => {
  it('sends a lone load at the end of the turn it was made in', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String, concurrency: 1 });
    const a = loader.load(1);
    expect(calls).toEqual([]);
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]!.answer(valuesOf([1]));
    expect(await a).toBe('v1');
  });

  it('sends the loads of one turn in one fetch although a second one could run', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String, concurrency: 2 });
    // as requests resuming together after a shared read make their loads: from separate microtasks of one turn
    const loads: Promise<string | undefined>[] = [];
    await Promise.all([1, 2, 3].map(async (k) => {
      await Promise.resolve();
      loads.push(loader.load(k));
    }));
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2, 3]]);
    const later = loader.load(4);
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2, 3], [4]]);
    calls[0]!.answer(valuesOf([1, 2, 3]));
    calls[1]!.answer(valuesOf([4]));
    expect(await Promise.all([...loads, later])).toEqual(['v1', 'v2', 'v3', 'v4']);
  });

  it('gathers the loads that arrive while fetches are busy into the next one, each key once', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String, concurrency: 1 });
    const first = loader.load(1);
    await settle();
    const rest = [loader.load(2), loader.load(3), loader.load(2), loader.load(-1)];
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]!.answer(valuesOf([1]));
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3, -1]]);
    calls[1]!.answer(valuesOf(calls[1]!.keys));
    expect([await first, ...(await Promise.all(rest))]).toEqual(['v1', 'v2', 'v3', 'v2', undefined]);
  });

  it('runs up to `concurrency` fetches at once and splits batches at maxBatch', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String, concurrency: 2, maxBatch: 2 });
    const loads = [1, 2, 3, 4, 5, 6, 7].map((k) => loader.load(k));
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2], [3, 4]]);
    calls[0]!.answer(valuesOf([1, 2]));
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2], [3, 4], [5, 6]]);
    calls[1]!.answer(valuesOf([3, 4]));
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2], [3, 4], [5, 6], [7]]);
    calls[2]!.answer(valuesOf([5, 6]));
    calls[3]!.answer(valuesOf([7]));
    expect(await Promise.all(loads)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
  });

  it('lets a repeat of a key left waiting by a split share its slot', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String, concurrency: 1, maxBatch: 2 });
    const loads = [1, 2, 3, 4].map((k) => loader.load(k));
    await settle();
    const repeat = loader.load(4);
    calls[0]!.answer(valuesOf([1, 2]));
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2], [3, 4]]);
    calls[1]!.answer(valuesOf([3, 4]));
    expect(await Promise.all([...loads, repeat])).toEqual(['v1', 'v2', 'v3', 'v4', 'v4']);
  });

  it('loads many keys in one fetch, keyed by their identity, leaving out keys without a value', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String });
    const many = loader.loadMany([3, -1, 2, 3]);
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([[3, -1, 2]]);
    calls[0]!.answer(valuesOf(calls[0]!.keys));
    expect([...(await many)]).toEqual([['3', 'v3'], ['2', 'v2']]);
  });

  it('fails the loads of a failed fetch only, and keeps serving', async () => {
    const { calls, fetch } = manualFetch();
    const loader = new BatchLoader(fetch, { keyOf: String, concurrency: 1 });
    const failed = loader.load(1);
    await settle();
    const next = loader.load(2);
    calls[0]!.fail(new Error('store down'));
    await expect(failed).rejects.toThrow('store down');
    await settle();
    calls[1]!.answer(valuesOf([2]));
    expect(await next).toBe('v2');
  });

  it('turns a fetch that throws before answering into failed loads', async () => {
    const loader = new BatchLoader<number, string>(() => {
      throw new Error('bad keys');
    }, { keyOf: String });
    await expect(loader.load(1)).rejects.toThrow('bad keys');
  });

  it('refuses a batch size or concurrency below one', () => {
    expect(() => new BatchLoader(async () => new Map(), { keyOf: String, maxBatch: 0 })).toThrow();
    expect(() => new BatchLoader(async () => new Map(), { keyOf: String, concurrency: 0 })).toThrow();
  });

  it('keeps one loader per scope, and batches only within it', async () => {
    const { calls, fetch } = manualFetch();
    const loaderFor = batchLoadersByScope((scope: string, keys: number[]) => fetch(keys.map((k) => (scope === 'b' ? k + 100 : k))), { keyOf: String, concurrency: 1 });
    expect(loaderFor('a')).toBe(loaderFor('a'));
    const a = loaderFor('a').load(1);
    const b = loaderFor('b').load(1);
    await settle();
    // each scope has its own fetch in flight: b's key did not wait for a's
    expect(calls.map((c) => c.keys)).toEqual([[1], [101]]);
    calls[0]!.answer(valuesOf([1]));
    calls[1]!.answer(new Map([['1', 'b1']]));
    expect([await a, await b]).toEqual(['v1', 'b1']);
  });
});
