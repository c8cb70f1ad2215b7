import { bytesToHex, decodeHex } from '../../../lib/hex.js';

/**
 * Readers for the JSON an EVM node answers (hex quantities and data), with the path of the field in errors.
 * Accepts coreth, Subnet-EVM, geth and Firn's devnet: `0x` hex quantities (leading zeros tolerated) or JSON
 * integers; absent and null are the same for optional fields.
 */

export class EvmDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvmDecodeError';
  }
}

export type WireObject = Record<string, unknown>;

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 60) + '…' : s;
}

export function asObject(v: unknown, where: string): WireObject {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new EvmDecodeError(`${where}: expected an object, got ${show(v)}`);
  return v as WireObject;
}

export function asArray(v: unknown, where: string): unknown[] {
  if (!Array.isArray(v)) throw new EvmDecodeError(`${where}: expected an array, got ${show(v)}`);
  return v;
}

/** `where.key`, or `where` alone: built only for an error message (a block has hundreds of fields). */
const at = (where: string, key?: string): string => (key === undefined ? where : `${where}.${key}`);

export function parseQuantity(v: unknown, where: string, key?: string): bigint {
  if (typeof v === 'string' && QUANTITY.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new EvmDecodeError(`${at(where, key)}: expected a hex quantity, got ${show(v)}`);
}

export function parseData(v: unknown, where: string, key?: string): Uint8Array {
  // The 0x prefix is required here (decodeHex would take bare hex too)
  if (typeof v === 'string' && v.charCodeAt(0) === 48 && (v.charCodeAt(1) | 0x20) === 120) {
    const bytes = decodeHex(v);
    if (bytes) return bytes;
  }
  throw new EvmDecodeError(`${at(where, key)}: expected hex data, got ${show(v)}`);
}

export function parseFixedData(v: unknown, length: number, where: string, key?: string): Uint8Array {
  const bytes = parseData(v, where, key);
  if (bytes.length !== length) throw new EvmDecodeError(`${at(where, key)}: expected ${length} bytes, got ${bytes.length}`);
  return bytes;
}

export function quantity(o: WireObject, key: string, where: string): bigint {
  return parseQuantity(o[key], where, key);
}

export function optQuantity(o: WireObject, key: string, where: string): bigint | undefined {
  const v = o[key];
  return v === undefined || v === null ? undefined : parseQuantity(v, where, key);
}

/** A quantity that must fit a JS number (indexes, counts, sizes). */
export function smallQuantity(o: WireObject, key: string, where: string): number {
  const n = quantity(o, key, where);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new EvmDecodeError(`${where}.${key}: ${n} is too large`);
  return Number(n);
}

export function data(o: WireObject, key: string, where: string): Uint8Array {
  return parseData(o[key], where, key);
}

export function optData(o: WireObject, key: string, where: string): Uint8Array | undefined {
  const v = o[key];
  return v === undefined || v === null ? undefined : parseData(v, where, key);
}

export function fixedData(o: WireObject, key: string, length: number, where: string): Uint8Array {
  return parseFixedData(o[key], length, where, key);
}

export function optFixedData(o: WireObject, key: string, length: number, where: string): Uint8Array | undefined {
  const v = o[key];
  return v === undefined || v === null ? undefined : fixedData(o, key, length, where);
}

export const address = (o: WireObject, key: string, where: string): Uint8Array => fixedData(o, key, 20, where);
export const optAddress = (o: WireObject, key: string, where: string): Uint8Array | undefined => optFixedData(o, key, 20, where);
export const hash = (o: WireObject, key: string, where: string): Uint8Array => fixedData(o, key, 32, where);


export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}
