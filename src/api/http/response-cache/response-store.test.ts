import { describe, expect, it } from 'vitest';
import { ResponseStore, type StoredResponse } from './response-store.js';

const answer = (bytes: number, version = 'v1'): StoredResponse => ({ version, expiresAt: Infinity, body: Buffer.alloc(bytes), headers: {} });

describe('ResponseStore', () => {
  it('keeps answers by URL and replaces one stored again', () => {
    const store = new ResponseStore(1 << 20);
    store.set('/a', answer(10, 'v1'));
    store.set('/a', answer(20, 'v2'));
    expect(store.get('/a')?.version).toBe('v2');
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(2 * 2 + 20 + 256);
    expect(store.get('/b')).toBeUndefined();
  });

  it('evicts the least recently used answers past its memory budget', () => {
    const size = 2 * 2 + 1000 + 256;
    const store = new ResponseStore(4 * size);
    for (const key of ['/a', '/b', '/c', '/d']) store.set(key, answer(1000));
    store.get('/a'); // now /b is the oldest
    store.set('/e', answer(1000));
    expect(store.get('/b')).toBeUndefined();
    expect(['/a', '/c', '/d', '/e'].every((k) => store.get(k) !== undefined)).toBe(true);
    expect(store.bytes).toBe(4 * size);
  });

  it('does not keep an answer larger than a quarter of the budget', () => {
    const store = new ResponseStore(4000);
    store.set('/small', answer(100));
    store.set('/huge', answer(1000));
    expect(store.get('/huge')).toBeUndefined();
    expect(store.get('/small')).toBeDefined();
  });

  it('grow counts bytes an answer gains and evicts to stay in budget', () => {
    const size = 2 * 2 + 1000 + 256;
    const store = new ResponseStore(4 * size);
    for (const key of ['/a', '/b', '/c', '/d']) store.set(key, answer(1000));
    store.grow('/d', 500);
    expect(store.get('/a')).toBeUndefined();
    expect(store.bytes).toBe(3 * size + 500);
    store.grow('/missing', 10);
    expect(store.bytes).toBe(3 * size + 500);
  });

  it('delete forgets an answer and its bytes', () => {
    const store = new ResponseStore(1 << 20);
    store.set('/a', answer(10));
    store.delete('/a');
    store.delete('/a');
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('keeps the same answers as a reference LRU through random gets, sets, grows and deletes', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `/k${i}`);
    const budget = 6 * (2 * 3 + 100 + 256);
    const store = new ResponseStore(budget);
    // the reference: keys from least to most recently used, with their sizes
    const model: { key: string; size: number }[] = [];
    const modelBytes = () => model.reduce((n, e) => n + e.size, 0);
    const evict = () => {
      while (modelBytes() > budget && model.length > 0) model.shift();
    };
    let seed = 7;
    const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    for (let step = 0; step < 5000; step++) {
      const key = keys[random(keys.length)]!;
      const op = random(10);
      const at = model.findIndex((e) => e.key === key);
      if (op < 5) {
        const found = store.get(key) !== undefined;
        expect(found).toBe(at >= 0);
        if (at >= 0) model.push(...model.splice(at, 1));
      } else if (op < 8) {
        const bytes = 50 + random(100);
        store.set(key, answer(bytes));
        if (at >= 0) model.splice(at, 1);
        model.push({ key, size: 2 * key.length + bytes + 256 });
        evict();
      } else if (op < 9) {
        store.grow(key, 10);
        if (at >= 0) {
          model[at]!.size += 10;
          evict();
        }
      } else {
        store.delete(key);
        if (at >= 0) model.splice(at, 1);
      }
      expect(store.size).toBe(model.length);
      expect(store.bytes).toBe(modelBytes());
    }
    // every key the reference keeps is still kept
    for (const { key } of model) expect(store.get(key)).toBeDefined();
  });
});
