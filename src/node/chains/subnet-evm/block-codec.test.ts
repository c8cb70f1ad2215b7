import { createBlockHeader } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, EMPTY_UNCLE_HASH } from '../evm/coreth-block.js';
import type { CorethHeader } from '../evm/coreth-header.js';
import { SUBNET_EVM_BLOCK_CODEC, subnetHeaderFields } from './block-codec.js';

function header(over: Partial<CorethHeader> = {}): CorethHeader {
  return {
    parentHash: new Uint8Array(32).fill(1), uncleHash: EMPTY_UNCLE_HASH, coinbase: new Uint8Array(20).fill(2), stateRoot: new Uint8Array(32).fill(3),
    txRoot: EMPTY_ROOT, receiptRoot: EMPTY_ROOT, bloom: new Uint8Array(256), difficulty: 1n, number: 7n, gasLimit: 8_000_000n, gasUsed: 21_000n,
    timestamp: 1_700_000_000n, extra: new Uint8Array(80).fill(9), mixHash: new Uint8Array(32), nonce: new Uint8Array(8), extDataHash: new Uint8Array(32),
    baseFee: 25_000_000_000n, ...over,
  };
}

describe('subnet-EVM block codec', () => {
  it('hashes a header with only BaseFee as geth hashes a London header', () => {
    const h = header();
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.London });
    const eth = createBlockHeader({
      parentHash: h.parentHash, uncleHash: h.uncleHash, coinbase: h.coinbase, stateRoot: h.stateRoot, transactionsTrie: h.txRoot,
      receiptTrie: h.receiptRoot, logsBloom: h.bloom, difficulty: h.difficulty, number: h.number, gasLimit: h.gasLimit, gasUsed: h.gasUsed,
      timestamp: h.timestamp, extraData: h.extra, mixHash: h.mixHash, nonce: h.nonce, baseFeePerGas: h.baseFee,
    }, { common, skipConsensusFormatValidation: true });
    expect(Buffer.from(SUBNET_EVM_BLOCK_CODEC.headerHash(h))).toEqual(Buffer.from(eth.hash()));
  });

  it('writes no ExtDataHash, and nil optionals before a set one as empty strings', () => {
    const h = header({ baseFee: undefined, timestampMs: 1_700_000_000_500n });
    const fields = subnetHeaderFields(h);
    // 15 geth fields, then BaseFee…TimeMilliseconds: 6 optionals, the first five nil
    expect(fields).toHaveLength(21);
    expect(fields.slice(15, 20).every((f) => f.length === 0)).toBe(true);
    expect(subnetHeaderFields(header({ baseFee: undefined }))).toHaveLength(15);
  });

  it('round-trips a Granite block as [header, txs, uncles]', () => {
    const h = header({
      blockGasCost: 0n, blobGasUsed: 0n, excessBlobGas: 0n, parentBeaconRoot: new Uint8Array(32), timestampMs: 1_700_000_000_250n, minDelayExcess: 7_970_124n,
    });
    const legacyTx = RLP.encode([new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])]);
    const typedTx = new Uint8Array([2, 0xc1, 0x80]);
    const bytes = SUBNET_EVM_BLOCK_CODEC.encode({ header: h, txs: [legacyTx, typedTx], uncles: [], version: 0, extData: new Uint8Array(0) });
    expect((RLP.decode(bytes) as unknown[]).length).toBe(3);
    const back = SUBNET_EVM_BLOCK_CODEC.decode(bytes);
    expect(back.header).toEqual(h);
    expect(back.txs).toEqual([legacyTx, typedTx]);
    expect(SUBNET_EVM_BLOCK_CODEC.headerHash(back.header)).toEqual(SUBNET_EVM_BLOCK_CODEC.headerHash(h));
    expect(() => SUBNET_EVM_BLOCK_CODEC.decode(RLP.encode([subnetHeaderFields(h), [], [], new Uint8Array(0), new Uint8Array(0)]))).toThrow('expected block list of 3 items');
  });

  it('decodes byte fields as views of the block, a long legacy tx and an uncle included, and refuses malformed ones', () => {
    const h = header({ blockGasCost: 0n });
    const longLegacy = RLP.encode([new Uint8Array([1]), new Uint8Array(100).fill(7), new Uint8Array(32).fill(3)]);
    const typedTx = Uint8Array.of(2, ...RLP.encode([new Uint8Array(60).fill(5)]));
    const block = { header: h, txs: [longLegacy, typedTx], uncles: [header({ baseFee: undefined })], version: 0, extData: new Uint8Array(0) };
    const bytes = SUBNET_EVM_BLOCK_CODEC.encode(block);
    const back = SUBNET_EVM_BLOCK_CODEC.decode(bytes);
    expect(back).toEqual(block);
    for (const field of [back.header.parentHash, back.txs[0]!, back.txs[1]!]) expect(field.buffer).toBe(bytes.buffer);
    expect(() => SUBNET_EVM_BLOCK_CODEC.decode(RLP.encode([new Uint8Array(1), [], []]))).toThrow(/malformed/);
    expect(() => SUBNET_EVM_BLOCK_CODEC.decode(RLP.encode([subnetHeaderFields(h), [], [new Uint8Array(1)]]))).toThrow(/malformed/);
  });
});
