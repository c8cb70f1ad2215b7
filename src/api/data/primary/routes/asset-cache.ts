import type { Queryable } from '../../../../store/database/database.js';
import { getAssets, type PrimaryAsset } from '../../../../store/queries/primary/assets.js';
import { hexOf } from '../../../../lib/hex.js';

const LIMIT = 10_000;

/**
 * Asset descriptions by network and id, remembered once found: an asset never changes after its creating
 * tx (getAssets' stand-in for an unindexed AVAX carries AVAX's own name, symbol and denomination), so a
 * page whose assets are all known needs no store query. Unknown ids are asked for every time (the asset
 * may be indexed later). One cache per store.
 */
export class AssetCache {
  readonly #db: Queryable;
  readonly #known = new Map<string, PrimaryAsset>();

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Like getAssets: the described ones of `assetIds`, keyed by lowercase hex id. */
  async assets(network: number, assetIds: readonly Uint8Array[]): Promise<Map<string, PrimaryAsset>> {
    const out = new Map<string, PrimaryAsset>();
    const missing: Uint8Array[] = [];
    for (const id of assetIds) {
      const hex = hexOf(id);
      const known = this.#known.get(`${network}:${hex}`);
      if (known) out.set(hex, known);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const found = await getAssets(this.#db, network, missing);
    if (this.#known.size + found.size > LIMIT) this.#known.clear();
    for (const [hex, asset] of found) {
      out.set(hex, asset);
      this.#known.set(`${network}:${hex}`, asset);
    }
    return out;
  }
}

const caches = new WeakMap<Queryable, AssetCache>();

/** The asset cache of a store (created on first use). */
export function assetCacheOf(db: Queryable): AssetCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AssetCache(db);
    caches.set(db, cache);
  }
  return cache;
}
