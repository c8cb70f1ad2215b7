import { JsonByteReader } from '../decode/json-byte-reader.js';
import { parseJsonChunks, textOf } from './parse-json-chunks.js';

/** Reads a call's result from the reply's bytes; throws (anything) to leave the answer to JSON.parse. */
export type ResultReader = (reader: JsonByteReader) => unknown;

/**
 * The reply's bytes in one place, reused from reply to reply: a batch reply is megabytes, and fresh memory is dear on
 * a VM (see json-bytes.ts). Read synchronously, and nothing read from it keeps a view of it.
 */
let scratch = Buffer.alloc(0);

function joined(chunks: readonly Buffer[]): Buffer {
  let length = 0;
  for (const c of chunks) length += c.length;
  if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(Math.max(length, 2 * scratch.length));
  let at = 0;
  for (const c of chunks) at += c.copy(scratch, at);
  return scratch.subarray(0, length);
}

/**
 * A JSON-RPC reply, parsed, where the answers to calls that have a ResultReader (by request id) are read by it from
 * the bytes instead of JSON.parse: `{"jsonrpc":"2.0","id":N,"result":…}` with the id before the result, as geth,
 * coreth and Firn write it. Any other answer (an error, the result before the id, text the reader does not take) is
 * parsed with JSON.parse, and a reply that is not an array of answers is parsed whole, so a reply means what
 * JSON.parse makes of it; one that is not JSON throws JSON.parse's error.
 */
export function readRpcReply(chunks: readonly Buffer[], readers: ReadonlyMap<number, ResultReader>): unknown {
  if (readers.size === 0) return parseJsonChunks(chunks);
  const bytes = joined(chunks);
  const r = new JsonByteReader(bytes);
  const answers: unknown[] = [];
  try {
    r.expect(0x5b);
    for (let first = true; r.more(0x5d, first); first = false) {
      r.peek();
      const start = r.pos;
      const answer = readAnswer(r, readers);
      if (answer) {
        answers.push(answer);
        continue;
      }
      r.pos = start;
      r.skipLoosely();
      answers.push(JSON.parse(textOf(bytes.subarray(start, r.pos))) as unknown);
    }
    r.done();
  } catch {
    return parseJsonChunks(chunks);
  }
  return answers;
}

/** One answer of a batch, read when it has a reader; undefined to have it parsed (the reader's position is then anywhere in it). */
function readAnswer(r: JsonByteReader, readers: ReadonlyMap<number, ResultReader>): { id: number; result: unknown } | undefined {
  try {
    r.expect(0x7b);
    let id: number | undefined;
    let result: unknown;
    let read = false;
    for (let first = true; r.more(0x7d, first); first = false) {
      const k = r.key();
      if (r.keyIs(k, 'id') && !read) {
        id = r.integer();
      } else if (r.keyIs(k, 'result') && !read) {
        const reader = id === undefined ? undefined : readers.get(id);
        if (!reader || r.takeNull()) return undefined;
        result = reader(r);
        read = true;
      } else if (r.keyIs(k, 'jsonrpc')) {
        r.skip();
      } else {
        return undefined;
      }
    }
    return read ? { id: id!, result } : undefined;
  } catch {
    return undefined;
  }
}
