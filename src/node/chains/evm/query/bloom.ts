import { keccak256 } from '../crypto.js';
import type { LogMatcher } from './log-criteria.js';

/** Whether a 2048-bit logs bloom may contain `item` (an address or topic); false means it surely does not. */
export function bloomMayContain(bloom: Uint8Array, item: Uint8Array): boolean {
  const h = keccak256(item);
  for (let i = 0; i < 6; i += 2) {
    const bit = ((h[i]! << 8) | h[i + 1]!) & 2047;
    if ((bloom[255 - (bit >> 3)]! & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

const bytesOf = (hex: string) => new Uint8Array(Buffer.from(hex.slice(2), 'hex'));

/** geth's bloomFilter: every constrained position needs one candidate the bloom may hold. */
export function bloomMatches(bloom: Uint8Array, m: LogMatcher): boolean {
  if (m.addresses && ![...m.addresses].some((a) => bloomMayContain(bloom, bytesOf(a)))) return false;
  for (const t of m.topics) {
    if (t && ![...t].some((x) => bloomMayContain(bloom, bytesOf(x)))) return false;
  }
  return true;
}
