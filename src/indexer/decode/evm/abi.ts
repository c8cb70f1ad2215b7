import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '../../../lib/hex.js';

/** Minimal ABI reading for the few events and calls the indexer decodes: 32-byte words, addresses, uint arrays, strings. */

/** topic0 of an event: keccak256 of its canonical signature. */
export function eventTopic(signature: string): Uint8Array {
  return keccak_256(new TextEncoder().encode(signature));
}

/** The 4-byte selector of a function signature. */
export function selector(signature: string): Uint8Array {
  return eventTopic(signature).subarray(0, 4);
}

export function wordAt(data: Uint8Array, byteOffset: number): Uint8Array | undefined {
  return byteOffset >= 0 && byteOffset + 32 <= data.length ? data.subarray(byteOffset, byteOffset + 32) : undefined;
}

export function uint(word: Uint8Array): bigint {
  const high = word.length - 8;
  let small = high >= 0;
  for (let i = 0; small && i < high; i++) if (word[i] !== 0) small = false;
  // most amounts and ids fit 64 bits
  if (small) return new DataView(word.buffer, word.byteOffset + high, 8).getBigUint64(0);
  return BigInt(bytesToHex(word));
}

/** A left-padded address word (the 12 high bytes must be zero), else undefined. */
export function addressWord(word: Uint8Array | undefined): Uint8Array | undefined {
  if (!word || word.length !== 32) return undefined;
  for (let i = 0; i < 12; i++) if (word[i] !== 0) return undefined;
  return word.subarray(12);
}

/** A word used as an offset or length: must be small enough to index the data. */
export function smallUint(word: Uint8Array | undefined): number | undefined {
  if (!word) return undefined;
  for (let i = 0; i < 26; i++) if (word[i] !== 0) return undefined;
  let n = 0;
  for (let i = 26; i < 32; i++) n = n * 256 + word[i]!;
  return n;
}

/** `uint256[]` whose head word sits at `headOffset` (relative to `base`). */
export function uintArrayAt(data: Uint8Array, base: number, headOffset: number): bigint[] | undefined {
  const offset = smallUint(wordAt(data, base + headOffset));
  if (offset === undefined) return undefined;
  const start = base + offset;
  const length = smallUint(wordAt(data, start));
  if (length === undefined || start + 32 + length * 32 > data.length) return undefined;
  const out: bigint[] = new Array(length);
  for (let i = 0; i < length; i++) out[i] = uint(data.subarray(start + 32 + i * 32, start + 64 + i * 32));
  return out;
}

/** `bytes` / `string` whose head word sits at `headOffset` (relative to `base`). */
export function bytesAt(data: Uint8Array, base: number, headOffset: number): Uint8Array | undefined {
  const offset = smallUint(wordAt(data, base + headOffset));
  if (offset === undefined) return undefined;
  const start = base + offset;
  const length = smallUint(wordAt(data, start));
  if (length === undefined || start + 32 + length > data.length) return undefined;
  return data.subarray(start + 32, start + 32 + length);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text a `name()`/`symbol()`/`tokenURI()` call returned: an ABI `string`, or (old tokens such as MKR) a
 * `bytes32` of printable text padded with zeros. Invalid UTF-8 gives undefined; NUL characters are dropped (PostgreSQL text
 * cannot hold them).
 */
export function decodeStringResult(ret: Uint8Array, maxLength = 8192): string | undefined {
  let raw: Uint8Array | undefined;
  if (ret.length >= 64) raw = bytesAt(ret, 0, 0);
  if (raw === undefined && ret.length === 32) {
    let end = 32;
    while (end > 0 && ret[end - 1] === 0) end--;
    raw = ret.subarray(0, end);
    // a bytes32 name is text: a number or a hash returned here is not
    for (const b of raw) if (b < 0x20 || b === 0x7f) return undefined;
  }
  if (raw === undefined || raw.length > maxLength) return undefined;
  try {
    return UTF8.decode(raw).replace(/\0/g, '');
  } catch {
    return undefined;
  }
}

/** A `bool` return: exactly one word holding 0 or 1. */
export function decodeBoolResult(ret: Uint8Array): boolean | undefined {
  if (ret.length !== 32) return undefined;
  for (let i = 0; i < 31; i++) if (ret[i] !== 0) return undefined;
  return ret[31] === 1 ? true : ret[31] === 0 ? false : undefined;
}

/** A `uintN` return (at least one word). */
export function decodeUintResult(ret: Uint8Array): bigint | undefined {
  const word = wordAt(ret, 0);
  return word ? uint(word) : undefined;
}

/** ABI-encode a call: selector followed by uint256 arguments. */
export function encodeCall(selectorBytes: Uint8Array, ...args: bigint[]): Uint8Array {
  const out = new Uint8Array(4 + 32 * args.length);
  out.set(selectorBytes, 0);
  for (let i = 0; i < args.length; i++) {
    let v = args[i]!;
    if (v < 0n || v >= 1n << 256n) throw new RangeError(`uint256 out of range: ${v}`);
    for (let b = 31; b >= 0 && v > 0n; b--) {
      out[4 + i * 32 + b] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  return out;
}
