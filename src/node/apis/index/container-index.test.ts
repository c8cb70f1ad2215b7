import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLevelStore, openMemoryStore, type KvStore } from '../../storage/kv.js';
import { ContainerIndex } from './container-index.js';
import { CHAIN_A, CHAIN_B, fakeAccepted } from './test-helpers.js';

async function acceptAll(db: KvStore, index: ContainerIndex, from: number, to: number): Promise<void> {
  for (let h = from; h <= to; h++) {
    const p = index.prepare(fakeAccepted(CHAIN_A, h));
    await db.batch(p.ops);
    p.commit();
  }
}

describe('ContainerIndex (memory store)', () => {
  it('indexes in acceptance order and reads by index, id, range and last', async () => {
    const db = openMemoryStore();
    const index = await ContainerIndex.open(db, CHAIN_A, 'block');
    expect(index.size).toBe(0n);
    expect(await index.getLastAccepted()).toBeUndefined();
    expect(await index.getByIndex(0n)).toBeUndefined();

    await acceptAll(db, index, 1, 5);
    expect(index.size).toBe(5n);
    const third = fakeAccepted(CHAIN_A, 3);
    const got = await index.getByIndex(2n);
    expect(got?.id).toEqual(third.id);
    expect(got?.bytes).toEqual(third.bytes);
    expect(got?.acceptedAtNanos).toBe(third.acceptedAtNanos);
    expect(await index.getIndex(third.id)).toBe(2n);
    expect((await index.getById(third.id))?.index).toBe(2n);
    expect(await index.isAccepted(third.id)).toBe(true);
    expect(await index.isAccepted(new Uint8Array(32))).toBe(false);
    expect(await index.getIndex(new Uint8Array(32))).toBeUndefined();
    expect((await index.getLastAccepted())?.index).toBe(4n);

    const range = await index.getRange(1n, 10);
    expect(range.map((c) => c.index)).toEqual([1n, 2n, 3n, 4n]);
    expect(range[0]!.id).toEqual(fakeAccepted(CHAIN_A, 2).id);
    expect(await index.getRange(5n, 3)).toEqual([]);
  });

  it('skips an id that is already indexed or in flight', async () => {
    const db = openMemoryStore();
    const index = await ContainerIndex.open(db, CHAIN_A, 'block');
    const c = fakeAccepted(CHAIN_A, 1);
    const first = index.prepare(c);
    expect(first.ops).toHaveLength(2);
    expect(index.prepare(c).ops).toHaveLength(0); // in flight
    await db.batch(first.ops);
    first.commit();
    expect(index.prepare(c).ops).toHaveLength(0);
    await index.accept(c.id, c.bytes, 5n);
    expect(index.size).toBe(1n);
    expect((await index.getByIndex(0n))?.acceptedAtNanos).toBe(c.acceptedAtNanos);
  });

  it('hides a prepared container until commit and reuses the index after abort', async () => {
    const db = openMemoryStore();
    const index = await ContainerIndex.open(db, CHAIN_A, 'block');
    const a = index.prepare(fakeAccepted(CHAIN_A, 1));
    await db.batch(a.ops);
    expect(index.size).toBe(0n);
    expect(await index.getByIndex(0n)).toBeUndefined();
    a.commit();
    expect(index.size).toBe(1n);

    const failed = index.prepare(fakeAccepted(CHAIN_A, 2));
    failed.abort();
    const retried = index.prepare(fakeAccepted(CHAIN_A, 2));
    expect(retried.ops).toHaveLength(2);
    await db.batch(retried.ops);
    retried.commit();
    expect((await index.getByIndex(1n))?.id).toEqual(fakeAccepted(CHAIN_A, 2).id);
  });

  it('keeps chains and kinds apart', async () => {
    const db = openMemoryStore();
    const blocks = await ContainerIndex.open(db, CHAIN_A, 'block');
    const txs = await ContainerIndex.open(db, CHAIN_A, 'tx');
    const other = await ContainerIndex.open(db, CHAIN_B, 'block');
    await acceptAll(db, blocks, 1, 3);
    const c = fakeAccepted(CHAIN_A, 9);
    await txs.accept(c.id, c.bytes, 1n);
    expect(blocks.size).toBe(3n);
    expect(txs.size).toBe(1n);
    expect(other.size).toBe(0n);
    expect(await txs.isAccepted(fakeAccepted(CHAIN_A, 1).id)).toBe(false);
    const reopened = await ContainerIndex.open(db, CHAIN_A, 'tx');
    expect(reopened.size).toBe(1n);
  });

  it('works without a cache', async () => {
    const db = openMemoryStore();
    const index = await ContainerIndex.open(db, CHAIN_A, 'vtx', { cacheSize: 0 });
    await acceptAll(db, index, 1, 3);
    expect((await index.getByIndex(1n))?.id).toEqual(fakeAccepted(CHAIN_A, 2).id);
  });

  it('rejects ids that are not 32 bytes', async () => {
    const index = await ContainerIndex.open(openMemoryStore(), CHAIN_A, 'tx');
    await expect(index.accept(new Uint8Array(20), new Uint8Array(1), 0n)).rejects.toThrow('container id must be 32 bytes but is 20');
  });
});

