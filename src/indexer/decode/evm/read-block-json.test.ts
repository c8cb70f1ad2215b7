/**
 * The byte readers against the parsed-JSON readers they stand in for: on every text they take, they must give what
 * blockFieldsOf / receiptFieldsOf give after JSON.parse; on the rest they must throw (the caller then parses).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonByteReader, keyHashOf } from '../json-byte-reader.js';
import { blockFieldsOf, receiptFieldsOf, type BlockFields, type ReceiptFields } from './block-fields.js';
import { readBlockResult, readReceiptsResult } from './read-block-json.js';

type Json = Record<string, unknown>;
const fixture = (name: string): any => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));
const block42 = fixture('coreth-block-42.json') as Json;
const receipts42 = fixture('coreth-receipts-42.json') as Json[];
const subnet43 = fixture('subnet-evm-block-43.json') as { block: Json; receipts: Json[] };

/** The fast reader's answer for `text`, which must be one whole value; undefined when it declines. */
function fastBlock(text: string): BlockFields | undefined {
  try {
    const r = new JsonByteReader(Buffer.from(text, 'latin1'));
    const out = readBlockResult(r).fields;
    r.done();
    return out;
  } catch {
    return undefined;
  }
}

function fastReceipts(text: string): ReceiptFields[] | undefined {
  try {
    const r = new JsonByteReader(Buffer.from(text, 'latin1'));
    const out = readReceiptsResult(r).map((x) => x.fields);
    r.done();
    return out;
  } catch {
    return undefined;
  }
}

function slowBlock(text: string): BlockFields | 'error' {
  try {
    return blockFieldsOf(JSON.parse(text));
  } catch {
    return 'error';
  }
}

function slowReceipts(text: string): ReceiptFields[] | 'error' {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return 'error';
    return parsed.map((r) => receiptFieldsOf(r, 'receipt'));
  } catch {
    return 'error';
  }
}

/** Keys in reverse order, at every level. */
function reversed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversed);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)]));
  return v;
}

