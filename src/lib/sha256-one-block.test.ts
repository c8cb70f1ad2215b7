import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ONE_BLOCK_MAX_BYTES, sha256OneBlockWords } from './sha256-one-block.js';

const wordsHex = (words: Int32Array) => Array.from(words, (w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
const reference = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('sha256OneBlockWords', () => {
  it('gives the standard digest of every length that fits one block (0–55 bytes), 30 inputs each', () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
    const out = new Int32Array(8);
    for (let n = 0; n <= ONE_BLOCK_MAX_BYTES; n++) {
      for (let k = 0; k < 30; k++) {
        const b = new Uint8Array(n).map(rand);
        sha256OneBlockWords(b, out);
        expect(wordsHex(out)).toBe(reference(b));
      }
    }
  });

  it('matches FIPS 180-4\'s "abc" example and the empty message', () => {
    const out = new Int32Array(8);
    sha256OneBlockWords(new TextEncoder().encode('abc'), out);
    expect(wordsHex(out)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    sha256OneBlockWords(new Uint8Array(), out);
    expect(wordsHex(out)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes a view of a larger buffer by the view\'s own bytes', () => {
    const backing = new Uint8Array(80).map((_, i) => 255 - i);
    const view = backing.subarray(7, 43);
    const out = new Int32Array(8);
    sha256OneBlockWords(view, out);
    expect(wordsHex(out)).toBe(reference(view));
  });

  it('refuses a message longer than one block holds', () => {
    expect(() => sha256OneBlockWords(new Uint8Array(56), new Int32Array(8))).toThrow('56 bytes do not fit one block');
  });
});
