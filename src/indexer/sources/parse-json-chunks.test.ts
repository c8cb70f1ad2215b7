import { describe, expect, it } from 'vitest';
import { jsonArrayElements, parseJsonChunks } from './parse-json-chunks.js';

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRICKY = ['', '0x', '"', '\\', '\\"', '",', '"]', '[', ']', '{', '}', ',', 'é', '✓ — ü', '\n', '\u0000', '🙂', '{"jsonrpc":"2.0"}'];

function randomValue(rand: () => number, depth: number): unknown {
  const pick = rand();
  if (depth > 3 || pick < 0.3) {
    const k = Math.floor(rand() * 5);
    if (k === 0) return TRICKY[Math.floor(rand() * TRICKY.length)]! + '0x' + Math.floor(rand() * 1e9).toString(16);
    if (k === 1) return Math.floor(rand() * 1e6) - 5e5;
    if (k === 2) return rand() < 0.5;
    if (k === 3) return null;
    return rand() * 1e3;
  }
  if (pick < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 4); i > 0; i--) o[TRICKY[Math.floor(rand() * TRICKY.length)]! + i] = randomValue(rand, depth + 1);
  return o;
}

/** `text`'s bytes cut into chunks at random places (inside strings, escapes and multi-byte characters too). */
function chunked(text: string, rand: () => number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + Math.floor(rand() * (rand() < 0.5 ? 3 : 40));
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  return chunks.length > 0 ? chunks : [Buffer.alloc(0)];
}

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

describe('parseJsonChunks', () => {
  it('gives what JSON.parse gives, for arrays and other values, however the bytes are cut', () => {
    const rand = prng(20261128);
    for (let round = 0; round < 500; round++) {
      const value = round % 5 === 0 ? randomValue(rand, 0) : Array.from({ length: Math.floor(rand() * 6) }, () => randomValue(rand, 1));
      const text = round % 3 === 0 ? JSON.stringify(value, null, 1) : JSON.stringify(value);
      expect(parseJsonChunks(chunked(text, rand))).toEqual(JSON.parse(text));
    }
  });

  it('finds each element of an array itself, not by falling back to a whole parse', () => {
    const rand = prng(42);
    for (let round = 0; round < 300; round++) {
      const value = Array.from({ length: Math.floor(rand() * 6) }, () => randomValue(rand, 1));
      const elements = jsonArrayElements(chunked(JSON.stringify(value, null, round % 2), rand));
      expect(elements?.map((e) => JSON.parse(e.toString('utf8')) as unknown)).toEqual(value);
    }
    for (const text of ['{"a":[1]}', '[1,]', '[1', '["a\\"]', '[1] 2']) expect(jsonArrayElements([Buffer.from(text)])).toBeUndefined();
  });

  it('cuts a batch reply at its elements, and parses one sent in one chunk', () => {
    const reply = [{ jsonrpc: '2.0', id: 1, result: { hash: '0x' + 'ab'.repeat(32), logs: [{ data: '0x' }] } }, { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'a "quoted" \\ reason' } }];
    expect(parseJsonChunks([Buffer.from(JSON.stringify(reply))])).toEqual(reply);
    expect(parseJsonChunks([Buffer.from('  [ 1 , "a,b" ,[2,[3]] ,{"c":"]"} ]  ')])).toEqual([1, 'a,b', [2, [3]], { c: ']' }]);
    expect(parseJsonChunks([Buffer.from('[]')])).toEqual([]);
  });

  it('throws JSON.parse\'s own error for anything malformed', () => {
    const rand = prng(7);
    for (const text of ['', '[', '[1,]', '[,1]', '[1 2]', '[1}', '[{]}', '[1]x', '["open]', '{"a":1', '[1,,2]', '[]]', '[{"a":1,}]', '["\\x"]']) {
      const expected = errorOf(() => JSON.parse(text));
      expect(expected).not.toBe('no error');
      expect(errorOf(() => parseJsonChunks([Buffer.from(text)]))).toBe(expected);
      expect(errorOf(() => parseJsonChunks(chunked(text, rand)))).toBe(expected);
    }
  });
});
