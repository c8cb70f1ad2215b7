/**
 * The trace byte reader against JSON.parse: flattenBlockTraces must find the same in what each gives, and the reader
 * must decline (throw) whatever it does not read exactly as JSON.parse would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonByteReader } from '../json-byte-reader.js';
import { decodeEvmRange } from './evm-range.js';
import { readTracesResult } from './read-trace-json.js';

const text = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const block42 = JSON.parse(text('coreth-block-42.json')) as unknown;
const receipts42 = JSON.parse(text('coreth-receipts-42.json')) as unknown[];
const tracesText = text('coreth-traces-42.json');

/** The reader's answer for `json`, a whole value; undefined when it declines. */
function fast(json: string): unknown[] | undefined {
  try {
    const r = new JsonByteReader(Buffer.from(json, 'utf8'));
    const out = readTracesResult(r);
    r.done();
    return out;
  } catch {
    return undefined;
  }
}

/** What decodeEvmRange keeps of block 42 with these traces: its internal transactions and contracts, or its error. */
function decoded(traces: unknown): unknown {
  try {
    const { batch } = decodeEvmRange([{ block: block42, receipts: receipts42, traces }], new Uint8Array(32).fill(0x0a));
    return { indexed: batch.blocks[0]!.internalTxsIndexed, internal: batch.internalTransactions, contracts: batch.contracts };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('readTracesResult', () => {
  it('keeps only what flattenBlockTraces reads, with the same result as JSON.parse', () => {
    const read = fast(tracesText)!;
    expect(read).toBeDefined();
    const parsed = JSON.parse(tracesText) as Record<string, unknown>[];
    expect(read).toHaveLength(parsed.length);
    for (let i = 0; i < parsed.length; i++) {
      const entry = read[i] as { txHash: unknown; result: Record<string, unknown> };
      expect('0x' + Buffer.from(entry.txHash as Uint8Array).toString('hex')).toBe(parsed[i]!.txHash);
      const root = parsed[i]!.result as Record<string, unknown>;
      expect(Object.keys(entry.result).sort()).toEqual(['calls', 'error'].filter((k) => k in root));
      expect(entry.result.calls).toEqual(root.calls);
    }
    const internal = decoded(read) as { internal: unknown[] };
    expect(internal.internal.length).toBeGreaterThan(0);
    expect(internal).toEqual(decoded(parsed));
  });

  const variants: [string, (t: any[]) => unknown][] = [
    ['an entry with an error instead of a result', (t) => t.map((e, i) => (i === 1 ? { txHash: e.txHash, error: 'execution timeout' } : e))],
    ['a top-level call that failed', (t) => t.map((e, i) => (i === 2 ? { ...e, result: { ...e.result, error: 'execution reverted' } } : e))],
    ['entries without txHash (older geth)', (t) => t.map((e) => ({ result: e.result }))],
    ['a null txHash and null calls', (t) => t.map((e) => ({ txHash: null, result: { ...e.result, calls: null } }))],
    ['a trace of another transaction', (t) => t.map((e, i) => (i === 0 ? { ...e, txHash: '0x' + 'ee'.repeat(32) } : e))],
    ['a result that is not an object', (t) => t.map((e, i) => (i === 0 ? { ...e, result: 'oops' } : e))],
    ['an entry that is not an object', (t) => t.map((e, i) => (i === 0 ? 7 : e))],
    ['a null result', (t) => t.map((e, i) => (i === 0 ? { ...e, result: null } : e))],
    ['a key given twice (the last counts)', (t) => t],
    ['extra members', (t) => t.map((e) => ({ extra: [1, { a: 'b' }], ...e, result: { note: true, ...e.result } }))],
  ];
  for (const [name, change] of variants) {
    it(`finds what JSON.parse does with ${name}`, () => {
      const value = change(JSON.parse(tracesText) as any[]);
      let json = JSON.stringify(value);
      if (name.startsWith('a key given twice')) json = json.replace('"txHash":', `"txHash":"0x${'00'.repeat(32)}","txHash":`);
      const read = fast(json);
      expect(read).toBeDefined();
      expect(decoded(read)).toEqual(decoded(JSON.parse(json)));
    });
  }

  it('declines a txHash that is not 32 bytes of hex (flattening then gives its error)', () => {
    for (const bad of ['0x1234', 'a0'.repeat(32), 7]) {
      const json = JSON.stringify((JSON.parse(tracesText) as any[]).map((e, i) => (i === 1 ? { ...e, txHash: bad } : e)));
      expect(fast(json)).toBeUndefined();
      expect(decoded(JSON.parse(json))).toEqual({ error: expect.stringContaining('txHash') });
    }
  });

  it('declines text with escapes, or that is not JSON', () => {
    const parsed = JSON.parse(tracesText) as any[];
    parsed[2].result.calls[0].error = 'say \"no\"';
    expect(fast(JSON.stringify(parsed))).toBeUndefined();
    expect(fast(tracesText.replace('"type"', '"type" oops'))).toBeUndefined();
    expect(fast('{"not":"an array"}')).toBeUndefined();
  });

  it('reads non-ASCII text in a kept value as UTF-8', () => {
    const parsed = JSON.parse(tracesText) as any[];
    parsed[2].result.error = 'réverted ✗';
    const json = JSON.stringify(parsed);
    expect((fast(json)![2] as any).result.error).toBe('réverted ✗');
  });
});
