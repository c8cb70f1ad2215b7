/** Amounts, gas, nonces and block numbers travel as base-10 strings (they exceed 2^53). */
export function decimal(value: bigint | number): string {
  return typeof value === 'bigint' ? value.toString(10) : String(value);
}

/** A bigint known to fit a JSON number without loss (milliseconds, small counters). */
export function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new Error(`${value} does not fit a JSON number exactly`);
  return Number(value);
}

const UINT256_MAX = (1n << 256n) - 1n;

/** A uint256 in base 10 (`"145"`, `"0"`), as token ids travel; undefined when not one. */
export function parseUint256(text: string): bigint | undefined {
  if (!/^[0-9]{1,78}$/.test(text)) return undefined;
  const value = BigInt(text);
  return value <= UINT256_MAX ? value : undefined;
}

/** A block number: base-10 digits within int64 (the store's bigint); undefined when not one. */
export function parseBlockNumber(text: string): bigint | undefined {
  if (!/^[0-9]{1,19}$/.test(text)) return undefined;
  const value = BigInt(text);
  return value <= 0x7fff_ffff_ffff_ffffn ? value : undefined;
}
