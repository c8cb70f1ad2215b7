import { hexOf } from '../../lib/hex.js';
import { viewOf, writeHexDigits } from '../../lib/hex-digits.js';

/**
 * One value in PostgreSQL's COPY text format: `\N` for null, bytea as `\\x<hex>`, backslash, tab, newline
 * and carriage return escaped. bigint and number are written in decimal; booleans as t/f; objects as JSON.
 */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Uint8Array) return '\\\\x' + hexOf(value);
  return scalarText(value);
}

/** Everything but null and bytea: the text written (escaped where it can hold special characters). */
function scalarText(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`copyValue: ${value} is not a finite number`);
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'string':
      return escapeText(value);
    default:
      if (value instanceof Date) return value.toISOString();
      return escapeText(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  }
}

function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : text;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const BACKSLASH = 0x5c;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/**
 * COPY text written straight into bytes: bytea is hex-encoded in place, so no intermediate string is built per value
 * nor for the whole batch. (An EVM batch's tables go in binary instead: copy-binary.ts.)
 */
class CopyBuffer {
  private buf = Buffer.allocUnsafe(1 << 16);
  private view = viewOf(this.buf);
  private pos = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
    this.view = viewOf(next);
  }

  byte(c: number): void {
    this.room(1);
    this.buf[this.pos++] = c;
  }

  /** Null: `\N`. */
  nul(): void {
    this.room(2);
    this.buf[this.pos++] = BACKSLASH;
    this.buf[this.pos++] = 0x4e;
  }

  bytea(b: Uint8Array): void {
    this.room(3 + 2 * b.length);
    const buf = this.buf;
    let p = this.pos;
    buf[p++] = BACKSLASH;
    buf[p++] = BACKSLASH;
    buf[p++] = 0x78; // x
    this.pos = writeHexDigits(this.view, p, b, 0, b.length);
  }

  text(s: string): void {
    this.room(3 * s.length);
    // short ASCII (decimal numbers, most text) byte by byte: cheaper than a native call per value
    if (s.length <= 64) {
      const buf = this.buf;
      const start = this.pos;
      let p = start;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) {
          p = -1;
          break;
        }
        buf[p++] = c;
      }
      if (p >= 0) {
        this.pos = p;
        return;
      }
    }
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** A safe integer in decimal, written digit by digit (no string made). */
  integer(n: number): void {
    this.room(17);
    const buf = this.buf;
    let p = this.pos;
    if (n < 0) {
      buf[p++] = 0x2d;
      n = -n;
    }
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    const end = p + digits;
    for (let q = end; q > p; ) {
      const next = Math.floor(n / 10);
      buf[--q] = 0x30 + (n - next * 10);
      n = next;
    }
    this.pos = end;
  }

  /** One row: its values tab-separated, then a newline. */
  row(values: readonly unknown[]): void {
    for (let i = 0; i < values.length; i++) {
      if (i > 0) this.byte(0x09);
      const value = values[i];
      if (value === null || value === undefined) this.nul();
      else if (value instanceof Uint8Array) this.bytea(value);
      // integers (block numbers, gas, most amounts) without a string each: the bulk of a row's scalars
      else if (typeof value === 'bigint' && value <= MAX_SAFE && value >= MIN_SAFE) this.integer(Number(value));
      else if (typeof value === 'number' && Number.isSafeInteger(value)) this.integer(value);
      else this.text(scalarText(value));
    }
    this.byte(0x0a);
  }

  /** The text so far (a view of the buffer, which grows by doubling). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}

/** Rows in COPY text format, UTF-8 encoded: one line per row, tab-separated. */
export function copyText(rows: readonly (readonly unknown[])[]): Buffer {
  const out = new CopyBuffer();
  for (const row of rows) out.row(row);
  return out.bytes();
}
