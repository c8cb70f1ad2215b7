import { RLP } from '@ethereumjs/rlp';
import { describe, expect, it } from 'vitest';
import { encodingOf, itemsOf, rlpListItems, type RlpItem } from './rlp-items.js';

type Tree = Uint8Array | Tree[];
type HexTree = string | HexTree[];

/** The tree the items describe, read back with the ranges, as hex. */
function tree(b: Uint8Array, items: RlpItem[]): HexTree[] {
  return items.map((it) => (it.list ? tree(b, itemsOf(b, it)) : Buffer.from(b.subarray(it.start, it.end)).toString('hex')));
}

/** ethereumjs' decoding, as hex. */
function asHex(t: Tree[]): HexTree[] {
  return t.map((x) => (Array.isArray(x) ? asHex(x) : Buffer.from(x).toString('hex')));
}

/** A deterministic pseudo-random tree with short and long strings and lists. */
function randomTree(seed: number, depth = 0): Tree[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) & 0x7fffffff);
  const n = next() % 6;
  const out: Tree[] = [];
  for (let i = 0; i < n; i++) {
    const kind = next() % 4;
    if (kind === 0 && depth < 3) out.push(randomTree(next(), depth + 1));
    else {
      const len = kind === 1 ? 1 : kind === 2 ? next() % 56 : 56 + (next() % 300);
      out.push(Uint8Array.from({ length: len }, () => next() % 256));
    }
  }
  return out;
}

describe('rlpListItems', () => {
  it('reads what ethereumjs encodes, strings and nested lists, short and long forms', () => {
    for (let seed = 1; seed < 300; seed++) {
      const t = randomTree(seed);
      const encoded = RLP.encode(t);
      expect(tree(encoded, rlpListItems(encoded))).toEqual(asHex(RLP.decode(encoded) as Tree[]));
    }
  });

  it('cuts out the whole encoding of any item, short and long, strings and lists', () => {
    const check = (b: Uint8Array, items: RlpItem[], decoded: Tree[]) => {
      items.forEach((it, i) => {
        expect(Buffer.from(encodingOf(b, it)).toString('hex')).toBe(Buffer.from(RLP.encode(decoded[i]!)).toString('hex'));
        if (it.list) check(b, itemsOf(b, it), decoded[i] as Tree[]);
      });
    };
    for (let seed = 1; seed < 300; seed++) {
      const encoded = RLP.encode(randomTree(seed));
      check(encoded, rlpListItems(encoded), RLP.decode(encoded) as Tree[]);
    }
    const edges: Tree[] = [Uint8Array.of(0), Uint8Array.of(0x7f), Uint8Array.of(0x80), new Uint8Array(55), new Uint8Array(56), new Uint8Array(300), [new Uint8Array(54)], [new Uint8Array(60)]];
    const encoded = RLP.encode(edges);
    check(encoded, rlpListItems(encoded), edges);
  });

  it('reads a list after a prefix (a typed tx)', () => {
    const body = RLP.encode([Uint8Array.of(1), Uint8Array.of()]);
    const typed = Uint8Array.of(2, ...body);
    expect(rlpListItems(typed, 1)).toMatchObject([{ list: false, start: 2, end: 3 }, { list: false, start: 4, end: 4 }]);
  });

  it('throws on input that is not one canonical list', () => {
    const bad: [string, number[]][] = [
      ['a string', [0x83, 1, 2, 3]],
      ['trailing bytes', [0xc1, 0x01, 0x02]],
      ['an item longer than its list', [0xc2, 0x83, 1, 2]],
      ['a list longer than the input', [0xc5, 1]],
      ['a single byte below 0x80 as a string', [0xc2, 0x81, 0x05]],
      ['a long form for a short string', [0xc4, 0xb8, 0x02, 1, 2]],
      ['a length with a leading zero', [0xc5, 0xb9, 0x00, 0x38, 1, 2]],
      ['empty input', []],
    ];
    for (const [what, bytes] of bad) expect(() => rlpListItems(Uint8Array.from(bytes)), what).toThrow(/rlp/);
  });
});
