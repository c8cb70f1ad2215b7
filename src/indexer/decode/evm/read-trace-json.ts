import type { JsonByteReader } from '../json-byte-reader.js';
import { KeyTable } from '../key-table.js';

/**
 * A `debug_traceBlockByNumber(n, {tracer: 'callTracer'})` result read from its JSON bytes, keeping only what
 * flattenBlockTraces reads: each entry's `txHash` (as its 32 bytes), `result` and `error`, and of each result (the
 * transaction's top-level call) its `calls` and `error`. Every other kept value is what JSON.parse makes of it; the
 * top-level frame's other members (from, to, input, output, gas...: most of the bytes, as a block's calls are mostly
 * top-level ones) are skipped unread. Anything else (escapes in a string, a value that is not JSON) throws, and the caller parses
 * the text with JSON.parse instead.
 */
export function readTracesResult(r: JsonByteReader): unknown[] {
  const entries: unknown[] = [];
  r.expect(0x5b);
  for (let first = true; r.more(0x5d, first); first = false) entries.push(r.peek() === 0x7b ? readEntry(r) : parsedValue(r));
  return entries;
}

const ENTRY_KEYS = new KeyTable(['txHash', 'result', 'error']);

function readEntry(r: JsonByteReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  r.expect(0x7b);
  for (let member = 0; r.more(0x7d, member === 0); member++) {
    switch (ENTRY_KEYS.readKey(r, member)) {
      case 0: out.txHash = r.takeNull() ? null : r.fixed(32); break;
      case 1: out.result = r.peek() === 0x7b ? readTopCall(r) : parsedValue(r); break;
      case 2: out.error = parsedValue(r); break;
      default: r.skip();
    }
  }
  return out;
}

const CALL_KEYS = new KeyTable(['calls', 'error']);

function readTopCall(r: JsonByteReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  r.expect(0x7b);
  for (let member = 0; r.more(0x7d, member === 0); member++) {
    switch (CALL_KEYS.readKey(r, member)) {
      case 0: out.calls = parsedValue(r); break;
      case 1: out.error = parsedValue(r); break;
      default: r.skip();
    }
  }
  return out;
}

/** The next value as JSON.parse reads it (its text checked by skip first). */
function parsedValue(r: JsonByteReader): unknown {
  r.peek();
  const start = r.pos;
  r.skip();
  return JSON.parse(Buffer.from(r.buf.buffer, r.buf.byteOffset + start, r.pos - start).toString('utf8')) as unknown;
}
