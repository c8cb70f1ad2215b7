import { describe, expect, it } from 'vitest';
import type { Queryable, QueryResult, Row } from '../../store/database/database.js';
import { ChainListCache } from './chain-list-cache.js';

/** A registry of EVM chains answering listMetricsChains' query, counting the reads. */
function registry() {
  const rows: Row[] = [];
  let reads = 0;
  const add = (id: number, evmChainId: number, isTestnet = false) => rows.push({
    id, evm_chain_id: String(evmChainId), name: `chain-${id}`, blockchain_id: new Uint8Array(32), subnet_id: new Uint8Array(32),
    network_name: isTestnet ? 'fuji' : 'mainnet', is_testnet: isTestnet,
  });
  const db = {
    async query<R extends Row>(): Promise<QueryResult<R>> {
      reads++;
      return { rows: [...rows] as R[], rowCount: rows.length };
    },
  } as unknown as Queryable;
  return { db, add, reads: () => reads };
}

describe('ChainListCache', () => {
  it('reads the registry once while the list is fresh, again once it is older than maxAgeMs', async () => {
    const r = registry();
    r.add(1, 43114);
    let t = 0;
    const cache = new ChainListCache(r.db, 1000, () => t);
    expect((await cache.scope('43114'))!.map((c) => c.id)).toEqual([1]);
    expect((await cache.scope('total'))!.map((c) => c.id)).toEqual([1]);
    expect(r.reads()).toBe(1);
    r.add(2, 43113, true);
    t = 999;
    expect((await cache.scope('total'))!.map((c) => c.id)).toEqual([1]);
    t = 1000;
    expect((await cache.scope('total'))!.map((c) => c.id)).toEqual([1, 2]);
    expect((await cache.scope('testnet'))!.map((c) => c.id)).toEqual([2]);
    expect((await cache.scope('mainnet'))!.map((c) => c.id)).toEqual([1]);
    expect(r.reads()).toBe(2);
  });

  it('looks a chain id it does not hold up again at once, so a chain indexed a moment ago answers', async () => {
    const r = registry();
    r.add(1, 43114);
    const cache = new ChainListCache(r.db, 60_000, () => 0);
    expect(await cache.scope('99999')).toBeUndefined();
    r.add(2, 99999);
    expect((await cache.scope('99999'))!.map((c) => c.id)).toEqual([2]);
    expect(await cache.scope('not-a-chain')).toBeUndefined();
    expect(r.reads()).toBe(3);
  });

  it('shares one read between concurrent requests', async () => {
    const r = registry();
    r.add(1, 43114);
    const cache = new ChainListCache(r.db, 1000, () => 0);
    const scopes = await Promise.all([cache.scope('43114'), cache.scope('total'), cache.all()]);
    expect(scopes.map((s) => s!.length)).toEqual([1, 1, 1]);
    expect(r.reads()).toBe(1);
  });
});
