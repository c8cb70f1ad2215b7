import { describe, expect, it } from 'vitest';
import { CONTRACT_PROBE_CALLS, interpretContractProbe, interpretTokenUri, tokenUriCall } from './erc-probe.js';

const word = (n: bigint | number) => new Uint8Array(Buffer.from(BigInt(n).toString(16).padStart(64, '0'), 'hex'));
const str = (s: string) => {
  const body = Buffer.from(s);
  const padded = Buffer.concat([body, Buffer.alloc((32 - (body.length % 32)) % 32)]);
  return new Uint8Array(Buffer.concat([Buffer.from(word(32)), Buffer.from(word(body.length)), padded]));
};
const hex = (b: Uint8Array) => '0x' + Buffer.from(b).toString('hex');

describe('contract probes', () => {
  it('asks ERC-165 (and its 0xffffffff check), ERC-721, ERC-1155, then the token fields', () => {
    expect(CONTRACT_PROBE_CALLS.map(hex)).toEqual([
      '0x01ffc9a701ffc9a7' + '0'.repeat(56),
      '0x01ffc9a7ffffffff' + '0'.repeat(56),
      '0x01ffc9a780ac58cd' + '0'.repeat(56),
      '0x01ffc9a7d9b67a26' + '0'.repeat(56),
      '0x06fdde03', '0x95d89b41', '0x313ce567', '0x18160ddd',
    ]);
  });

  it('classifies ERC-721 and ERC-1155 by ERC-165', () => {
    expect(interpretContractProbe([word(1), word(0), word(1), word(0), str('Firn Collectibles'), str('FCOL'), undefined, undefined]))
      .toEqual({ ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL' });
    expect(interpretContractProbe([word(1), word(0), word(0), word(1), undefined, undefined, undefined, undefined])).toEqual({ ercType: 'ERC-1155' });
  });

  it('does not trust a contract that claims every interface', () => {
    expect(interpretContractProbe([word(1), word(1), word(1), word(1), undefined, undefined, undefined, undefined]).ercType).toBe('UNKNOWN');
  });

  it('classifies ERC-20 by decimals and totalSupply, name and symbol optional', () => {
    expect(interpretContractProbe([undefined, undefined, undefined, undefined, str('Firn Token'), str('FIRN'), word(18), word(10n ** 24n)]))
      .toEqual({ ercType: 'ERC-20', name: 'Firn Token', symbol: 'FIRN', decimals: 18 });
    expect(interpretContractProbe([undefined, undefined, undefined, undefined, undefined, undefined, word(6), word(0)])).toEqual({ ercType: 'ERC-20', decimals: 6 });
    expect(interpretContractProbe([undefined, undefined, undefined, undefined, undefined, undefined, word(256), word(1)]).ercType).toBe('UNKNOWN');
    expect(interpretContractProbe([undefined, undefined, undefined, undefined, str('X'), undefined, word(18), undefined])).toEqual({ ercType: 'UNKNOWN', name: 'X' });
  });

  it('reads token URIs with tokenURI (ERC-721) or uri (ERC-1155)', () => {
    expect(hex(tokenUriCall('ERC-721', 1n)).slice(0, 10)).toBe('0xc87b56dd');
    expect(hex(tokenUriCall('ERC-1155', 1n)).slice(0, 10)).toBe('0x0e89341c');
    expect(interpretTokenUri(str('ipfs://bafy/1.json'))).toBe('ipfs://bafy/1.json');
    expect(interpretTokenUri(undefined)).toBeUndefined();
  });
});
