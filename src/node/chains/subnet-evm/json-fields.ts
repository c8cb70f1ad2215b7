/** Readers for the genesis / upgrade JSON with Go's decoding rules (numbers or numeric strings for ints). */

export function asObject(v: unknown, field: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`${field}: expected an object`);
  return v as Record<string, unknown>;
}

/** A big integer: a JSON number (exact only up to 2^53), or a decimal or 0x-hex string. */
export function readBig(v: unknown, field: string): bigint {
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^(0x[0-9a-f]+|[0-9]+)$/i.test(v)) return BigInt(v);
  throw new Error(`${field}: invalid number ${JSON.stringify(v)}`);
}

export function readUint64(v: unknown, field: string): bigint {
  const n = readBig(v, field);
  if (n < 0n || n >= 1n << 64n) throw new Error(`${field}: not a uint64`);
  return n;
}

export function optionalUint64(v: unknown, field: string): bigint | undefined {
  return v === undefined || v === null ? undefined : readUint64(v, field);
}

export function readBool(v: unknown, field: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new Error(`${field}: expected a boolean`);
  return v;
}

/** common.Address: "0x" + 40 hex digits; kept lower-case, as Go writes it back. */
export function readAddress(v: unknown, field: string): string {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new Error(`${field}: invalid address ${JSON.stringify(v)}`);
  return v.toLowerCase();
}

export function readAddressList(v: unknown, field: string): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Error(`${field}: expected an array of addresses`);
  return v.map((a, i) => readAddress(a, `${field}[${i}]`));
}
