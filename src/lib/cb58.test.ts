import { describe, expect, it } from 'vitest';
import { cb58Decode, cb58Encode, idFromString, idToString } from './cb58.js';

describe('cb58', () => {
  it('encodes the empty id as AvalancheGo does', () => {
    expect(idToString(new Uint8Array(32))).toBe('11111111111111111111111111111111LpoYY');
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
