import { describe, it, expect } from 'vitest';
import { bitString, integer, oid, sequence, tlv, unsignedInteger, x509Time } from './der.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('DER encoder', () => {
  it('encodes integers minimally with a sign byte when needed', () => {
    expect(hex(integer(0))).toBe('020100');
    expect(hex(integer(127))).toBe('02017f');
    expect(hex(integer(128))).toBe('02020080');
    expect(hex(integer(256))).toBe('02020100');
    expect(hex(unsignedInteger(Uint8Array.of(0, 0, 0x80)))).toBe('02020080');
  });

  it('encodes well-known OIDs', () => {
    expect(hex(oid('1.2.840.10045.2.1'))).toBe('06072a8648ce3d0201');
    expect(hex(oid('1.2.840.10045.3.1.7'))).toBe('06082a8648ce3d030107');
    expect(hex(oid('2.5.4.3'))).toBe('0603550403');
  });

  it('uses long-form lengths above 127 bytes', () => {
    const long = tlv(0x04, new Uint8Array(200));
    expect(hex(long.subarray(0, 3))).toBe('0481c8');
    expect(hex(tlv(0x04, new Uint8Array(300)).subarray(0, 4))).toBe('0482012c');
  });

  it('encodes sequences and bit strings', () => {
    expect(hex(sequence())).toBe('3000');
    expect(hex(bitString(Uint8Array.of(0xab)))).toBe('030200ab');
  });

  it('picks UTCTime before 2050 and GeneralizedTime after', () => {
    expect(Buffer.from(x509Time(Date.UTC(1999, 11, 31) / 1000).subarray(2)).toString()).toBe('991231000000Z');
    expect(x509Time(0)[0]).toBe(0x17);
    const late = x509Time(Date.UTC(2100, 0, 1) / 1000);
    expect(late[0]).toBe(0x18);
    expect(Buffer.from(late.subarray(2)).toString()).toBe('21000101000000Z');
  });
});
