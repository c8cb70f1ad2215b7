import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../../lib/hex.js';
import { EMPTY_PREDICATE_RESULTS } from '../block-builder.js';
import { packPredicate, predicateStorageKeys, predicatesFor, unpackPredicate } from './predicate.js';
import { decodePredicateResults, encodePredicateResults } from './predicate-results.js';

const bytes = (n: number, fill = 0xab) => new Uint8Array(n).fill(fill);

describe('predicate packing (bytes ‖ 0xff ‖ zero padding to 32)', () => {
  it('pads to the next multiple of 32 after the delimiter and unpacks back', () => {
    for (const [n, packedLen] of [[0, 32], [1, 32], [31, 32], [32, 64], [63, 64], [100, 128]] as const) {
      const p = packPredicate(bytes(n));
      expect(p.length).toBe(packedLen);
      expect(p[n]).toBe(0xff);
      expect(p.subarray(n + 1).every((b) => b === 0)).toBe(true);
      expect(unpackPredicate(p)).toEqual(bytes(n));
    }
    // trailing zeros of the message survive: the delimiter marks the end
    expect(unpackPredicate(packPredicate(new Uint8Array([1, 0, 0])))).toEqual(new Uint8Array([1, 0, 0]));
  });

  it('refuses what upstream refuses', () => {
    expect(() => unpackPredicate(new Uint8Array(0))).toThrow('predicate specified empty predicate');
    expect(() => unpackPredicate(new Uint8Array(32))).toThrow('predicate specified all zero bytes: length (32)');
    const excess = new Uint8Array(64);
    excess[0] = 0xff;
    expect(() => unpackPredicate(excess)).toThrow('predicate specified excess padding: got length (64), expected length (32)');
    const noDelimiter = new Uint8Array(32);
    noDelimiter[3] = 0x01;
    expect(() => unpackPredicate(noDelimiter)).toThrow('wrong end delimiter');
  });

  it('splits into storage keys and joins a tx\'s tuples for one address, in order', () => {
    const warp = hexToBytes('0x0200000000000000000000000000000000000005');
    const other = hexToBytes('0x' + '11'.repeat(20));
    const a = packPredicate(bytes(40, 1));
    const b = packPredicate(bytes(3, 2));
    const list = [[warp, predicateStorageKeys(a)], [other, [bytes(32, 9)]], [warp, predicateStorageKeys(b)]] as const;
    expect(predicatesFor(list, warp)).toEqual([a, b]);
    expect(predicatesFor(list, hexToBytes('0x' + '22'.repeat(20)))).toEqual([]);
    expect(() => predicateStorageKeys(bytes(33))).toThrow('not a multiple of 32');
  });
});

describe('predicate results codec', () => {
  it('encodes the empty map as the 6 bytes every Durango block carries', () => {
    expect(encodePredicateResults(new Map())).toEqual(EMPTY_PREDICATE_RESULTS);
    expect(decodePredicateResults(EMPTY_PREDICATE_RESULTS).size).toBe(0);
  });

  it('writes tx hashes and addresses sorted, bitsets as length-prefixed bytes, and reads them back', () => {
    const warp = '0x0200000000000000000000000000000000000005';
    const t1 = '0x' + 'bb'.repeat(32);
    const t2 = '0x' + 'aa'.repeat(32);
    const results = new Map([[t1, new Map([[warp, new Uint8Array([0x05])]])], [t2, new Map([[warp, new Uint8Array(0)]])]]);
    const enc = encodePredicateResults(results);
    // version, 2 txs, then t2 (sorted first): hash, 1 address, address, empty bitset; then t1 with bitset 0x05
    const expected = '0000' + '00000002' + 'aa'.repeat(32) + '00000001' + warp.slice(2) + '00000000' + 'bb'.repeat(32) + '00000001' + warp.slice(2) + '00000001' + '05';
    expect(Buffer.from(enc).toString('hex')).toBe(expected);
    const back = decodePredicateResults(enc);
    expect(back.get(t1)!.get(warp)).toEqual(new Uint8Array([5]));
    expect(back.get(t2)!.get(warp)).toEqual(new Uint8Array(0));
    expect(() => decodePredicateResults(new Uint8Array([0, 1, 0, 0, 0, 0]))).toThrow('unknown codec version');
    expect(() => decodePredicateResults(new Uint8Array([...enc, 0]))).toThrow('trailing buffer space');
  });
});
