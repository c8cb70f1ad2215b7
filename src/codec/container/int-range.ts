/** Range checks before writing: DataView silently wraps out-of-range bigints. */
const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

export function assertU64(name: string, v: bigint): bigint {
  if (v < 0n || v > U64_MAX) throw new Error(`${name} out of uint64 range: ${v}`);
  return v;
}

export function assertI64(name: string, v: bigint): bigint {
  if (v < I64_MIN || v > I64_MAX) throw new Error(`${name} out of int64 range: ${v}`);
  return v;
}

export function assertId(name: string, v: Uint8Array, size = 32): Uint8Array {
  if (v.length !== size) throw new Error(`${name} must be ${size} bytes but is ${v.length}`);
  return v;
}
