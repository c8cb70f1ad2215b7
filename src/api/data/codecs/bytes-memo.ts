import { sameBytes } from '../../../lib/bytes.js';
interface Entry {
  bytes: Uint8Array;
  text: string;
  /** Another value whose key collides with this one. */
  next: Entry | undefined;
}

/**
 * A small-integer key from a value's length and its first and last four bytes (or every byte of a short one).
 * The values memoized are hashes or hash-derived ids, so their ends are already well mixed; values that share
 * a key are told apart by comparing their bytes.
 */
function keyOf(b: Uint8Array): number {
  const n = b.length;
  let h = n;
  if (n >= 8) {
    h ^= b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24);
    h ^= Math.imul(b[n - 4]! | (b[n - 3]! << 8) | (b[n - 2]! << 16) | (b[n - 1]! << 24), 0x9e3779b1);
  } else {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  }
  return h & 0x3fffffff;
}


/** An encoding that answers repeats from a cache; `kept` is how many values the cache holds. */
export type BytesMemo = ((bytes: Uint8Array) => string) & { readonly kept: number };

/** Slots of the table of values seen once: a power of two, a few times the memo's usual size. */
const DOORKEEPER_SLOTS = 1 << 15;

/**
 * A bounded cache of an encoding of bytes (cb58 ids, bech32 addresses). Pages repeat the same ids and
 * addresses (asset ids, chain ids, a busy wallet) and each encoding hashes a checksum. Keys are small integers
 * (no string is built per lookup: that cost ~0.7 µs a hit against ~0.25 µs). The cache is emptied when full:
 * no LRU bookkeeping per hit, and a page's working set refills it at once.
 *
 * A value is kept from its second sighting on: the first only marks its key in a table of integers. Most ids
 * an answer shows are seen once (tx and UTXO ids), and keeping them cost a copy, an entry and the text each,
 * alive until the cache emptied: long enough to outlive young-generation collections and be copied by each.
 * A key marked by another value only makes a value kept one sighting early.
 */
export function memoizeBytes(encode: (bytes: Uint8Array) => string, limit = 50_000): BytesMemo {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`memo limit must be a positive integer, got ${limit}`);
  const cache = new Map<number, Entry>();
  const seenOnce = new Int32Array(DOORKEEPER_SLOTS);
  let size = 0;
  const memo = (bytes: Uint8Array): string => {
    const key = keyOf(bytes);
    let first = cache.get(key);
    for (let e = first; e !== undefined; e = e.next) if (sameBytes(e.bytes, bytes)) return e.text;
    const text = encode(bytes);
    const slot = key & (DOORKEEPER_SLOTS - 1);
    // Keys are below 2^30, so key + 1 is never the table's initial 0.
    if (seenOnce[slot] !== key + 1) {
      seenOnce[slot] = key + 1;
      return text;
    }
    if (size >= limit) {
      cache.clear();
      size = 0;
      first = undefined;
    }
    // A copy: the caller's view may be a slice of a buffer that is reused.
    cache.set(key, { bytes: Uint8Array.from(bytes), text, next: first });
    size++;
    return text;
  };
  return Object.defineProperty(memo, 'kept', { get: () => size }) as BytesMemo;
}
