import { describe, expect, it } from 'vitest';
import { key, numberedKey, readU64, u64Key, utf8, writeU64 } from './kv.js';

/** The big-endian u64 as DataView writes it: what every stored key holds. */
function viaDataView(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n);
  return b;
}

describe('u64 keys', () => {
  const edges = [0n, 1n, 255n, 256n, 2n ** 31n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 48n + 7n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n];
  it('writes a big-endian u64 as DataView does, below 2^53 and above', () => {
    const randoms = Array.from({ length: 2000 }, (_, i) => BigInt(Math.floor(Math.random() * 2 ** (1 + (i % 53)))));
    for (const n of [...edges, ...randoms]) {
      expect(u64Key(n)).toEqual(viaDataView(n));
      expect(readU64(u64Key(n))).toBe(n);
      const framed = new Uint8Array(12).fill(0xaa);
      writeU64(framed.subarray(2), 1, n);
      expect([...framed.subarray(0, 3), ...framed.subarray(11)]).toEqual([0xaa, 0xaa, 0xaa, 0xaa]);
      expect(framed.subarray(3, 11)).toEqual(viaDataView(n));
    }
  });

  it('numberedKey is prefix, number and suffix in one array', () => {
    const prefix = utf8('evm/x/b');
    const hash = new Uint8Array(32).fill(7);
    for (const n of edges) {
      expect(numberedKey(prefix, n, hash)).toEqual(key(prefix, viaDataView(n), hash));
      expect(numberedKey(prefix, n)).toEqual(key(prefix, viaDataView(n)));
    }
  });
});
