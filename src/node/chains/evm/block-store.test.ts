import { describe, expect, it } from 'vitest';
import { type KvStore, openMemoryStore } from '../../storage/kv.js';
import { BlockStore, type StoredBlock } from './block-store.js';
import { EvmKeys } from './keys.js';

const keys = new EvmKeys(new Uint8Array(32).fill(3));
const hashOf = (n: number, version = 0) => new Uint8Array(32).fill(version).map((b, i) => (i < 4 ? (n >> (8 * i)) & 0xff : b));

/** A store holding the hashes of heights 0..599, counting its point reads and range reads. */
async function chainOfHashes(): Promise<{ db: KvStore; reads: { get: number; iterate: number } }> {
  const db = openMemoryStore();
  await db.batch(Array.from({ length: 600 }, (_, n) => ({ type: 'put' as const, key: keys.hashByNumber(BigInt(n)), value: hashOf(n) })));
  const reads = { get: 0, iterate: 0 };
  const counted: KvStore = {
    ...db,
    get: (k) => (reads.get++, db.get(k)),
    iterate: (range) => (reads.iterate++, db.iterate(range)),
    batch: db.batch.bind(db),
  };
  return { db: counted, reads };
}

const storedAt = (n: number, hash: Uint8Array) => ({ block: { header: { number: BigInt(n) } }, hash, bytes: new Uint8Array(0) }) as unknown as StoredBlock;

describe('BlockStore.hashByNumber', () => {
  it('reads the hashes of a chain read in order ahead, a range at a time', async () => {
    const { db, reads } = await chainOfHashes();
    const store = new BlockStore(db, keys);
    for (let n = 0; n < 600; n++) expect(await store.hashByNumber(BigInt(n))).toEqual(hashOf(n));
    expect(await store.hashByNumber(600n)).toBeUndefined();
    expect(reads.get).toBeLessThan(10);
    expect(reads.iterate).toBeLessThan(5);
  });

  it('reads ahead for several clients reading different ranges in order at once', async () => {
    const { db, reads } = await chainOfHashes();
    const store = new BlockStore(db, keys);
    for (let i = 0; i < 150; i++) {
      for (const start of [0, 150, 300, 450]) expect(await store.hashByNumber(BigInt(start + i))).toEqual(hashOf(start + i));
    }
    expect(reads.get).toBeLessThan(20);
  });

  it('keeps nothing it read ahead while the head moved', async () => {
    const { db, reads } = await chainOfHashes();
    const store = new BlockStore(db, keys);
    const iterate = db.iterate.bind(db);
    // the head moves while the read-ahead is under way (an accept or a rewind between its reads)
    db.iterate = (range) => (store.remember(storedAt(599, hashOf(599))), iterate(range));
    await store.hashByNumber(10n);
    await store.hashByNumber(11n);
    const before = reads.get;
    expect(await store.hashByNumber(12n)).toEqual(hashOf(12));
    expect(reads.get).toBe(before + 1);
  });

  it('reads a height asked out of order alone', async () => {
    const { db, reads } = await chainOfHashes();
    const store = new BlockStore(db, keys);
    for (const n of [500, 7, 300, 42, 599, 0, 250]) expect(await store.hashByNumber(BigInt(n))).toEqual(hashOf(n));
    expect(reads).toEqual({ get: 7, iterate: 0 });
  });

  it('drops what it read ahead once the head moves (a devnet rewind, a new block)', async () => {
    const { db } = await chainOfHashes();
    const store = new BlockStore(db, keys);
    for (let n = 10; n < 20; n++) await store.hashByNumber(BigInt(n));
    // heights above 100 are replaced, as a rewind to 100 followed by new blocks leaves them
    await db.batch(Array.from({ length: 100 }, (_, i) => ({ type: 'put' as const, key: keys.hashByNumber(BigInt(101 + i)), value: hashOf(101 + i, 9) })));
    expect(await store.hashByNumber(150n)).toEqual(hashOf(150)); // still the hash read ahead
    store.remember(storedAt(100, hashOf(100)));
    expect(await store.hashByNumber(150n)).toEqual(hashOf(150, 9));
    expect(await store.hashByNumber(20n)).toEqual(hashOf(20));
  });
});
