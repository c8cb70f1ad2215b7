import { describe, it, expect } from 'vitest';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import { type CorethHeader, headerFields } from './coreth-header.js';

const headerFieldsOf = (b: CorethBlock) => headerFields(b.header) as Uint8Array[];
import { type CorethBlock, decodeBlock, encodeBlock, EMPTY_ROOT, EMPTY_UNCLE_HASH, extDataHash } from './coreth-block.js';

const zero = (n: number) => new Uint8Array(n);
const h32 = (b: number) => { const x = new Uint8Array(32); x[0] = b; return x; };
function bare(over: Partial<CorethHeader>): CorethHeader {
  return {
    parentHash: zero(32), uncleHash: zero(32), coinbase: zero(20), stateRoot: zero(32), txRoot: zero(32), receiptRoot: zero(32),
    bloom: zero(256), difficulty: 0n, number: 0n, gasLimit: 0n, gasUsed: 0n, timestamp: 0n, extra: zero(0), mixHash: zero(32),
    nonce: zero(8), extDataHash: zero(32), ...over,
  };
}

// coreth's blockWithNonZeroFields (customtypes/block_ext_test.go, TestBlockExtraRLP golden data).
const BLOOM0 = '00'.repeat(256);
const GOLDEN = 'f90446f9020ea00100000000000000000000000000000000000000000000000000000000000000a008539331084089cedbaf7771d0f5f69847f246e0676e4d96091a49c53c89360b940000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000b90100' + BLOOM0 +
  '808080808080a00000000000000000000000000000000000000000000000000000000000000000880000000000000000a00200000000000000000000000000000000000000000000000000000000000000dedd0105049402000000000000000000000000000000000000000306808080f90211f9020ea00900000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000940000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000b90100' + BLOOM0 +
  '070880808080a00000000000000000000000000000000000000000000000000000000000000000880000000000000000a00a000000000000000000000000000000000000000000000000000000000000000d0e';

describe('coreth block RLP', () => {
  const legacyTx = RLP.encode([hexToBytes('0x01'), hexToBytes('0x05'), hexToBytes('0x04'), hexToBytes('0x' + '02' + '00'.repeat(19)), hexToBytes('0x03'), hexToBytes('0x06'), zero(0), zero(0), zero(0)]);
  const block: CorethBlock = {
    header: bare({ parentHash: h32(1), uncleHash: hexToBytes('0x08539331084089cedbaf7771d0f5f69847f246e0676e4d96091a49c53c89360b'), extDataHash: h32(2) }),
    txs: [legacyTx],
    uncles: [bare({ parentHash: h32(9), difficulty: 7n, number: 8n, extDataHash: h32(10) })],
    version: 13,
    extData: new Uint8Array([14]),
  };

  it('matches coreth golden bytes', () => {
    expect(bytesToHex(encodeBlock(block)).slice(2)).toBe(GOLDEN);
  });

  it('round-trips header, txs, uncles, version and extData', () => {
    const back = decodeBlock(hexToBytes(GOLDEN));
    expect(back).toEqual(block);
    const typed = { ...block, txs: [new Uint8Array([2, 0xc1, 0x80])], version: 0, extData: zero(0) };
    expect(decodeBlock(encodeBlock(typed))).toEqual(typed);
  });

  it('decodes every byte field as a view of the block, long legacy txs and typed ones included', () => {
    const longLegacy = RLP.encode([hexToBytes('0x01'), hexToBytes('0x05'), hexToBytes('0x5208'), new Uint8Array(20).fill(2), hexToBytes('0x03'), new Uint8Array(100).fill(7), hexToBytes('0x1b'), h32(3), h32(4)]);
    const typed = Uint8Array.of(2, ...RLP.encode([hexToBytes('0xa869'), hexToBytes('0x01')]));
    const withTxs: CorethBlock = { ...block, txs: [legacyTx, longLegacy, typed], extData: new Uint8Array(70).fill(9) };
    const bytes = encodeBlock(withTxs);
    const back = decodeBlock(bytes);
    expect(back).toEqual(withTxs);
    for (const field of [back.header.parentHash, back.header.bloom, back.txs[1]!, back.txs[2]!, back.extData]) expect(field.buffer).toBe(bytes.buffer);
  });

  it('refuses a block that is not one', () => {
    expect(() => decodeBlock(RLP.encode([[], [], []]))).toThrow(/5 items/);
    expect(() => decodeBlock(RLP.encode([zero(1), [], [], zero(0), zero(0)]))).toThrow(/malformed/);
    expect(() => decodeBlock(RLP.encode([headerFieldsOf(block), [], [], zero(5), zero(0)]))).toThrow(/uint32/);
    expect(() => decodeBlock(RLP.encode([headerFieldsOf(block), [], [], zero(0), []]))).toThrow(/extData/);
    expect(() => decodeBlock(RLP.encode([[...headerFieldsOf(block).slice(0, 15), []], [], [], zero(0), zero(0)]))).toThrow(/byte string/);
  });

  it('knows the empty hashes', () => {
    expect(bytesToHex(EMPTY_ROOT)).toBe('0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421');
    expect(bytesToHex(extDataHash(zero(0)))).toBe('0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421');
    expect(bytesToHex(EMPTY_UNCLE_HASH)).toBe('0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347');
  });
});
