import { concatBytes } from '../bytes.js';
/**
 * Minimal DER (ITU-T X.690) encoder: just the universal types an X.509 certificate and a PKCS#8 key need.
 * Every function returns the complete TLV (tag, length, value).
 */

export const TAG = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

const concat = (parts: readonly Uint8Array[]): Uint8Array => concatBytes(...parts);

function encodeLength(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function tlv(tag: number, value: Uint8Array): Uint8Array {
  return concat([Uint8Array.of(tag), encodeLength(value.length), value]);
}

export function sequence(...items: Uint8Array[]): Uint8Array {
  return tlv(TAG.SEQUENCE, concat(items));
}

export function set(...items: Uint8Array[]): Uint8Array {
  return tlv(TAG.SET, concat(items));
}

/** INTEGER from a non-negative bigint: minimal big-endian two's complement (a leading 0x00 when the top bit is set). */
export function integer(value: bigint | number): Uint8Array {
  let v = BigInt(value);
  if (v < 0n) throw new Error('negative DER integers are not supported');
  const bytes: number[] = [];
  do {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  } while (v > 0n);
  if ((bytes[0] ?? 0) & 0x80) bytes.unshift(0);
  return tlv(TAG.INTEGER, Uint8Array.from(bytes));
}

/** INTEGER from unsigned big-endian bytes (leading zeros stripped, sign byte added when needed). */
export function unsignedInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  return tlv(TAG.INTEGER, (body[0] ?? 0) & 0x80 ? concat([Uint8Array.of(0), body]) : body);
}

/** BIT STRING whose content is whole bytes (0 unused bits). */
export function bitString(bytes: Uint8Array): Uint8Array {
  return tlv(TAG.BIT_STRING, concat([Uint8Array.of(0), bytes]));
}

export function octetString(bytes: Uint8Array): Uint8Array {
  return tlv(TAG.OCTET_STRING, bytes);
}

export function derNull(): Uint8Array {
  return Uint8Array.of(TAG.NULL, 0);
}

export function boolean(value: boolean): Uint8Array {
  return Uint8Array.of(0x01, 0x01, value ? 0xff : 0x00);
}

/** OBJECT IDENTIFIER from dotted text, e.g. `1.2.840.10045.2.1`. */
export function oid(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map((s) => {
    if (!/^\d+$/.test(s)) throw new Error(`invalid OID: ${dotted}`);
    return BigInt(s);
  });
  const [first, second, ...rest] = arcs;
  if (first === undefined || second === undefined || first > 2n) throw new Error(`invalid OID: ${dotted}`);
  const out: number[] = [];
  for (const arc of [first * 40n + second, ...rest]) {
    const groups: number[] = [];
    let v = arc;
    do {
      groups.unshift(Number(v & 0x7fn));
      v >>= 7n;
    } while (v > 0n);
    for (let i = 0; i < groups.length - 1; i++) groups[i] = (groups[i] ?? 0) | 0x80;
    out.push(...groups);
  }
  return tlv(TAG.OID, Uint8Array.from(out));
}

export function utf8String(text: string): Uint8Array {
  return tlv(TAG.UTF8_STRING, new TextEncoder().encode(text));
}

/**
 * X.509 Time (RFC 5280 §4.1.2.5): UTCTime `YYMMDDHHMMSSZ` for 1950–2049, GeneralizedTime `YYYYMMDDHHMMSSZ`
 * otherwise. Input is Unix seconds.
 */
export function x509Time(unixSeconds: number): Uint8Array {
  const d = new Date(unixSeconds * 1000);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const year = d.getUTCFullYear();
  const rest = `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
  if (year >= 1950 && year < 2050) return tlv(TAG.UTC_TIME, new TextEncoder().encode(pad(year % 100) + rest));
  return tlv(TAG.GENERALIZED_TIME, new TextEncoder().encode(pad(year, 4) + rest));
}

/** Context-specific constructed tag `[n]` wrapping already-encoded content (EXPLICIT tagging). */
export function explicit(tagNumber: number, ...content: Uint8Array[]): Uint8Array {
  if (tagNumber > 30) throw new Error('high tag numbers are not supported');
  return tlv(0xa0 | tagNumber, concat(content));
}
