import { describe, expect, it } from 'vitest';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { EMPTY_TRIE_ROOT, orderedTrieRoot } from './trie-root.js';

async function reference(values: Uint8Array[]): Promise<Uint8Array> {
  const trie = new MerklePatriciaTrie();
  for (let i = 0; i < values.length; i++) await trie.put(RLP.encode(i), values[i]!);
  return trie.root();
}

/** Deterministic pseudo-random bytes (xorshift), lengths 0..maxLen. */
function values(n: number, seed: number, maxLen: number): Uint8Array[] {
  let x = seed;
  const next = () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return x >>> 0; };
  return Array.from({ length: n }, () => Uint8Array.from({ length: 1 + (next() % maxLen) }, () => next() & 0xff));
}

describe('orderedTrieRoot', () => {
  it('is the empty-trie root for no values', async () => {
    expect(orderedTrieRoot([])).toEqual(EMPTY_TRIE_ROOT);
    expect(orderedTrieRoot([])).toEqual(await reference([]));
  });

  it('matches the ethereumjs trie for 1..300 values, short (inlined nodes) and long', async () => {
    for (const n of [1, 2, 3, 15, 16, 17, 127, 128, 129, 255, 256, 300]) {
      for (const maxLen of [3, 200]) {
        const vs = values(n, n * 7919 + maxLen, maxLen);
        expect(Buffer.from(orderedTrieRoot(vs)).toString('hex'), `n=${n} maxLen=${maxLen}`).toBe(Buffer.from(await reference(vs)).toString('hex'));
      }
    }
  });
});
