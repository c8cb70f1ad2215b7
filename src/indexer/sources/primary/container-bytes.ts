import { checksumOf, decodeHexNoChecksum } from '../../../codec/container/checksum-hex.js';

/**
 * The payload of a hex string from a node API. AvalancheGo's `hex` encoding appends the last 4 bytes of
 * sha256(payload); the seed's index API sends plain `0x` hex. Both are accepted: `decode` is tried on the
 * payload without the checksum when one is present, then on all the bytes, and `accept` (an id check when
 * the node gave an id) picks between them.
 */
export function decodeNodeHex<T>(text: string, decode: (bytes: Uint8Array) => T, accept: (value: T) => boolean = () => true): T {
  const raw = decodeHexNoChecksum(text);
  const candidates: Uint8Array[] = [];
  if (raw.length >= 4 && hasChecksum(raw)) candidates.push(raw.subarray(0, raw.length - 4));
  candidates.push(raw);
  let firstError: unknown;
  for (const bytes of candidates) {
    try {
      const value = decode(bytes.slice());
      if (accept(value)) return value;
      firstError ??= new Error('decoded container does not have the id the node gave');
    } catch (error) {
      firstError ??= error;
    }
  }
  throw firstError instanceof Error ? firstError : new Error(String(firstError));
}

function hasChecksum(raw: Uint8Array): boolean {
  const payload = raw.subarray(0, raw.length - 4);
  const check = checksumOf(payload);
  for (let i = 0; i < 4; i++) if (check[i] !== raw[raw.length - 4 + i]) return false;
  return true;
}
