import { keccak256 } from '../crypto.js';

/** An EIP-712 document as eth_signTypedData_v4 receives it (object or its JSON text). */
export interface TypedData {
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

/** Field order of the implied EIP712Domain when a document omits the type (as wallets and viem do). */
const DOMAIN_FIELDS: [string, string][] = [
  ['name', 'string'], ['version', 'string'], ['chainId', 'uint256'], ['verifyingContract', 'address'], ['salt', 'bytes32'],
];

export function parseTypedData(v: unknown): TypedData {
  let doc = v;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      throw new Error('invalid typed data: not JSON');
    }
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error('invalid typed data: not an object');
  const d = doc as Partial<TypedData>;
  if (typeof d.types !== 'object' || d.types === null) throw new Error('invalid typed data: missing types');
  if (typeof d.primaryType !== 'string') throw new Error('invalid typed data: missing primaryType');
  if (typeof d.message !== 'object' || d.message === null) throw new Error('invalid typed data: missing message');
  const domain = (d.domain ?? {}) as Record<string, unknown>;
  const types = { ...d.types };
  types.EIP712Domain ??= DOMAIN_FIELDS.filter(([name]) => domain[name] !== undefined).map(([name, type]) => ({ name, type }));
  if (d.primaryType !== 'EIP712Domain' && !types[d.primaryType]) throw new Error(`invalid typed data: unknown primary type ${d.primaryType}`);
  return { types, primaryType: d.primaryType, domain, message: d.message as Record<string, unknown> };
}

/** keccak256(0x19 0x01 ‖ domainSeparator ‖ hashStruct(message)). */
export function hashTypedData(td: TypedData): Uint8Array {
  const parts = [new Uint8Array([0x19, 0x01]), hashStruct(td.types, 'EIP712Domain', td.domain)];
  if (td.primaryType !== 'EIP712Domain') parts.push(hashStruct(td.types, td.primaryType, td.message));
  return keccak256(concat(parts));
}

type Types = TypedData['types'];

function hashStruct(types: Types, name: string, value: Record<string, unknown>): Uint8Array {
  return keccak256(encodeData(types, name, value));
}

/** `Name(type a,...)` followed by every referenced struct type, sorted by name. */
export function encodeType(types: Types, primary: string): string {
  const deps = new Set<string>();
  const collect = (t: string) => {
    const base = t.replace(/(\[\d*\])+$/, '');
    if (deps.has(base) || !types[base]) return;
    deps.add(base);
    for (const f of types[base]!) collect(f.type);
  };
  collect(primary);
  deps.delete(primary);
  return [primary, ...[...deps].sort()].map((t) => `${t}(${types[t]!.map((f) => `${f.type} ${f.name}`).join(',')})`).join('');
}

function encodeData(types: Types, name: string, value: Record<string, unknown>): Uint8Array {
  const fields = types[name];
  if (!fields) throw new Error(`invalid typed data: unknown type ${name}`);
  const parts = [keccak256(utf8(encodeType(types, name)))];
  for (const f of fields) parts.push(encodeValue(types, f.type, value?.[f.name], f.name));
  return concat(parts);
}

function encodeValue(types: Types, type: string, v: unknown, field: string): Uint8Array {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    if (!Array.isArray(v)) throw new Error(`invalid typed data: ${field} is not an array`);
    if (array[2] !== '' && v.length !== Number(array[2])) throw new Error(`invalid typed data: ${field} has length ${v.length}, want ${array[2]}`);
    return keccak256(concat(v.map((item) => encodeValue(types, array[1]!, item, field))));
  }
  if (types[type]) return hashStruct(types, type, (v ?? {}) as Record<string, unknown>);
  if (type === 'string') return keccak256(utf8(String(v ?? '')));
  if (type === 'bytes') return keccak256(bytesOf(v, field));
  if (type === 'bool') return word(v === true || v === 'true' ? 1n : 0n);
  if (type === 'address') {
    const b = bytesOf(v, field);
    if (b.length !== 20) throw new Error(`invalid typed data: ${field} is not an address`);
    return leftPad(b);
  }
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) {
    const b = bytesOf(v, field);
    if (b.length > Number(fixed[1])) throw new Error(`invalid typed data: ${field} is longer than ${type}`);
    const out = new Uint8Array(32);
    out.set(b, 0);
    return out;
  }
  const int = /^(u?)int(\d*)$/.exec(type);
  if (int) {
    const bits = BigInt(int[2] || '256');
    const n = toBigInt(v, field);
    const signed = int[1] === '';
    const min = signed ? -(1n << (bits - 1n)) : 0n;
    const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
    if (n < min || n > max) throw new Error(`invalid typed data: ${field} out of range for ${type}`);
    return word(n < 0n ? (1n << 256n) + n : n);
  }
  throw new Error(`invalid typed data: unknown type ${type}`);
}

function toBigInt(v: unknown, field: string): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?(0x[0-9a-fA-F]+|\d+)$/.test(v)) return v.startsWith('-') ? -BigInt(v.slice(1)) : BigInt(v);
  throw new Error(`invalid typed data: ${field} is not an integer`);
}

function bytesOf(v: unknown, field: string): Uint8Array {
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new Error(`invalid typed data: ${field} is not hex bytes`);
  return new Uint8Array(Buffer.from(v.slice(2), 'hex'));
}

function word(n: bigint): Uint8Array {
  return new Uint8Array(Buffer.from(n.toString(16).padStart(64, '0'), 'hex'));
}

function leftPad(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  out.set(b, 32 - b.length);
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}
