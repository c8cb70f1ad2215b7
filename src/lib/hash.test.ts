import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ripemd160, sha1Base64url, sha256, sha256LastWord } from './hash.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('hash', () => {
  it('sha256 and ripemd160 give the standard digests (empty input and "abc")', () => {
    expect(hex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(ripemd160(new TextEncoder().encode('abc')))).toBe('8eb208f7e05d987a9b044a8e98c6b087f15a0bfc');
  });

  it('hashes views of larger buffers by their own bytes, and returns plain Uint8Arrays of their own', () => {
    const backing = new Uint8Array(64).map((_, i) => i);
    const view = backing.subarray(10, 42);
    const out = sha256(view);
    expect(hex(out)).toBe(createHash('sha256').update(Buffer.from(view)).digest('hex'));
    expect(out).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(out)).toBe(false);
    expect(out.byteOffset).toBe(0);
    expect(out.buffer.byteLength).toBe(32);
  });

  it('sha256 and sha256LastWord agree with node:crypto on both sides of the one-block limit (0–100 bytes)', () => {
    for (let n = 0; n <= 100; n++) {
      const b = new Uint8Array(n).map((_, i) => (i * 97 + n) & 0xff);
      const reference = createHash('sha256').update(b).digest();
      expect(hex(sha256(b))).toBe(reference.toString('hex'));
      expect(sha256LastWord(b)).toBe(reference.readUInt32BE(28));
    }
  });

  it('sha1Base64url gives the standard digest, a string hashed as its UTF-8 bytes', () => {
    expect(sha1Base64url('abc')).toBe(Buffer.from('a9993e364706816aba3e25717850c26c9cd0d89d', 'hex').toString('base64url'));
    expect(sha1Base64url('héllo')).toBe(sha1Base64url(new TextEncoder().encode('héllo')));
  });
});
