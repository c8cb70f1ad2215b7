import { describe, expect, it } from 'vitest';
import { blockFieldsOf, ReadBlock, ReadReceipt, receiptFieldsOf } from '../decode/evm/block-fields.js';
import { readBlockResult, readReceiptsResult } from '../decode/evm/read-block-json.js';
import { block42, receipts42, traces42 } from './evm/fixture-node.fixtures.js';
import { parseJsonChunks } from './parse-json-chunks.js';
import { readRpcReply, type ResultReader } from './read-rpc-reply.js';

const readers = new Map<number, ResultReader>([[1, readBlockResult], [2, readReceiptsResult], [6, readBlockResult], [7, readBlockResult]]);

/** A batch reply as a node sends it, cut into chunks of `size` bytes. */
function chunked(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(Buffer.from(bytes.subarray(i, i + size)));
  return out;
}

/** Each answer as the decoder takes it: the fields, whether the reply's bytes were read or parsed. */
function comparable(reply: unknown): unknown {
  return (reply as { id: number; result?: unknown }[]).map((a) => {
    if (a.id === 1 || a.id === 6 || a.id === 7) return { ...a, result: a.result instanceof ReadBlock ? a.result.fields : blockFieldsOf(a.result) };
    if (a.id === 2) return { ...a, result: (a.result as unknown[]).map((r) => (r instanceof ReadReceipt ? r.fields : receiptFieldsOf(r, 'receipt'))) };
    return a;
  });
}

const answers = [
  `{"jsonrpc":"2.0","id":1,"result":${JSON.stringify(block42)}}`,
  `{"jsonrpc":"2.0","id":2,"result":${JSON.stringify(receipts42)}}`,
  // no reader: parsed, escapes and all
  `{"jsonrpc":"2.0","id":3,"result":${JSON.stringify([...traces42, { error: 'execution reverted: "no" \\ \u00e9' }])}}`,
  '{"jsonrpc":"2.0","id":4,"error":{"code":-32000,"message":"tracer: \\"x\\""}}',
  '{"jsonrpc":"2.0","id":5,"result":null}',
  // the result before the id, a number for a quantity: parsed
  `{"result":${JSON.stringify(block42)},"id":6,"jsonrpc":"2.0"}`,
  `{"jsonrpc":"2.0","id":7,"result":${JSON.stringify({ ...block42, gasUsed: 876000 })}}`,
];
const reply = ` [ ${answers.join(' ,\n')} ] `;

describe('readRpcReply', () => {
  it('reads the answers that have a reader from the bytes, parses the others, and means what JSON.parse means', () => {
    const expected = comparable(JSON.parse(reply)) as object[];
    for (const size of [1, 7, 4096, 1 << 20]) {
      const got = readRpcReply(chunked(reply, size), readers) as { id: number; result: unknown }[];
      expect(got[0]!.result).toBeInstanceOf(ReadBlock);
      expect((got[1]!.result as unknown[])[0]).toBeInstanceOf(ReadReceipt);
      for (const i of [5, 6]) expect(got[i]!.result).not.toBeInstanceOf(ReadBlock);
      expect((comparable(got) as object[]).map((a) => ({ jsonrpc: '2.0', ...a }))).toEqual(expected);
    }
  });

  it('gives what JSON.parse gives for a reply that is not a batch, or not JSON', () => {
    const single = `{"jsonrpc":"2.0","id":1,"result":${JSON.stringify(block42)}}`;
    expect(readRpcReply(chunked(single, 100), readers)).toEqual(JSON.parse(single));
    for (const bad of ['[{"jsonrpc":"2.0","id":1,"result":{}}', '[1,]', 'not json', '']) {
      expect(() => readRpcReply(chunked(bad, 3), readers)).toThrow(SyntaxError);
      expect(() => parseJsonChunks(chunked(bad, 3))).toThrow(SyntaxError);
    }
    expect(readRpcReply(chunked(reply, 64), new Map())).toEqual(JSON.parse(reply));
  });

  it('keeps nothing of one reply\'s bytes in what it read: the next reply reuses them', () => {
    const first = readRpcReply(chunked(reply, 4096), readers) as { result: unknown }[];
    const before = JSON.stringify(comparable(first), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));
    readRpcReply(chunked(reply.replaceAll('42', '24').replaceAll('a0', '0a'), 4096), readers);
    const after = JSON.stringify(comparable(first), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));
    expect(after).toBe(before);
  });
});
