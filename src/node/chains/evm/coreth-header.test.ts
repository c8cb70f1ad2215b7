import { describe, it, expect } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import { type CorethHeader, decodeHeader, encodeHeader, headerHash } from './coreth-header.js';

const h32 = (b: number) => { const x = new Uint8Array(32); x[0] = b; return x; };

/** coreth's headerWithNonZeroFields (customtypes/header_ext_test.go), WithdrawalsHash dropped as coreth does. */
function nonZeroHeader(): CorethHeader {
  const bloom = new Uint8Array(256); bloom[0] = 7;
  const coinbase = new Uint8Array(20); coinbase[0] = 3;
  const nonce = new Uint8Array(8); nonce[0] = 15;
  return {
    parentHash: h32(1), uncleHash: h32(2), coinbase, stateRoot: h32(4), txRoot: h32(5), receiptRoot: h32(6), bloom,
    difficulty: 8n, number: 9n, gasLimit: 10n, gasUsed: 11n, timestamp: 12n, extra: new Uint8Array([13]),
    mixHash: h32(14), nonce, extDataHash: h32(21), baseFee: 16n, extDataGasUsed: 22n, blockGasCost: 23n,
    blobGasUsed: 18n, excessBlobGas: 19n, parentBeaconRoot: h32(20), timestampMs: 24n, minDelayExcess: 25n,
  };
}

// Golden vector from coreth's TestHeaderRLP.
const GOLDEN = 'f90236a00100000000000000000000000000000000000000000000000000000000000000a00200000000000000000000000000000000000000000000000000000000000000940300000000000000000000000000000000000000a00400000000000000000000000000000000000000000000000000000000000000a00500000000000000000000000000000000000000000000000000000000000000a00600000000000000000000000000000000000000000000000000000000000000b90100' +
  '07' + '00'.repeat(255) +
  '08090a0b0c0da00e00000000000000000000000000000000000000000000000000000000000000880f00000000000000a015000000000000000000000000000000000000000000000000000000000000001016171213a014000000000000000000000000000000000000000000000000000000000000001819';

describe('coreth header RLP', () => {
  it('matches coreth golden bytes and hash field by field', () => {
    const enc = encodeHeader(nonZeroHeader());
    expect(bytesToHex(enc).slice(2)).toBe(GOLDEN);
    expect(bytesToHex(headerHash(nonZeroHeader()))).toBe('0xbe13d7b6f1242dd87477eee76a46f9fa58311bf459e0d49cac6862b187b3fe9c');
  });

  it('round-trips every field', () => {
    const back = decodeHeader(hexToBytes(GOLDEN));
    expect(back).toEqual(nonZeroHeader());
  });

  it('emits nil for earlier optionals when a later one is set, and omits trailing nils', () => {
    const h = nonZeroHeader();
    delete h.extDataGasUsed; delete h.blockGasCost; delete h.blobGasUsed; delete h.excessBlobGas; delete h.parentBeaconRoot;
    delete h.timestampMs; delete h.minDelayExcess;
    const onlyBaseFee = encodeHeader(h);
    expect(bytesToHex(onlyBaseFee).endsWith('a01500000000000000000000000000000000000000000000000000000000000000' + '10')).toBe(true);
    h.timestampMs = 5n;
    const decoded = decodeHeader(encodeHeader(h));
    expect(decoded.extDataGasUsed).toBe(0n); // nil int decodes as 0, as in Go
    expect(decoded.parentBeaconRoot).toBeUndefined();
    expect(decoded.timestampMs).toBe(5n);
    expect(decoded.minDelayExcess).toBeUndefined();
  });

  it('rejects malformed headers', () => {
    expect(() => decodeHeader(hexToBytes('0xc0'))).toThrow(/header has 0 fields/);
  });
});
