import { describe, expect, it } from 'vitest';
import { formatAddress, formatBech32 } from '../../../../lib/bech32-address.js';
import { BadRequestError } from '../../../http/errors/http-errors.js';
import { acceptedHrps, MAX_ADDRESSES, parseAddressList } from './addresses.js';
import { parseId, parseIdOrHex, parseNodeId, splitList } from './ids.js';

const short = new Uint8Array(20).fill(7);

describe('address lists', () => {
  it('accepts bech32 with or without P-/X-, and 0x only where allowed', () => {
    const plain = formatBech32('local', short);
    const list = `${plain},${formatAddress('P', 'local', short)}, ${formatAddress('X', 'local', new Uint8Array(20).fill(8))}`;
    expect(parseAddressList('addresses', list, ['local'])).toEqual([short, new Uint8Array(20).fill(8)]);
    expect(parseAddressList('addresses', `0x${'07'.repeat(20)}`, ['local'], { evm: true })).toEqual([short]);
    expect(() => parseAddressList('addresses', `0x${'07'.repeat(20)}`, ['local'])).toThrow(BadRequestError);
  });

  it('rejects another network\'s prefix, bad checksums and junk with "Invalid address format"', () => {
    for (const bad of [formatBech32('avax', short), formatBech32('local', short).slice(0, -1) + 'q', 'nonsense', `Z-${formatBech32('local', short)}`, '0x1234']) {
      expect(() => parseAddressList('addresses', bad, ['local'], { evm: true }), bad).toThrow(/^Invalid address format/);
    }
  });

  it('lets an aliased devnet accept the prefix its name implies', () => {
    expect(acceptedHrps('local', 'fuji')).toEqual(['local', 'fuji']);
    expect(acceptedHrps('local', 'local')).toEqual(['local']);
    expect(acceptedHrps('avax', 'mainnet')).toEqual(['avax']);
    expect(parseAddressList('addresses', formatBech32('fuji', short), acceptedHrps('local', 'testnet'))).toEqual([short]);
  });

  it('bounds the list', () => {
    const many = Array.from({ length: MAX_ADDRESSES + 1 }, (_, i) => formatBech32('local', new Uint8Array(20).fill(i))).join(',');
    expect(() => parseAddressList('addresses', many, ['local'])).toThrow(/at most/);
  });
});

describe('ids', () => {
  it('parses cb58 ids, hex ids and node ids, with a 400 naming the parameter otherwise', () => {
    expect(parseId('txHash', '11111111111111111111111111111111LpoYY')).toEqual(new Uint8Array(32));
    expect(parseIdOrHex('l1ValidationId', `0x${'00'.repeat(32)}`)).toEqual(new Uint8Array(32));
    expect(parseNodeId('nodeId', 'NodeID-111111111111111111116DBWJs')).toEqual(new Uint8Array(20));
    expect(() => parseId('txHash', 'abc')).toThrow(/txHash must be/);
    expect(() => parseIdOrHex('x', '0x00')).toThrow(/x must be/);
    expect(() => parseNodeId('nodeId', '111111111111111111116DBWJs')).toThrow(/NodeID-/);
    expect(() => parseNodeId('nodeId', 'NodeID-11111111111111111111111111111111LpoYY')).toThrow(/NodeID-/);
    expect(parseNodeId('nodeId', 'NodeID-11111111111111111111111111111111LpoYY', { anyLength: true })).toHaveLength(32);
  });

  it('splits comma lists', () => {
    expect(splitList(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
  });
});
