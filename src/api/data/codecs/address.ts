import { keccak_256 } from '@noble/hashes/sha3.js';
import { hexOf } from '../../../lib/hex.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Checksummed addresses of recent responses: the same few addresses recur on every page. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** An EVM address in EIP-55 mixed-case checksum encoding, as the Data API writes every address. */
export function checksumAddress(address: Uint8Array): string {
  if (address.length !== 20) throw new Error(`an EVM address has 20 bytes, got ${address.length}`);
  const lower = hexOf(address);
  const cached = cache.get(lower);
  if (cached !== undefined) return cached;
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    // the i-th nibble of the hash decides the case of the i-th hex digit
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
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
