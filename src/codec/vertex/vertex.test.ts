import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/hash.js';
import { LinearWriter } from '../linear/writer.js';
import { fuzzDecoder } from '../container/fuzz.fixtures.js';
import { decodeVertex, encodeVertex, type Vertex } from './vertex.js';

const id = (b: number) => { const x = new Uint8Array(32); x[0] = b; return x; };
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const byHash = (txs: Uint8Array[]) => [...txs].sort((a, b) => Buffer.compare(Buffer.from(sha256(a)), Buffer.from(sha256(b))));

function v0(over: Partial<Vertex> = {}): Vertex {
  return { version: 0, chainId: id(1), height: 2n, epoch: 0, parentIds: [id(4), id(5)], txs: byHash([new Uint8Array([6]), new Uint8Array([7])]), ...over };
}

describe('vertex v0', () => {
  it('lays out chainID | height | epoch | parents | txs with id = sha256(bytes)', () => {
    const v = v0();
    const { id: vid, bytes } = encodeVertex(v);
    const expected = new LinearWriter().u16(0).raw(id(1)).u64(2n).u32(0).u32(2).raw(id(4)).raw(id(5)).u32(2)
      .u32(1).raw(v.txs[0] ?? new Uint8Array()).u32(1).raw(v.txs[1] ?? new Uint8Array()).finish();
    expect(hex(bytes)).toBe(hex(expected));
    expect(hex(vid)).toBe(hex(sha256(bytes)));
    const d = decodeVertex(bytes);
    expect(d.stopVertex).toBe(false);
    expect(hex(d.id)).toBe(hex(vid));
    const { id: _i, stopVertex: _s, ...record } = d;
    expect(record).toEqual(v);
  });

  it('checks tx order by sha256, not by bytes (AvalancheGo: {0},{1} is unsorted)', () => {
    expect(() => decodeVertex(encodeVertex(v0({ txs: [new Uint8Array([0]), new Uint8Array([1])] })).bytes)).toThrow('vertex contains non-sorted or duplicated transactions');
    expect(decodeVertex(encodeVertex(v0({ txs: [new Uint8Array([1]), new Uint8Array([0])] })).bytes).txs.length).toBe(2);
    expect(() => decodeVertex(encodeVertex(v0({ txs: [new Uint8Array([0]), new Uint8Array([0])] })).bytes)).toThrow('vertex contains non-sorted or duplicated transactions');
  });

  it('enforces the Verify rules with AvalancheGo messages', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => { const x = new Uint8Array(32); x[0] = i >> 8; x[1] = i & 0xff; return x; });
    expect(() => decodeVertex(encodeVertex(v0({ epoch: 1 })).bytes)).toThrow('invalid epoch');
    expect(() => decodeVertex(encodeVertex(v0({ parentIds: many(129) })).bytes)).toThrow('vertex contains more than 128 parentIDs');
    expect(decodeVertex(encodeVertex(v0({ parentIds: many(128) })).bytes).parentIds.length).toBe(128);
    expect(() => decodeVertex(encodeVertex(v0({ txs: [] })).bytes)).toThrow('vertex contains no operations');
    const txs = (n: number) => byHash(Array.from({ length: n }, (_, i) => new Uint8Array([i])));
    expect(() => decodeVertex(encodeVertex(v0({ txs: txs(129) })).bytes)).toThrow('vertex contains more than 128 transactions');
    expect(decodeVertex(encodeVertex(v0({ txs: txs(128) })).bytes).txs.length).toBe(128);
    expect(() => decodeVertex(encodeVertex(v0({ parentIds: [id(5), id(4)] })).bytes)).toThrow('vertex contains non-sorted or duplicated parentIDs');
    expect(() => decodeVertex(encodeVertex(v0({ parentIds: [id(4), id(4)] })).bytes)).toThrow('vertex contains non-sorted or duplicated parentIDs');
  });

  it('accepts a 1 MiB vertex and rejects anything larger', () => {
    const fill = (size: number) => {
      const overhead = 2 + 32 + 8 + 4 + 4 + 4 + 4;
      return v0({ parentIds: [], txs: [new Uint8Array(size - overhead)] });
    };
    expect(encodeVertex(fill(1024 * 1024)).bytes.length).toBe(1024 * 1024);
    expect(decodeVertex(encodeVertex(fill(1024 * 1024)).bytes).txs[0]?.length).toBeGreaterThan(0);
    expect(() => decodeVertex(encodeVertex(fill(1024 * 1024 + 1)).bytes)).toThrow('byte array exceeds maximum length: 1048577 > 1048576');
  });
});

describe('stop vertex (v1)', () => {
  it('is u16 1 | chainID | height | parents, with no epoch and no txs', () => {
    const v: Vertex = { version: 1, chainId: id(9), height: 100n, epoch: 0, parentIds: [id(1)], txs: [] };
    const { id: vid, bytes } = encodeVertex(v);
    expect(hex(bytes)).toBe('0001' + hex(id(9)) + '0000000000000064' + '00000001' + hex(id(1)));
    const d = decodeVertex(bytes);
    expect(d.stopVertex).toBe(true);
    expect(d.version).toBe(1);
    expect(hex(d.id)).toBe(hex(vid));
    expect(d.txs).toEqual([]);
    expect(() => decodeVertex(encodeVertex({ ...v, parentIds: [id(2), id(1)] }).bytes)).toThrow('vertex contains non-sorted or duplicated parentIDs');
    expect(() => encodeVertex({ ...v, txs: [new Uint8Array(1)] })).toThrow('a stop vertex has no epoch and no txs');
  });
});

describe('vertex malformed input', () => {
  it('rejects unknown versions, truncation and trailing bytes', () => {
    expect(() => decodeVertex(new Uint8Array([1, 2, 3, 4, 5]))).toThrow('unknown codec version');
    const good = encodeVertex(v0()).bytes;
    expect(() => decodeVertex(good.subarray(0, good.length - 1))).toThrow(/insufficient length/);
    expect(() => decodeVertex(new Uint8Array([...good, 0]))).toThrow('trailing buffer space');
    const hugeCount = good.slice();
    new DataView(hugeCount.buffer).setUint32(2 + 32 + 8 + 4, 0xffffffff);
    expect(() => decodeVertex(hugeCount)).toThrow(/cannot fit/);
  });

  it('only ever throws Error on random, truncated and mutated input', () => {
    const seeds = [encodeVertex(v0()).bytes, encodeVertex({ version: 1, chainId: id(1), height: 1n, epoch: 0, parentIds: [id(1), id(2)], txs: [] }).bytes];
    expect(fuzzDecoder(decodeVertex, seeds, 4000, 3)).toBeGreaterThan(0);
  });
});
