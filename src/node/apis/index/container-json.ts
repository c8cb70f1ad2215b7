import { encodeHexNoChecksum, encodeHexWithChecksum } from '../../../codec/container/checksum-hex.js';
import { idToString } from '../../../lib/cb58.js';
import { ArgumentError, type RpcArgs } from '../../server/rpc-args.js';
import type { IndexedContainer } from './container-index.js';
import { formatRfc3339Nano } from '../../../lib/go/go-time.js';

/** AvalancheGo's formatting.Encoding values the index API can be asked for. */
export type ContainerEncoding = 'hex' | 'hexc' | 'hexnc' | 'json';

/** The index API's container, as sent on the wire. */
export interface ContainerJson {
  id: string;
  bytes: string;
  timestamp: string;
  encoding: ContainerEncoding;
  index: string;
}

/**
 * Reads the `encoding` param like formatting.Encoding's UnmarshalJSON: case-insensitive, absent or null is
 * `hex`, anything unknown (or not a string) fails to unmarshal. `json` is accepted here and refused when
 * a container is formatted.
 */
export function readEncoding(args: RpcArgs): ContainerEncoding {
  const v = args.value('encoding');
  if (v === undefined || v === null) return 'hex';
  if (typeof v !== 'string') throw new ArgumentError('encoding: invalid encoding');
  const lower = v.toLowerCase();
  if (lower === 'hex' || lower === 'hexc' || lower === 'hexnc' || lower === 'json') return lower;
  throw new ArgumentError('encoding: invalid encoding');
}

export function formatContainer(c: IndexedContainer, encoding: ContainerEncoding): ContainerJson {
  return {
    id: idToString(c.id),
    bytes: encodeBytes(c.bytes, encoding),
    timestamp: formatRfc3339Nano(c.acceptedAtNanos),
    encoding,
    index: c.index.toString(),
  };
}

function encodeBytes(bytes: Uint8Array, encoding: ContainerEncoding): string {
  switch (encoding) {
    case 'hex':
    case 'hexc':
      return encodeHexWithChecksum(bytes);
    case 'hexnc':
      return encodeHexNoChecksum(bytes);
    case 'json':
      // The JSON encoding exists in AvalancheGo but no index method can produce it.
      throw new Error('unsupported encoding in method');
  }
}
