/** Column values as the drivers return them (int8/numeric as strings, bytea as bytes) → domain values. */

export function bytes(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new Error(`expected bytea, got ${typeof value}`);
  // a view, not a copy: pg hands out Buffers, callers compare plain Uint8Arrays
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

export function optBytes(value: unknown): Uint8Array | undefined {
  return value === null || value === undefined ? undefined : bytes(value);
}

export function big(value: unknown): bigint {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return BigInt(value);
  throw new Error(`expected an integer, got ${typeof value}`);
}

export function optBig(value: unknown): bigint | undefined {
  return value === null || value === undefined ? undefined : big(value);
}

/** int2/int4 come back as numbers, int8 as strings: both to a number (safe for timestamps, counts, indexes). */
export function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`expected a safe integer, got ${String(value)}`);
  return n;
}

export function optNum(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : num(value);
}

export function optText(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}
