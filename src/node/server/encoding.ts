import { decodeHexNoChecksum, decodeHexWithChecksum, encodeHexNoChecksum, encodeHexWithChecksum } from '../../codec/container/checksum-hex.js';
import { ArgumentError, type RpcArgs } from './rpc-args.js';

/** AvalancheGo's formatting.Encoding values the node APIs accept. */
export type ApiEncoding = 'hex' | 'hexc' | 'hexnc' | 'json';

/**
 * Reads the `encoding` param like formatting.Encoding's UnmarshalJSON: case-insensitive, absent or null is
 * `hex`, anything unknown (or not a string) fails to unmarshal. `json` is accepted here; methods that
 * cannot produce it refuse it when they encode.
 */
export function readEncoding(args: RpcArgs): ApiEncoding {
  const v = args.value('encoding');
  if (v === undefined || v === null) return 'hex';
  if (typeof v !== 'string') throw new ArgumentError('encoding: invalid encoding');
  const lower = v.toLowerCase();
  if (lower === 'hex' || lower === 'hexc' || lower === 'hexnc' || lower === 'json') return lower;
  throw new ArgumentError('encoding: invalid encoding');
}

/** formatting.Encode: checked hex (`hex`, `hexc`) or plain hex (`hexnc`); `json` is not a byte encoding. */
export function encodeBytes(encoding: ApiEncoding, bytes: Uint8Array): string {
  switch (encoding) {
    case 'hex':
    case 'hexc':
      return encodeHexWithChecksum(bytes);
    case 'hexnc':
      return encodeHexNoChecksum(bytes);
    case 'json':
      throw new Error('unsupported encoding in method');
  }
}

/** formatting.Decode, the inverse of encodeBytes. */
export function decodeBytes(encoding: ApiEncoding, text: string): Uint8Array {
  switch (encoding) {
    case 'hex':
    case 'hexc':
      return decodeHexWithChecksum(text);
    case 'hexnc':
      return decodeHexNoChecksum(text);
    case 'json':
      throw new Error('unsupported encoding in method');
  }
}