describe('readBlockResult and readReceiptsResult', () => {
  const texts = {
    'coreth, as the node writes it': [JSON.stringify(block42), JSON.stringify(receipts42)],
    'Subnet-EVM': [JSON.stringify(subnet43.block), JSON.stringify(subnet43.receipts)],
    'pretty-printed': [JSON.stringify(block42, null, 2), JSON.stringify(receipts42, null, '\t')],
    'keys in another order': [JSON.stringify(reversed(block42)), JSON.stringify(reversed(receipts42))],
  };

  for (const [name, [block, receipts]] of Object.entries(texts)) {
    it(`reads ${name} as the parsed-JSON readers do`, () => {
      expect(fastBlock(block!)).toEqual(slowBlock(block!));
      expect(fastReceipts(receipts!)).toEqual(slowReceipts(receipts!));
    });
  }

  it('reads each text right whatever the key order of the text before it (keys are matched by the last order first)', () => {
    const orders = [JSON.stringify(block42), JSON.stringify(reversed(block42)), JSON.stringify(block42, null, 1), JSON.stringify(subnet43.block)];
    for (const text of [...orders, ...orders.reverse(), orders[0]!, orders[0]!]) expect(fastBlock(text)).toEqual(slowBlock(text));
    const receiptOrders = [JSON.stringify(receipts42), JSON.stringify(reversed(receipts42)), JSON.stringify(subnet43.receipts)];
    for (const text of [...receiptOrders, ...receiptOrders.reverse()]) expect(fastReceipts(text)).toEqual(slowReceipts(text));
    // a key that starts as the last text's key at its place, and is longer
    const longer = JSON.stringify(block42).replace('"baseFeePerGas":', '"baseFeePerGasX":');
    expect(fastBlock(JSON.stringify(block42))!.baseFee).toBeDefined();
    expect(fastBlock(longer)!.baseFee).toBeUndefined();
  });

  it('gives the block its own hash bytes and the rest views of a shared buffer, none overlapping', () => {
    const block = fastBlock(JSON.stringify(block42))!;
    const receipt = fastReceipts(JSON.stringify(receipts42))![1];
    expect(block.hash.buffer.byteLength).toBe(32);
    expect(block.parentHash.buffer.byteLength).toBe(32);
    const tx = block.transactions[1]!;
    expect(tx.hash.buffer.byteLength).toBeGreaterThan(32);
    const views = [tx.hash, tx.from, tx.to!, tx.input, receipt!.transactionHash, receipt!.blockHash, ...receipt!.logs[0]!.topics];
    expect(views.filter((v) => v.buffer === tx.hash.buffer).length).toBe(views.length);
    // each view filled with its own byte keeps it whole: none shares memory with another
    views.forEach((v, i) => v.fill(i + 1));
    expect(views.map((v, i) => v.every((b) => b === i + 1))).toEqual(views.map(() => true));
    // a later read takes fresh memory: the filled views do not show through
    const again = fastBlock(JSON.stringify(block42))!.transactions[1]!.hash;
    expect(`0x${Buffer.from(again).toString('hex')}`).toBe((block42.transactions as Json[])[1]!.hash);
  });

  it('takes null for absent, the last of a repeated key, `data` for `input`, and skips keys it does not read', () => {
    const tx = (block42.transactions as Json[])[0]!;
    const { input, ...noInput } = tx;
    const variant = {
      ...block42, size: null, baseFeePerGas: null, blockExtraData: null, extra: { nested: [1, -2.5e3, true, false, null, 'text'] },
      transactions: [{ ...noInput, data: input, to: null, transactionIndex: null }, ...(block42.transactions as Json[]).slice(1)],
    };
    const text = JSON.stringify(variant).replace('{', `{"number":"0x1","hash":"0x${'ee'.repeat(32)}",`);
    const fast = fastBlock(text);
    expect(fast).toBeDefined();
    expect(fast).toEqual(slowBlock(text));
    expect(fast!.number).toBe(42n);
    expect(fast!.size).toBeUndefined();
  });

  it('finds keys by hash but reads only the key itself: a key whose hash is that of `to` is skipped', () => {
    expect(keyHashOf('uP')).toBe(keyHashOf('to'));
    const { to: _to, ...creation } = (block42.transactions as Json[])[0]!;
    const text = JSON.stringify({ ...block42, transactions: [{ ...creation, uP: '0x' + 'ab'.repeat(20) }] });
    const fast = fastBlock(text);
    expect(fast).toEqual(slowBlock(text));
    expect(fast!.transactions[0]!.to).toBeUndefined();
  });

  it('declines what only JSON.parse reads: numbers for quantities, escapes, hashes for transactions', () => {
    const numbers = JSON.stringify({ ...block42, gasUsed: 876_000 });
    expect(fastBlock(numbers)).toBeUndefined();
    expect(slowBlock(numbers)).not.toBe('error');
    const escaped = JSON.stringify(receipts42).replace('"logsBloom"', '"logs\\u0042loom"');
    expect(fastReceipts(escaped)).toBeUndefined();
    expect(slowReceipts(escaped)).not.toBe('error');
    expect(fastBlock(JSON.stringify({ ...block42, transactions: ['0x' + 'a0'.repeat(32)] }))).toBeUndefined();
  });

  it('never takes a text the parsed-JSON readers refuse, nor reads it otherwise (random edits of real replies)', () => {
    let seed = 20261129;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    // printable ASCII: a control character in a long string the reader skips is the one thing it lets through
    const printable = (): string => String.fromCharCode(0x20 + random(0x5f));
    const edits = [
      (t: string, at: number) => t.slice(0, at) + printable() + t.slice(at + 1),
      (t: string, at: number) => t.slice(0, at) + t.slice(at + 1),
      (t: string, at: number) => t.slice(0, at) + printable() + t.slice(at),
      (t: string, at: number) => t.slice(0, at) + '"0x1"' + t.slice(at),
    ];
    let taken = 0;
    for (const [original, fast, slow] of [
      [JSON.stringify(block42), fastBlock, slowBlock],
      [JSON.stringify(subnet43.block), fastBlock, slowBlock],
      [JSON.stringify(receipts42), fastReceipts, slowReceipts],
    ] as const) {
      for (let i = 0; i < 700; i++) {
        const text = edits[random(edits.length)]!(original, random(original.length));
        const got = (fast as (t: string) => unknown)(text);
        if (got === undefined) continue;
        taken++;
        expect(got, text).toEqual((slow as (t: string) => unknown)(text));
      }
    }
    // most edits land in hex digits the readers check or in text they skip: many are still taken
    expect(taken).toBeGreaterThan(300);
  });
});
