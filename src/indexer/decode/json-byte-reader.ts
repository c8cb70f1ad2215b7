/**
 * A pull reader of JSON text held as bytes, for the few reply shapes read in bulk (EVM blocks and receipts): values
 * are read straight from the bytes (hex into bytes and integers) with no JS object or string per field. It reads a
 * subset of JSON: strings with a backslash in them are refused (`Unreadable`), as is anything else the fast readers
 * do not expect; their callers then parse the text with JSON.parse, which decides. Text it accepts is text
 * JSON.parse accepts, with one exception: a control character in a long string it skips unread (see skipString).
 */
export class Unreadable extends Error {
  constructor(at: number, what: string) {
    super(`${what} at byte ${at}`);
    this.name = 'Unreadable';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Hex digit values by byte; -1 for anything else. */
const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[65 + i] = HEX[97 + i] = 10 + i;

/** The byte two hex digits stand for, by `first | second << 8`; -1 unless both are hex digits (one lookup per byte). */
const HEX_PAIR = new Int16Array(65536).fill(-1);
for (let a = 0; a < 256; a++) {
  for (let b = 0; b < 256; b++) if (HEX[a]! >= 0 && HEX[b]! >= 0) HEX_PAIR[a | (b << 8)] = (HEX[a]! << 4) | HEX[b]!;
}

/** Bytes that end a string or are refused in one: the quote, the backslash and control characters. */
const STRING_STOP = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) STRING_STOP[b] = 1;
STRING_STOP[QUOTE] = STRING_STOP[BACKSLASH] = 1;

/** How far skipString scans before a native search takes over. */
const SHORT_STRING = 96;

/**
 * Where bytes() writes what it decodes, by any reader, until it is full: views of one buffer cost half what a
 * Uint8Array each does, and the buffer's own cost is shared by a few blocks' values.
 */
const ARENA_BYTES = 16384;
let arena = new ArrayBuffer(0);
let arenaUsed = 0;

/** 16^13: the weight of a quantity's upper 13-digit part. */
const TWO_POW_52 = 2n ** 52n;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** The hash `key()` leaves in `keyHash` for a key of these ASCII characters. */
export function keyHashOf(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash;
}

/** Reads `buf` from its start; past its end every byte reads as undefined, which no test matches. */
export class JsonByteReader {
  pos = 0;
  readonly end: number;

  constructor(readonly buf: Uint8Array) {
    this.end = buf.length;
  }

  fail(what: string): never {
    throw new Unreadable(this.pos, what);
  }

  /** The next byte that is not whitespace (not consumed); -1 at the end. */
  peek(): number {
    const { buf, end } = this;
    let p = this.pos;
    const first = buf[p]!;
    if (first > 0x20) return first;
    while (p < end && isSpace(buf[p]!)) p++;
    this.pos = p;
    return p < end ? buf[p]! : -1;
  }

  /** Consumes `c` (after whitespace) or fails. */
  expect(c: number): void {
    if (this.peek() !== c) this.fail(`expected '${String.fromCharCode(c)}'`);
    this.pos++;
  }

  /** After `{` or `[`: true when the container has another member (consuming the comma), false at its close. */
  more(close: number, first: boolean): boolean {
    const c = this.peek();
    if (c === close) {
      this.pos++;
      return false;
    }
    if (!first) {
      if (c !== 0x2c) this.fail('expected a comma');
      this.pos++;
    }
    return true;
  }

  /** keyHashOf the last key read by `key()`. */
  keyHash = 0;

  /**
   * An object key (without escapes) and its colon: the key's start and end in `buf`, packed as start * 2^16 +
   * length (keys are short); see `keyIs`. Sets `keyHash`, for a table of known keys to find a candidate in one lookup.
   */
  key(): number {
    this.expect(QUOTE);
    const { buf, end } = this;
    const start = this.pos;
    let hash = 0;
    let p = start;
    for (; p < end; p++) {
      const b = buf[p]!;
      if (b === QUOTE) break;
      if (b === BACKSLASH) this.fail('escape in a string');
      if (b < 0x20) this.fail('control character in a string');
      hash = (Math.imul(hash, 31) + b) | 0;
    }
    if (p >= end) this.fail('unterminated string');
    this.keyHash = hash;
    this.pos = p + 1;
    this.expect(0x3a);
    const length = p - start;
    if (length >= 0x10000) this.fail('key too long');
    return start * 0x10000 + length;
  }

  /** Whether key `k` (from `key()`) is `name` (ASCII). */
  keyIs(k: number, name: string): boolean {
    const length = k % 0x10000;
    if (length !== name.length) return false;
    const start = (k - length) / 0x10000;
    const { buf } = this;
    for (let i = 0; i < length; i++) if (buf[start + i] !== name.charCodeAt(i)) return false;
    return true;
  }

  /** No backslash lies in [backslashFrom, nextBackslash) (`end` if none): searched for once per stretch of text. */
  private backslashFrom = 0;
  private nextBackslash = -1;

