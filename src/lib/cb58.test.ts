import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { base58Decode, base58Encode, cb58Decode, cb58Encode, idFromString, idToString } from './cb58.js';

/** 20 pseudo-random byte strings of each length 0–69 (every fifth with two leading zero bytes), from `seed`. */
function* randomInputs(seed: number): Generator<Uint8Array> {
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
  for (let len = 0; len < 70; len++) {
    for (let k = 0; k < 20; k++) {
      const b = new Uint8Array(len).map(rand);
      if (k % 5 === 0 && len > 2) { b[0] = 0; b[1] = 0; }
      yield b;
    }
  }
}

describe('cb58', () => {
  it('encodes the empty id as AvalancheGo does', () => {
    expect(idToString(new Uint8Array(32))).toBe('11111111111111111111111111111111LpoYY');
  });
  it('encodes base58 exactly as the reference encoder, leading zeros included', () => {
    for (const b of randomInputs(1)) expect(base58Encode(b)).toBe(base58.encode(b));
  });
  it('encodes inputs longer than its scratch space was first sized for', () => {
    for (const len of [150, 300, 1000]) {
      const b = new Uint8Array(len).map((_, i) => (i * 131 + 7) & 0xff);
      b[0] = 0;
      expect(base58Encode(b)).toBe(base58.encode(b));
    }
    const short = new Uint8Array([0, 0, 1, 2, 3]);
    expect(base58Encode(short)).toBe(base58.encode(short)); // and shorter ones after
    const long = new Uint8Array([0, 7, 1, 2, 3, 9, 9]);
    expect(base58Encode(long, 5)).toBe(base58.encode(long.subarray(0, 5))); // a prefix of a longer array
  });

  it('decodes base58 exactly as the reference decoder, leading zeros included', () => {
    for (const b of randomInputs(7)) {
      const text = base58.encode(b);
      expect(base58Decode(text)).toEqual(base58.decode(text));
    }
    for (const bad of ['0', 'O', 'I', 'l', '1+', 'abc\u00e9', '11\u{1F600}']) expect(base58Decode(bad)).toBeUndefined();
  });
  it('cb58 is base58 of the bytes and the last 4 bytes of their SHA-256, for inputs of one hash block and longer', () => {
    for (const b of [...randomInputs(3), new Uint8Array(200).map((_, i) => i)]) {
      const check = createHash('sha256').update(b).digest().subarray(28);
      const text = cb58Encode(b);
      expect(text).toBe(base58.encode(Buffer.concat([b, check])));
      expect(cb58Decode(text)).toEqual(b);
    }
  });
  it('round-trips', () => {
    const b = new Uint8Array(32).map((_, i) => i * 7);
    expect(idFromString(idToString(b))).toEqual(b);
  });
  it('reports AvalancheGo errors', () => {
    expect(() => cb58Decode('')).toThrow('base58 decoding error: zero length string');
    expect(() => cb58Decode('0abc')).toThrow("base58 decoding error: Invalid base58 digit ('0')");
    expect(() => cb58Decode('X')).toThrow('input string is smaller than the checksum size');
    expect(() => cb58Decode('11111111111111111111111111111111LpoYZ')).toThrow('invalid input checksum');
    expect(() => idFromString(cb58Encode(new Uint8Array(20)))).toThrow('invalid hash length: expected 32 bytes but got 20');
  });
});
