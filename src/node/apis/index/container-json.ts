import { idToString } from '../../../lib/cb58.js';
import { encodeBytes, readEncoding, type ApiEncoding } from '../../server/encoding.js';

export { readEncoding };
import type { IndexedContainer } from './container-index.js';
import { formatRfc3339Nano } from '../../../lib/go/go-time.js';

/** AvalancheGo's formatting.Encoding values the index API can be asked for. */
export type ContainerEncoding = ApiEncoding;

/** The index API's container, as sent on the wire. */
export interface ContainerJson {
  id: string;
  bytes: string;
  timestamp: string;
  encoding: ContainerEncoding;
  index: string;
}

export function formatContainer(c: IndexedContainer, encoding: ContainerEncoding): ContainerJson {
  return {
    id: idToString(c.id),
    bytes: encodeBytes(encoding, c.bytes),
    timestamp: formatRfc3339Nano(c.acceptedAtNanos),
    encoding,
    index: c.index.toString(),
  };
}
