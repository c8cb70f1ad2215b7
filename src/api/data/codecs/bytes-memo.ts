/**
 * A bounded cache of an encoding of bytes (cb58 ids, bech32 addresses), keyed by the bytes as a latin1
 * string (one character a byte). Pages repeat the same ids and addresses (asset ids, chain ids, a busy
 * wallet) and each encoding hashes a checksum, so building the key is far cheaper than encoding again. The cache is emptied when full: no LRU bookkeeping
 * per hit, and a page's working set refills it at once.
 */
export function memoizeBytes(encode: (bytes: Uint8Array) => string, limit = 50_000): (bytes: Uint8Array) => string {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`memo limit must be a positive integer, got ${limit}`);
  const cache = new Map<string, string>();
  return (bytes) => {
    const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const text = encode(bytes);
    if (cache.size >= limit) cache.clear();
    cache.set(key, text);
    return text;
  };
}
