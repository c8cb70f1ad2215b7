import { keccak_256 } from '@noble/hashes/sha3.js';
import { hexOf } from '../../../lib/hex.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Checksummed addresses of recent responses: the same few addresses recur on every page. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** Scratch for one address: `0x` and 40 ASCII hex digits. */
const text = Buffer.from('0x' + '0'.repeat(40), 'latin1');
const digits = text.subarray(2);

/** An EVM address in EIP-55 mixed-case checksum encoding, as the Data API writes every address. */
export function checksumAddress(address: Uint8Array): string {
  if (address.length !== 20) throw new Error(`an EVM address has 20 bytes, got ${address.length}`);
  const lower = hexOf(address);
  const cached = cache.get(lower);
  if (cached !== undefined) return cached;
  digits.write(lower, 'latin1');
  const hash = keccak_256(digits);
  for (let i = 0; i < 40; i++) {
    // the i-th nibble of the hash decides the case of the i-th hex digit (letters only: 'a'–'f' are 0x61–0x66)
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    if (nibble >= 8 && digits[i]! >= 0x61) digits[i] = digits[i]! - 0x20;
  }
  // One flat string: appending 40 characters one at a time made a rope of ~30 string objects per address, which
  // the cache below then kept.
  const out = text.toString('latin1');
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(lower, out);
  return out;
}

/**
 * The bytes of an address parameter: `0x` and 40 hex digits in any case (a wrong checksum is not
 * rejected: clients pass lowercase addresses as often as checksummed ones). Undefined when malformed.
 */
export function parseEvmAddress(text: string): Uint8Array | undefined {
  if (!ADDRESS.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text.slice(2), 'hex'));
}

/** The zero address, for a required address the chain does not have (a failed CREATE's target). */
export const ZERO_ADDRESS = new Uint8Array(20);
