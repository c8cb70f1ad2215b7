/**
 * PostgreSQL's binary COPY format, written straight into bytes. Against the text format, bytea goes in as it is
 * (no hex digits to write, nor for the server to parse), and integers and numerics arrive in the server's own
 * representation, which it checks rather than parses: the bulk of an EVM batch is hashes, addresses, calldata and
 * amounts. Each column's type must be the table's: a mismatch fails the COPY ("incorrect binary data format").
 *
 * Layout: the signature `PGCOPY\n\377\r\n\0`, a flags word and a header-extension length (both 0); per row a
 * 16-bit field count, then per field a 32-bit length (-1 for null) and that many bytes; the trailer is a field count
 * of -1. All integers are big-endian.
 */

/** The column types Firn's bulk loads write in binary. */
export type CopyColumnType = 'int2' | 'int4' | 'int8' | 'numeric' | 'bytea' | 'text' | 'bool';

/** A table's columns for a binary COPY: each name with its type in the table. */
export type CopyColumns = readonly (readonly [name: string, type: CopyColumnType])[];

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
const HEADER_LENGTH = SIGNATURE.length + 8;
const NUMERIC_NEG = 0x4000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const TWELVE_DIGITS = 10n ** 12n;

const [BYTEA, INT8, INT4, INT2, NUMERIC, BOOL, TEXT] = [0, 1, 2, 3, 4, 5, 6];
const TYPE_CODES: Record<CopyColumnType, number> = { bytea: BYTEA, int8: INT8, int4: INT4, int2: INT2, numeric: NUMERIC, bool: BOOL, text: TEXT };

/** Base-10000 digits of a numeric, least significant first (a uint256 has 20; PostgreSQL's numeric allows far more). */
const digits = new Int32Array(64);
/** Digits the bigint loop may reach before the last safe-integer part adds at most 4 more. */
const MAX_BIG_DIGITS = 60;

export class CopyBinaryBuffer {
  private buf = Buffer.allocUnsafe(1 << 16);
  private view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
  private pos = 0;
  private readonly types: Uint8Array;
  rows = 0;

  constructor(columns: CopyColumns) {
    this.types = Uint8Array.from(columns, ([, type]) => TYPE_CODES[type]);
    this.buf.set(SIGNATURE, 0);
    this.buf.fill(0, SIGNATURE.length, HEADER_LENGTH);
    this.pos = HEADER_LENGTH;
  }

