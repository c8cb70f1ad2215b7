import { describe, expect, it } from 'vitest';
import { hexOf } from '../../../lib/hex.js';
import { BlockCache } from './block-cache.js';
import type { StoredBlock } from './block-store.js';

function block(n: number, fork = 0): StoredBlock {
  const hash = new Uint8Array(32);
  hash[0] = fork;
  hash[31] = n;
  return { hash, bytes: new Uint8Array(0), block: { header: { number: BigInt(n) }, txs: [] } } as unknown as StoredBlock;
}

describe('BlockCache', () => {
  it('finds a block by hash and by number', () => {
    const cache = new BlockCache(4);
    const b = block(7);
    cache.add(b);
    expect(cache.byHash(hexOf(b.hash))).toBe(b);
    expect(cache.byNumber(7n)).toBe(b);
    expect(cache.byNumber(8n)).toBeUndefined();
  });

  it('drops the oldest block once past its capacity, by hash and by number', () => {
    const cache = new BlockCache(3);
    const blocks = [1, 2, 3, 4].map((n) => block(n));
    for (const b of blocks) cache.add(b);
    expect(cache.size).toBe(3);
    expect(cache.byHash(hexOf(blocks[0]!.hash))).toBeUndefined();
    expect(cache.byNumber(1n)).toBeUndefined();
    expect(cache.byNumber(4n)).toBe(blocks[3]);
  });

  it('keeps the newer block at a height when an older one at that height is dropped', () => {
    const cache = new BlockCache(2);
    const old = block(5, 0);
    const replacement = block(5, 1);
    cache.add(old);
    cache.add(replacement);
    cache.add(block(6));
    expect(cache.byHash(hexOf(old.hash))).toBeUndefined();
    expect(cache.byNumber(5n)).toBe(replacement);
  });

  it('adding a block again makes it the newest', () => {
    const cache = new BlockCache(2);
    const [a, b, c] = [block(1), block(2), block(3)];
    cache.add(a);
    cache.add(b);
    cache.add(a);
    cache.add(c);
    expect(cache.byNumber(1n)).toBe(a);
    expect(cache.byNumber(2n)).toBeUndefined();
  });

  it('after many blocks, finds by number only the ones it still holds', () => {
    const cache = new BlockCache(2);
    for (let n = 1; n <= 100; n++) cache.add(block(n));
    expect(cache.size).toBe(2);
    expect([cache.byNumber(98n), cache.byNumber(99n)?.block.header.number, cache.byNumber(100n)?.block.header.number]).toEqual([undefined, 99n, 100n]);
  });

  it('dropNumber lets go of the block at a height', () => {
    const cache = new BlockCache(4);
    const b = block(9);
    cache.add(b);
    cache.dropNumber(9n);
    cache.dropNumber(10n);
    expect(cache.byNumber(9n)).toBeUndefined();
    expect(cache.byHash(hexOf(b.hash))).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
