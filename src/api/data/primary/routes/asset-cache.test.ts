import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../../store/database/database.js';
import { AssetCache, assetCacheOf } from './asset-cache.js';

const id = (b: number) => new Uint8Array(32).fill(b);
const hex = (b: number) => Buffer.from(id(b)).toString('hex');

/** A store answering getAssets' two queries from `assets` (ids by fill byte), counting the asset queries. */
function fakeStore(assets: Set<number>, avax = 0xaa) {
  const asked: number[][] = [];
  const db: Queryable = {
    async query(text: string, params?: readonly unknown[]) {
      if (text.includes('FROM networks')) return { rows: [{ avax_asset_id: Buffer.from(id(avax)) }], rowCount: 1 } as never;
      const ids = (params ?? []).flat().filter((p): p is Uint8Array => p instanceof Uint8Array).map((p) => p[0]!);
      asked.push(ids);
      const rows = ids.filter((b) => assets.has(b)).map((b) => ({
        asset_id: Buffer.from(id(b)), name: `A${b}`, symbol: `S${b}`, denomination: 6, cap: 'fixed', asset_type: 'secp256k1', create_tx_id: Buffer.from(id(b)), block_timestamp: '5',
      }));
      return { rows, rowCount: rows.length } as never;
    },
    exec: async () => {},
    copyRows: async () => {},
    copyFromText: async () => {},
    copyFromBinary: async () => {},
  };
  return { db, asked, assets };
}

describe('AssetCache', () => {
  it('asks the store only for ids it has not seen described, and keeps asking for unknown ones', async () => {
    const store = fakeStore(new Set([1, 2]));
    const cache = new AssetCache(store.db);
    const first = await cache.assets(1, [id(1), id(2), id(3)]);
    expect([...first.keys()].sort()).toEqual([hex(1), hex(2)]);
    expect(first.get(hex(1))).toMatchObject({ name: 'A1', symbol: 'S1', denomination: 6 });
    const again = await cache.assets(1, [id(2), id(1)]);
    expect([...again.keys()]).toEqual([hex(2), hex(1)]);
    expect(store.asked).toHaveLength(1);
    store.assets.add(3);
    expect((await cache.assets(1, [id(1), id(3)])).get(hex(3))?.name).toBe('A3');
    expect(store.asked[1]).toEqual([3]);
    // another network's ids are its own
    await cache.assets(2, [id(1)]);
    expect(store.asked).toHaveLength(3);
  });

  it('describes AVAX with the network\'s stand-in and remembers it', async () => {
    const store = fakeStore(new Set());
    const cache = new AssetCache(store.db);
    expect((await cache.assets(1, [id(0xaa)])).get(hex(0xaa))).toMatchObject({ name: 'Avalanche', symbol: 'AVAX', denomination: 9 });
    await cache.assets(1, [id(0xaa)]);
    expect(store.asked).toHaveLength(1);
  });

  it('keeps one cache per store', () => {
    const a = fakeStore(new Set()).db;
    const b = fakeStore(new Set()).db;
    expect(assetCacheOf(a)).toBe(assetCacheOf(a));
    expect(assetCacheOf(a)).not.toBe(assetCacheOf(b));
  });
});
