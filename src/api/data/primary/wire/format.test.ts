import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../../lib/hex.js';
import { cb58, evmAddress, feePercent, memoText, nodeIdText } from './format.js';

describe('wire formats', () => {
  it('renders ids like AvalancheGo', () => {
    expect(cb58(new Uint8Array(32))).toBe('11111111111111111111111111111111LpoYY');
    expect(nodeIdText(new Uint8Array(20))).toBe('NodeID-111111111111111111116DBWJs');
  });

  it('checksums EVM addresses (EIP-55 test vectors)', () => {
    for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB']) {
      expect(evmAddress(hexToBytes(a.toLowerCase()))).toBe(a);
    }
  });

  it('shows fees in percent with 16 decimals, exactly', () => {
    expect(feePercent(20_000)).toBe('2.0000000000000000');
    expect(feePercent(1_000_000)).toBe('100.0000000000000000');
    expect(feePercent(123_456)).toBe('12.3456000000000000');
    expect(feePercent(7)).toBe('0.0007000000000000');
  });

  it('hex-encodes memos, empty ones as the empty string', () => {
    expect(memoText(new Uint8Array(0))).toBe('');
    expect(memoText(Uint8Array.of(0x46, 0x69))).toBe('0x4669');
  });
});