  /** One row: a value per column, in the columns' order (null or undefined for NULL). */
  row(values: readonly unknown[]): void {
    const types = this.types;
    if (values.length !== types.length) throw new Error(`binary COPY: a row of ${values.length} values for ${types.length} columns`);
    this.room(2);
    this.view.setInt16(this.pos, types.length);
    this.pos += 2;
    for (let i = 0; i < types.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) {
        this.room(4);
        this.view.setInt32(this.pos, -1);
        this.pos += 4;
        continue;
      }
      switch (types[i]!) {
        case BYTEA:
          this.bytea(value);
          break;
        case INT8:
          this.int8(value);
          break;
        case INT4:
          this.int4(value);
          break;
        case INT2:
          this.int2(value);
          break;
        case NUMERIC:
          this.numeric(value);
          break;
        case BOOL:
          this.bool(value);
          break;
        default:
          this.text(value);
      }
    }
    this.rows++;
  }

  /** The COPY data so far, trailer included (rows added later go where the trailer was). */
  bytes(): Buffer {
    this.room(2);
    this.view.setInt16(this.pos, -1);
    return this.buf.subarray(0, this.pos + 2);
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
    this.view = new DataView(next.buffer, next.byteOffset, next.byteLength);
  }

  private bytea(value: unknown): void {
    if (!(value instanceof Uint8Array)) throw new Error(`binary COPY: bytea expects bytes, got ${typeof value}`);
    const n = value.length;
    this.room(4 + n);
    this.view.setInt32(this.pos, n);
    this.buf.set(value, this.pos + 4);
    this.pos += 4 + n;
  }

  private int8(value: unknown): void {
    const n = integerOf(value, 'int8', -(2 ** 63), 2 ** 63);
    this.room(12);
    const v = this.view;
    v.setInt32(this.pos, 8);
    if (typeof n === 'bigint') v.setBigInt64(this.pos + 4, n);
    else {
      const high = Math.floor(n / 4294967296);
      v.setInt32(this.pos + 4, high);
      v.setUint32(this.pos + 8, n - high * 4294967296);
    }
    this.pos += 12;
  }

  private int4(value: unknown): void {
    const n = Number(integerOf(value, 'int4', -(2 ** 31), 2 ** 31));
    this.room(8);
    this.view.setInt32(this.pos, 4);
    this.view.setInt32(this.pos + 4, n);
    this.pos += 8;
  }

  private int2(value: unknown): void {
    const n = Number(integerOf(value, 'int2', -(2 ** 15), 2 ** 15));
    this.room(6);
    this.view.setInt32(this.pos, 2);
    this.view.setInt16(this.pos + 4, n);
    this.pos += 6;
  }

  private bool(value: unknown): void {
    if (typeof value !== 'boolean') throw new Error(`binary COPY: bool expects a boolean, got ${typeof value}`);
    this.room(5);
    this.view.setInt32(this.pos, 1);
    this.buf[this.pos + 4] = value ? 1 : 0;
    this.pos += 5;
  }

  private text(value: unknown): void {
    if (typeof value !== 'string') throw new Error(`binary COPY: text expects a string, got ${typeof value}`);
    this.room(4 + 3 * value.length);
    const n = this.buf.write(value, this.pos + 4, 'utf8');
    this.view.setInt32(this.pos, n);
    this.pos += 4 + n;
  }

  /** An integer as a numeric: base-10000 digits, most significant first, trailing zero digits left out (the weight keeps the scale). */
  private numeric(value: unknown): void {
    let n: number;
    if (typeof value === 'bigint') {
      if (value < 0n || value > MAX_SAFE) return this.bigNumeric(value);
      n = Number(value);
    } else if (typeof value === 'number' && Number.isSafeInteger(value)) {
      if (value < 0) return this.bigNumeric(BigInt(value));
      n = value;
    } else {
      throw new Error(`binary COPY: numeric expects an integer, got ${String(value)}`);
    }
    // Below 2^53: at most four base-10000 digits, taken from two halves of eight decimal digits in integer arithmetic.
    const high = Math.floor(n / 1e8);
    const low = n - high * 1e8;
    digits[0] = low % 10000;
    digits[1] = (low - digits[0]!) / 10000;
    digits[2] = high % 10000;
    digits[3] = (high - digits[2]!) / 10000;
    let count = 4;
    while (count > 0 && digits[count - 1] === 0) count--;
    this.writeNumeric(count, false);
  }

  private bigNumeric(value: bigint): void {
    const negative = value < 0n;
    let magnitude = negative ? -value : value;
    let count = 0;
    while (magnitude > MAX_SAFE) {
      if (count + 3 > MAX_BIG_DIGITS) throw new Error('binary COPY: numeric value too large');
      let low = Number(magnitude % TWELVE_DIGITS);
      magnitude /= TWELVE_DIGITS;
      for (let k = 0; k < 3; k++) {
        const d = low % 10000;
        digits[count++] = d;
        low = (low - d) / 10000;
      }
    }
    for (let n = Number(magnitude); n > 0; ) {
      const d = n % 10000;
      digits[count++] = d;
      n = (n - d) / 10000;
    }
    this.writeNumeric(count, negative);
  }

  /** The numeric whose base-10000 digits are `digits[0, count)`, least significant first (the highest not 0). */
  private writeNumeric(count: number, negative: boolean): void {
    let lowest = 0;
    while (lowest < count && digits[lowest] === 0) lowest++;
    const ndigits = count - lowest;
    this.room(12 + 2 * ndigits);
    const v = this.view;
    let p = this.pos;
    v.setInt32(p, 8 + 2 * ndigits);
    v.setInt16(p + 4, ndigits);
    v.setInt16(p + 6, count === 0 ? 0 : count - 1);
    v.setUint16(p + 8, negative && count > 0 ? NUMERIC_NEG : 0);
    v.setInt16(p + 10, 0);
    p += 12;
    for (let i = count - 1; i >= lowest; i--, p += 2) v.setInt16(p, digits[i]!);
    this.pos = p;
  }
}

/** `value` as an integer in [min, max), as a number when it is one (else the bigint), or a clear error. */
function integerOf(value: unknown, type: string, min: number, max: number): number | bigint {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= min && value < max) return value;
  } else if (typeof value === 'bigint') {
    if (value >= -MAX_SAFE && value <= MAX_SAFE) {
      const n = Number(value);
      if (n >= min && n < max) return n;
    } else if (value >= BigInt(min) && value < BigInt(max)) return value;
  }
  throw new Error(`binary COPY: ${String(value)} is not a value of ${type}`);
}

/** Rows in binary COPY format for `columns`. */
export function copyBinary(columns: CopyColumns, rows: readonly (readonly unknown[])[]): Buffer {
  const out = new CopyBinaryBuffer(columns);
  for (const row of rows) out.row(row);
  return out.bytes();
}

/** The column names of `columns`, for the COPY statement. */
export const columnNames = (columns: CopyColumns): string[] => columns.map(([name]) => name);