describe('ContainerIndex (LevelDB)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const d = await mkdtemp(join(tmpdir(), 'firn-index-'));
    dirs.push(d);
    return d;
  };

  it('keeps containers, ids and the next index across close and reopen', async () => {
    const dir = await tempDir();
    let db = await openLevelStore(dir);
    let index = await ContainerIndex.open(db, CHAIN_A, 'block');
    await acceptAll(db, index, 1, 10);
    await db.close();

    db = await openLevelStore(dir);
    index = await ContainerIndex.open(db, CHAIN_A, 'block');
    expect(index.size).toBe(10n);
    expect((await index.getLastAccepted())?.id).toEqual(fakeAccepted(CHAIN_A, 10).id);
    expect(index.lastHeight).toBe(10n);
    // Replayed accepts after restart are skipped; the next new block continues the count.
    expect(index.prepare(fakeAccepted(CHAIN_A, 10)).ops).toHaveLength(0);
    expect(index.prepare(fakeAccepted(CHAIN_A, 3)).ops).toHaveLength(0);
    await acceptAll(db, index, 11, 11);
    expect(await index.getIndex(fakeAccepted(CHAIN_A, 11).id)).toBe(10n);
    expect(index.lastHeight).toBe(11n);
    expect(index.prepare(fakeAccepted(CHAIN_A, 11)).ops).toHaveLength(0);
    const range = await index.getRange(8n, 1024);
    expect(range.map((c) => c.index)).toEqual([8n, 9n, 10n]);
    await db.close();
  });

  it('skips a replayed direct accept after restart by looking in the store', async () => {
    const dir = await tempDir();
    let db = await openLevelStore(dir);
    let txs = await ContainerIndex.open(db, CHAIN_B, 'tx');
    const a = fakeAccepted(CHAIN_B, 1);
    const b = fakeAccepted(CHAIN_B, 2);
    await txs.accept(a.id, a.bytes, 1n);
    await db.close();
    db = await openLevelStore(dir);
    txs = await ContainerIndex.open(db, CHAIN_B, 'tx');
    await Promise.all([txs.accept(a.id, a.bytes, 2n), txs.accept(b.id, b.bytes, 3n), txs.accept(b.id, b.bytes, 4n)]);
    expect(txs.size).toBe(2n);
    expect((await txs.getByIndex(0n))?.acceptedAtNanos).toBe(1n);
    expect((await txs.getByIndex(1n))?.acceptedAtNanos).toBe(3n);
    expect(txs.lastHeight).toBe(0n);
    await db.close();
  });

  it('reads any index and a 1024-container range from the store (timings: npm run bench:node)', async () => {
    const dir = await tempDir();
    const db = await openLevelStore(dir);
    const writer = await ContainerIndex.open(db, CHAIN_A, 'block');
    for (let start = 1; start <= 3000; start += 500) {
      const ops = [];
      const commits = [];
      for (let h = start; h < start + 500; h++) {
        const p = writer.prepare(fakeAccepted(CHAIN_A, h, 1500));
        ops.push(...p.ops);
        commits.push(p.commit);
      }
      await db.batch(ops);
      for (const c of commits) c();
    }
    // A fresh instance with no cache measures the store path.
    const index = await ContainerIndex.open(db, CHAIN_A, 'block', { cacheSize: 0 });
    expect(index.size).toBe(3000n);

    for (let i = 0; i < 200; i++) {
      const at = BigInt((i * 7919) % 3000);
      const c = await index.getByIndex(at);
      expect(c?.index).toBe(at);
    }

    await index.getRange(0n, 1024); // warm
    const range = await index.getRange(1500n, 1024);
    expect(range).toHaveLength(1024);
    expect(range[1023]!.index).toBe(2523n);
    await db.close();
  });
});
