import { isAscii } from 'node:buffer';

/**
 * JSON.parse of a body that arrived as socket chunks, without first making it one buffer and one string. A batch
 * reply is hundreds of kilobytes: as one string it lands in V8's large-object space, fresh memory for every reply,
 * and on a VM that first touch cost more than the parse (a 430 KB reply: ~2.7 ms to make the string, ~0.15 ms in
 * 64 KB pieces). So a top-level array is cut at its elements (a scan that tracks nesting and skips strings whole)
 * and each element is parsed on its own: kilobytes each, ordinary heap strings.
 *
 * Gives what JSON.parse of the whole text gives: anything but a well-formed top-level array, and any element that
 * does not parse, falls back to parsing the whole text (so malformed input throws JSON.parse's own error).
 */
export function parseJsonChunks(chunks: readonly Buffer[]): unknown {
  const elements = jsonArrayElements(chunks);
  if (elements) {
    try {
      return elements.map((bytes) => JSON.parse(textOf(bytes)) as unknown);
    } catch {
      // an element that does not parse: the whole text's error is the one to give
    }
  }
  return JSON.parse(textOf(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
}

/** JSON-RPC answers are mostly pure ASCII, which decodes much faster as latin1 (the same characters). */
export function textOf(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * The bytes of each element of a top-level JSON array spread over `chunks`, or undefined if the text is not one
 * (then JSON.parse of the whole decides). Only the structure is checked here; each element's own parse checks the rest.
 */
export function jsonArrayElements(chunks: readonly Buffer[]): Buffer[] | undefined {
  const elements: Buffer[] = [];
  let depth = 0;
  let inString = false;
  /** The byte after a backslash in a string, when the backslash ended a chunk. */
  let escaped = false;
  let closed = false;
  /** Where the current element starts: chunk index and offset; -1 = between elements. */
  let startChunk = -1;
  let startAt = 0;
  let sawOpen = false;
  /** Whether the array has at least one element, or a comma that wants one after it. */
  let wantElement = false;

  const cut = (endChunk: number, endAt: number): boolean => {
    if (startChunk < 0) return false;
    elements.push(startChunk === endChunk ? chunks[endChunk]!.subarray(startAt, endAt) : joined(chunks, startChunk, startAt, endChunk, endAt));
    startChunk = -1;
    return true;
  };

  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c]!;
    const n = chunk.length;
    let i = 0;
    let nextBackslash = -2;
    while (i < n) {
      if (inString) {
        if (escaped) {
          escaped = false;
          i++;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, i);
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = chunk.indexOf(BACKSLASH, i);
        if (nextBackslash !== -1 && (quote === -1 || nextBackslash < quote)) {
          i = nextBackslash + 1;
          escaped = true;
          continue;
        }
        if (quote === -1) break;
        inString = false;
        i = quote + 1;
        continue;
      }
      const b = chunk[i]!;
      if (closed) {
        if (!isSpace(b)) return undefined;
      } else if (!sawOpen) {
        if (b === OPEN_ARRAY) sawOpen = true;
        else if (!isSpace(b)) return undefined;
      } else if (depth === 0) {
        // between the top-level array's elements
        if (b === COMMA) {
          if (!cut(c, i)) return undefined;
          wantElement = true;
        } else if (b === CLOSE_ARRAY) {
          if (!cut(c, i) && wantElement) return undefined;
          closed = true;
        } else if (!isSpace(b)) {
          if (startChunk < 0) {
            startChunk = c;
            startAt = i;
            wantElement = true;
          }
          if (b === QUOTE) inString = true;
          else if (b === OPEN_ARRAY || b === OPEN_OBJECT) depth++;
        }
      } else if (b === QUOTE) {
        inString = true;
      } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        depth++;
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
        depth--;
      }
      i++;
    }
  }
  return closed && !inString ? elements : undefined;
}

/** The bytes from (chunk a, offset i) to (chunk b, offset j), copied into one Buffer. */
function joined(chunks: readonly Buffer[], a: number, i: number, b: number, j: number): Buffer {
  const parts = [chunks[a]!.subarray(i)];
  for (let c = a + 1; c < b; c++) parts.push(chunks[c]!);
  parts.push(chunks[b]!.subarray(0, j));
  return Buffer.concat(parts);
}
