import { describe, expect, it } from 'vitest';
import { cb58Encode } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { decodeHexNoChecksum, decodeHexWithChecksum, encodeHexNoChecksum, encodeHexWithChecksum } from './checksum-hex.js';
import { DOCUMENTED_MAINNET_X_TX_HEX, DOCUMENTED_MAINNET_X_TX_ID, DOCUMENTED_X_TX_HEX, DOCUMENTED_X_TX_ID } from './documented-examples.fixtures.js';

describe('hex with checksum', () => {
  it('verifies and strips the checksum of the documented Index API containers, whose ids are sha256(payload)', () => {
    for (const [hex, id] of [[DOCUMENTED_X_TX_HEX, DOCUMENTED_X_TX_ID], [DOCUMENTED_MAINNET_X_TX_HEX, DOCUMENTED_MAINNET_X_TX_ID]] as const) {
      const payload = decodeHexWithChecksum(hex);
      expect(payload.length).toBe((hex.length - 2) / 2 - 4);
      expect(cb58Encode(sha256(payload))).toBe(id);
      expect(encodeHexWithChecksum(payload)).toBe(hex);
    }
  });

  it('appends the last 4 bytes of sha256(payload)', () => {
    const payload = new Uint8Array([0xde, 0xad, 0xbe, 0xef]);
    const sum = Buffer.from(sha256(payload).subarray(28)).toString('hex');
    expect(encodeHexWithChecksum(payload)).toBe('0xdeadbeef' + sum);
    expect(encodeHexWithChecksum(new Uint8Array(0))).toBe('0x' + Buffer.from(sha256(new Uint8Array(0)).subarray(28)).toString('hex'));
    expect(encodeHexNoChecksum(payload)).toBe('0xdeadbeef');
  });

  it('accepts upper-case digits and the empty string like AvalancheGo', () => {
    expect(decodeHexWithChecksum(DOCUMENTED_X_TX_HEX.replace(/[a-f]/g, (c) => c.toUpperCase()).replace(/^0X/, '0x')).length).toBe((DOCUMENTED_X_TX_HEX.length - 2) / 2 - 4);
    expect(decodeHexWithChecksum('')).toEqual(new Uint8Array(0));
    expect(decodeHexNoChecksum('0xABcd')).toEqual(new Uint8Array([0xab, 0xcd]));
  });

  it('rejects malformed input with AvalancheGo messages', () => {
    expect(() => decodeHexWithChecksum('deadbeef')).toThrow('missing 0x prefix to hex encoding');
    expect(() => decodeHexWithChecksum('0Xdeadbeef')).toThrow('missing 0x prefix to hex encoding');
    expect(() => decodeHexWithChecksum('0xabc')).toThrow('encoding/hex: odd length hex string');
    expect(() => decodeHexWithChecksum('0xzz')).toThrow("encoding/hex: invalid byte: U+007A 'z'");
    expect(() => decodeHexWithChecksum('0x010203')).toThrow('input string is smaller than the checksum size');
    const flipped = DOCUMENTED_X_TX_HEX.slice(0, -1) + (DOCUMENTED_X_TX_HEX.endsWith('8') ? '9' : '8');
    expect(() => decodeHexWithChecksum(flipped)).toThrow('invalid input checksum');
    const payloadFlipped = '0x01' + DOCUMENTED_X_TX_HEX.slice(4);
    expect(() => decodeHexWithChecksum(payloadFlipped)).toThrow('invalid input checksum');
  });

  it('round-trips random payloads', () => {
    for (let n = 0; n < 200; n++) {
      const p = new Uint8Array(n).map(() => Math.floor(Math.random() * 256));
      expect(decodeHexWithChecksum(encodeHexWithChecksum(p))).toEqual(p);
      expect(decodeHexNoChecksum(encodeHexNoChecksum(p))).toEqual(p);
    }
  });
});
