import { bytesToHex } from '../../lib/hex.js';

/**
 * One value in PostgreSQL's COPY text format: `\N` for null, bytea as `\\x<hex>`, backslash, tab, newline
 * and carriage return escaped. bigint and number are written in decimal; booleans as t/f; objects as JSON.
 */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Uint8Array) return '\\\\x' + bytesToHex(value).slice(2);
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

/** Rows in COPY text format: one line per row, tab-separated. */
export function copyText(rows: readonly (readonly unknown[])[]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += '\t';
      out += copyValue(row[i]);
    }
    out += '\n';
  }
  return out;
}
