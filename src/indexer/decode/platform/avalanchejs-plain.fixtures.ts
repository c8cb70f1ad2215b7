/**
 * avalanchejs' parsed objects as plain values, for comparing our decoders with an independent parser:
 * primitives unwrapped (Int → number, BigInt → bigint, Id/NodeId/Address/Bytes → bytes, String → string),
 * serializable objects as `{ _type, ...fields }` without their `vm` tag.
 */
export type Plain = number | bigint | string | Uint8Array | boolean | null | undefined | Plain[] | { [key: string]: Plain };

interface Tagged {
  _type: string;
  [key: string]: unknown;
}

const UNWRAP: Record<string, string> = {
  'primitives.Int': 'int', 'primitives.BigInt': 'bigint', 'primitives.Byte': 'byte', 'primitives.String': 'string', 'primitives.Short': 'short',
  'primitives.Bytes': 'bytes', 'common.Id': 'idVal', 'common.NodeId': 'idVal', 'common.Address': 'address',
};

export function plain(value: unknown): Plain {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (typeof value !== 'object') return value as Plain;
  const t = value as Tagged;
  if (t._type === 'common.BlsSignature' || t._type === 'common.BlsPublicKey') return new Uint8Array((t as unknown as { toBytes(): Uint8Array }).toBytes());
  if (typeof t._type === 'string' && UNWRAP[t._type]) {
    const inner = t[UNWRAP[t._type]!];
    if (t._type === 'primitives.Byte' && inner instanceof Uint8Array) return inner[0] ?? 0;
    return plain(inner);
  }
  const out: { [key: string]: Plain } = {};
  for (const [k, v] of Object.entries(t)) if (k !== 'vm' && typeof v !== 'function') out[k] = plain(v);
  return out;
}

export function field(p: Plain, ...path: string[]): Plain {
  let cur: Plain = p;
  for (const k of path) cur = (cur as { [key: string]: Plain } | undefined)?.[k];
  return cur;
}