  /**
   * Past a string the caller does not read. Most are hashes and quantities, scanned here; past SHORT_STRING bytes (a
   * block's or receipt's logsBloom is 514) the rest is found with a native search, cheaper than a loop from there on.
   * Escapes are refused as in key(); in a long string control characters are not looked for (the one thing
   * JSON.parse would refuse that this lets through, in a value nobody reads).
   */
  private skipString(): void {
    const { buf, end } = this;
    const shortEnd = Math.min(end, this.pos + SHORT_STRING);
    let p = this.pos;
    // four bytes a test while they are all plain
    while (p + 4 <= shortEnd && (STRING_STOP[buf[p]!]! | STRING_STOP[buf[p + 1]!]! | STRING_STOP[buf[p + 2]!]! | STRING_STOP[buf[p + 3]!]!) === 0) p += 4;
    for (; p < shortEnd; p++) {
      if (STRING_STOP[buf[p]!] === 0) continue;
      if (buf[p] !== QUOTE) this.fail('escape or control character in a string');
      this.pos = p + 1;
      return;
    }
    this.pos = shortEnd;
    const close = indexOfIn(buf, QUOTE, this.pos, end);
    if (close < 0) this.fail('unterminated string');
    if (this.pos < this.backslashFrom || this.nextBackslash < this.pos) {
      const b = indexOfIn(buf, BACKSLASH, this.pos, end);
      this.backslashFrom = this.pos;
      this.nextBackslash = b < 0 ? end : b;
    }
    if (this.nextBackslash < close) this.fail('escape in a string');
    this.pos = close + 1;
  }

  /** null (consumed) comes next. */
  takeNull(): boolean {
    if (this.peek() !== 0x6e) return false;
    this.literal('null');
    return true;
  }

  private literal(word: string): void {
    const { buf } = this;
    for (let i = 0; i < word.length; i++) if (buf[this.pos + i] !== word.charCodeAt(i)) this.fail(`expected ${word}`);
    this.pos += word.length;
  }

  /** Where the digits read by the last hexDigits() start. */
  private digitsStart = 0;

  /** Past `"0x` (or `"0X` when `anyX`): the first digit's position. */
  private hexStart(anyX: boolean): number {
    this.expect(QUOTE);
    const { buf } = this;
    const x = buf[this.pos + 1]!;
    if (buf[this.pos] !== 0x30 || (anyX ? x | 0x20 : x) !== 0x78) this.fail('expected 0x');
    return this.pos + 2;
  }

  /**
   * A `"0x…"` string of hex digits only: returns their end (the closing quote, pos is past it), their start is
   * `digitsStart`. Anything but a hex digit before the quote is refused, escapes and control characters with it.
   */
  private hexDigits(anyX: boolean): number {
    const start = this.hexStart(anyX);
    const { buf } = this;
    let p = start;
    while (HEX[buf[p]!]! >= 0) p++;
    if (buf[p] !== QUOTE) {
      this.pos = p;
      this.fail(p >= this.end ? 'unterminated string' : 'not hex');
    }
    this.pos = p + 1;
    this.digitsStart = start;
    return p;
  }

  /**
   * hexutil.Bytes: `"0x"` (or `"0X"`) and an even number of hex digits. The result is a view of a buffer shared with
   * the values read before and after it, by any reader (ARENA_BYTES of them), so one kept for long keeps that much
   * alive: `own` gives a value of its own, for the few kept beyond the batch they are read in (a block's hash).
   */
  bytes(own = false): Uint8Array {
    const close = this.hexDigits(true);
    const start = this.digitsStart;
    const digits = close - start;
    if (digits % 2 !== 0) this.fail('odd hex');
    const out = own ? new Uint8Array(digits / 2) : this.take(digits / 2);
    const { buf } = this;
    // hexDigits checked every digit
    for (let i = 0, j = start; j < close; i++, j += 2) out[i] = HEX_PAIR[buf[j]! | (buf[j + 1]! << 8)]!;
    return out;
  }

  /** `length` bytes of the arena. */
  private take(length: number): Uint8Array {
    if (arenaUsed + length > arena.byteLength) {
      arena = new ArrayBuffer(Math.max(length, ARENA_BYTES));
      arenaUsed = 0;
    }
    const out = new Uint8Array(arena, arenaUsed, length);
    arenaUsed += length;
    return out;
  }

  /** bytes() of exactly `length` bytes. */
  fixed(length: number, own = false): Uint8Array {
    const start = this.hexStart(true);
    const { buf } = this;
    const close = start + 2 * length;
    // the quote where it must be, then each pair checked as it is decoded: one pass over the digits
    if (buf[close] !== QUOTE) this.fail(`expected ${length} bytes`);
    const out = own ? new Uint8Array(length) : this.take(length);
    for (let i = 0, j = start; i < length; i++, j += 2) {
      const v = HEX_PAIR[buf[j]! | (buf[j + 1]! << 8)]!;
      if (v < 0) {
        this.pos = j;
        this.fail('not hex');
      }
      out[i] = v;
    }
    this.pos = close + 1;
    return out;
  }

