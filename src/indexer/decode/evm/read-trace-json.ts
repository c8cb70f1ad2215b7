import type { JsonByteReader } from '../json-byte-reader.js';

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

function readEntry(r: JsonByteReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    const k = r.key();
    if (r.keyIs(k, 'txHash')) out.txHash = r.takeNull() ? null : r.fixed(32);
    else if (r.keyIs(k, 'result')) out.result = r.peek() === 0x7b ? readTopCall(r) : parsedValue(r);
    else if (r.keyIs(k, 'error')) out.error = parsedValue(r);
    else r.skip();
  }
  return out;
}

function readTopCall(r: JsonByteReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    const k = r.key();
    if (r.keyIs(k, 'calls')) out.calls = parsedValue(r);
    else if (r.keyIs(k, 'error')) out.error = parsedValue(r);
    else r.skip();
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
