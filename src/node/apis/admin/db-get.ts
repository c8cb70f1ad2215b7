import type { KvStore } from '../../storage/kv.js';

/** rpcdb error codes as AvalancheGo's dbGet reports them (proto/rpcdb/rpcdb.proto). */
export const DB_ERROR = { UNSPECIFIED: 0, CLOSED: 1, NOT_FOUND: 2 } as const;

export interface DbGetReply {
  value: string;
  errorCode: number;
}

/**
 * admin.dbGet: `key` in hex without checksum (`0x…`). A missing key or a closed database is a successful
 * reply carrying the error code, not an RPC error.
 */
export async function dbGet(db: KvStore, keyHex: string): Promise<DbGetReply> {
  const key = decodeHexNC(keyHex);
  if (db.closed) return { value: '', errorCode: DB_ERROR.CLOSED };
  const value = await db.get(key);
  if (value === undefined) return { value: '', errorCode: DB_ERROR.NOT_FOUND };
  return { value: '0x' + Buffer.from(value).toString('hex'), errorCode: DB_ERROR.UNSPECIFIED };
}

/** formatting.Decode(HexNC, s) with Go's encoding/hex error texts; the empty string is the empty key. */
export function decodeHexNC(text: string): Uint8Array {
  if (text.length === 0) return new Uint8Array(0);
  if (!text.startsWith('0x')) throw new Error('missing 0x prefix to hex encoding');
  const bytes = Buffer.from(text.slice(2), 'utf8');
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    if (!isHexByte(bytes[i]!)) throw invalidByte(bytes[i]!);
    if (!isHexByte(bytes[i + 1]!)) throw invalidByte(bytes[i + 1]!);
  }
  if (bytes.length % 2 === 1) {
    if (!isHexByte(bytes[bytes.length - 1]!)) throw invalidByte(bytes[bytes.length - 1]!);
    throw new Error('encoding/hex: odd length hex string');
  }
  return new Uint8Array(Buffer.from(text.slice(2), 'hex'));
}

function isHexByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/** Go's `%#U` of a byte: `U+0067 'g'`. */
function invalidByte(b: number): Error {
  const code = 'U+' + b.toString(16).toUpperCase().padStart(4, '0');
  const printable = b >= 0x20 && b !== 0x7f && !(b >= 0x80 && b < 0xa0);
  return new Error(`encoding/hex: invalid byte: ${printable ? `${code} '${String.fromCharCode(b)}'` : code}`);
}
