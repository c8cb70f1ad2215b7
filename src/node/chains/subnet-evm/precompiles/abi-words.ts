import { keccak256 } from '../../evm/crypto.js';
import { PrecompileError } from './types.js';

const encoder = new TextEncoder();

/** The 4-byte selector of a function signature. */
export function selector(signature: string): Uint8Array {
  return keccak256(encoder.encode(signature)).slice(0, 4);
}

/** An event's first topic. */
export function eventTopic(signature: string): Uint8Array {
  return keccak256(encoder.encode(signature));
}

/** A uint256 as a 32-byte big-endian word. */
export function word(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = n;
  for (let i = 31; i >= 0 && v > 0n; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** A 20-byte address left-padded into a word (also the allow list's storage key). */
export function addressWord(address: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  out.set(address, 12);
  return out;
}

export function wordToBigInt(w: Uint8Array): bigint {
  let n = 0n;
  for (const b of w) n = (n << 8n) | BigInt(b);
  return n;
}

/** The low 20 bytes of a word (common.BytesToAddress). */
export function wordToAddress(w: Uint8Array): Uint8Array {
  return w.slice(w.length - 20);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The static arguments of a call, one word each, as accounts/abi unpacks them: before Durango ("strict")
 * the input must be a whole number of words; after, extra bytes are ignored but missing ones still fail.
 */
export function readWords(input: Uint8Array, count: number, strict: boolean): Uint8Array[] {
  if (strict && input.length % 32 !== 0) throw new PrecompileError(`abi: improperly formatted input: ${Buffer.from(input).toString('latin1')} - Bytes: [${[...input].join(' ')}]`);
  if (count > 0 && input.length === 0) throw new PrecompileError('abi: attempting to unmarshal an empty string while arguments are expected');
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const end = (i + 1) * 32;
    if (end > input.length) throw new PrecompileError(`abi: cannot marshal in to go type: length insufficient ${input.length} require ${end}`);
    out.push(input.subarray(i * 32, end));
  }
  return out;
}