  /** hexutil.Big and kin: `"0x"` (lower-case x) and 1 to 64 hex digits (leading zeros allowed, as wire.ts takes them). */
  quantity(): bigint {
    const close = this.hexDigits(false);
    const start = this.digitsStart;
    const digits = close - start;
    if (digits < 1 || digits > 64) this.fail('bad quantity');
    const { buf } = this;
    // up to 13 digits a double holds the value exactly; up to 26 (any amount in wei below 2^104), two of them
    if (digits <= 13) return BigInt(this.hexNumber(start, close));
    if (digits <= 26) return BigInt(this.hexNumber(start, close - 13)) * TWO_POW_52 + BigInt(this.hexNumber(close - 13, close));
    let text = '0x';
    for (let j = start; j < close; j++) text += String.fromCharCode(buf[j]!);
    return BigInt(text);
  }

  /** The value of the hex digits in [from, to) (at most 13 of them, checked by hexDigits). */
  private hexNumber(from: number, to: number): number {
    const { buf } = this;
    let n = 0;
    for (let j = from; j < to; j++) n = n * 16 + HEX[buf[j]!]!;
    return n;
  }

  /** A JSON integer id (what JSON-RPC clients send and nodes echo); anything else is refused. */
  integer(): number {
    const { buf, end } = this;
    this.peek();
    let p = this.pos;
    let n = 0;
    const first = p;
    while (p < end && buf[p]! >= 0x30 && buf[p]! <= 0x39) n = n * 10 + (buf[p++]! - 0x30);
    const digits = p - first;
    if (digits === 0 || digits > 15 || (digits > 1 && buf[first] === 0x30)) this.fail('expected an integer');
    this.pos = p;
    return n;
  }

  /** Skips any value, checking it is JSON (strings without escapes only). */
  skip(depth = 0): void {
    if (depth > 64) this.fail('too deep');
    const c = this.peek();
    if (c === QUOTE) {
      this.pos++;
      this.skipString();
    } else if (c === 0x7b) {
      this.pos++;
      for (let first = true; this.more(0x7d, first); first = false) {
        this.key();
        this.skip(depth + 1);
      }
    } else if (c === 0x5b) {
      this.pos++;
      for (let first = true; this.more(0x5d, first); first = false) this.skip(depth + 1);
    } else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else this.number();
  }

  /**
   * Past one value of any text, escapes and all, checking only that its brackets balance and its strings close: for a
   * value JSON.parse reads next (which checks the rest).
   */
  skipLoosely(): void {
    const { buf, end } = this;
    const c = this.peek();
    let p = this.pos;
    if (c === QUOTE) {
      this.pos = looseStringEnd(buf, p + 1, end) + 1;
      return;
    }
    if (c !== 0x7b && c !== 0x5b) {
      while (p < end && buf[p] !== 0x2c && buf[p] !== 0x5d && buf[p] !== 0x7d && !isSpace(buf[p]!)) p++;
      if (p === this.pos) this.fail('expected a value');
      this.pos = p;
      return;
    }
    let depth = 0;
    while (p < end) {
      const b = buf[p]!;
      if (b === QUOTE) p = looseStringEnd(buf, p + 1, end);
      else if (b === 0x7b || b === 0x5b) depth++;
      else if ((b === 0x7d || b === 0x5d) && --depth === 0) {
        this.pos = p + 1;
        return;
      }
      p++;
    }
    this.fail('unclosed value');
  }

  /** A JSON number, skipped (its grammar checked). */
  private number(): void {
    const { buf, end } = this;
    let p = this.pos;
    const digitsFrom = (q: number) => {
      const s = q;
      while (q < end && buf[q]! >= 0x30 && buf[q]! <= 0x39) q++;
      if (q === s) this.fail('expected a digit');
      return q;
    };
    if (buf[p] === 0x2d) p++;
    if (buf[p] === 0x30) p++;
    else p = digitsFrom(p);
    if (buf[p] === 0x2e) p = digitsFrom(p + 1);
    if (buf[p] === 0x65 || buf[p] === 0x45) {
      p++;
      if (buf[p] === 0x2b || buf[p] === 0x2d) p++;
      p = digitsFrom(p);
    }
    this.pos = p;
  }

  /** Nothing but whitespace is left. */
  done(): void {
    if (this.peek() !== -1) this.fail('trailing text');
  }
}

/** `buf.indexOf(byte, from)` within [from, end): -1 if not there. */
function indexOfIn(buf: Uint8Array, byte: number, from: number, end: number): number {
  const at = Buffer.prototype.indexOf.call(buf, byte, from) as number;
  return at < 0 || at >= end ? -1 : at;
}

/** The quote closing a string whose body starts at `from`, escapes allowed; throws Unreadable if none does. */
function looseStringEnd(buf: Uint8Array, from: number, end: number): number {
  for (let at = from; ; ) {
    const quote = indexOfIn(buf, QUOTE, at, end);
    if (quote < 0) throw new Unreadable(from, 'unterminated string');
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && buf[quote - backslashes - 1] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}
