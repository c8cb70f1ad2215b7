import { describe, expect, it } from 'vitest';
import { decodeAvmStandardBlock, encodeAvmStandardBlock } from '../../../codec/avm/blocks.js';
import { decodeHexWithChecksum } from '../../../codec/container/checksum-hex.js';
import { fuzzDecoder } from '../../../codec/container/fuzz.fixtures.js';
import { decodePlatformBlock, encodePlatformBlock, platformBlockTxs } from '../../../codec/platformvm/blocks.js';
import { avalanchejsPTxCatalog, pRewardValidatorTx } from '../../../codec/platformvm/test-txs.fixtures.js';
import { loadFixture } from '../../../../test/fixtures/avalanchego/fake-node.js';
import { parseAvmBlock } from '../avm/avm-block.js';
import { avmTxCatalog, propertyTxBytes } from '../avm/avm-txs.fixtures.js';
import { parsePlatformBlock } from './platform-block.js';

const inner = (name: string) => Object.values(loadFixture(name).getBlockByHeight).map((b) => decodeHexWithChecksum(b.block));

describe('one-pass block parsers agree with src/codec', () => {
  it('P-chain: every block kind, every tx type', () => {
    const catalog = avalanchejsPTxCatalog().map((c) => c.bytes);
    const blocks = [
      ...inner('p-chain.avalanchego.json'), ...inner('p-chain-pre-apricot4.avalanchego.json'),
      encodePlatformBlock({ type: 'banff-standard', time: 5n, parentId: new Uint8Array(32).fill(1), height: 9n, txs: catalog }).bytes,
      encodePlatformBlock({ type: 'banff-proposal', time: 6n, decisionTxs: catalog.slice(0, 3), parentId: new Uint8Array(32).fill(2), height: 10n, tx: pRewardValidatorTx(new Uint8Array(32).fill(3)) }).bytes,
    ];
    for (const bytes of blocks) {
      const ours = parsePlatformBlock(bytes);
      const theirs = decodePlatformBlock(bytes);
      expect({ id: ours.id, type: ours.type, parentId: ours.parentId, height: ours.height, time: ours.time }).toEqual(
        { id: theirs.id, type: theirs.type, parentId: theirs.parentId, height: theirs.height, time: 'time' in theirs ? theirs.time : undefined });
      expect(ours.txs.map((t) => t.bytes)).toEqual(platformBlockTxs(theirs));
    }
    fuzzDecoder(parsePlatformBlock, blocks.slice(0, 4), 600, 9);
  });

  it('X-chain: StandardBlocks, and propertyfx txs src/codec cannot measure', () => {
    const built = encodeAvmStandardBlock({ parentId: new Uint8Array(32).fill(4), height: 3n, time: 7n, txs: avmTxCatalog().map(([, b]) => b) }).bytes;
    for (const bytes of [...inner('x-chain.avalanchego.json'), built]) {
      const ours = parseAvmBlock(bytes);
      const theirs = decodeAvmStandardBlock(bytes);
      expect({ id: ours.id, parentId: ours.parentId, height: ours.height, time: ours.time }).toEqual({ id: theirs.id, parentId: theirs.parentId, height: theirs.height, time: theirs.time });
      expect(ours.txs.map((t) => t.bytes)).toEqual(theirs.txs);
    }
    const property = encodeAvmStandardBlock({ parentId: new Uint8Array(32), height: 4n, time: 8n, txs: [propertyTxBytes()] }).bytes;
    expect(() => decodeAvmStandardBlock(property)).toThrow();
    expect(parseAvmBlock(property).txs[0]!.unsigned.type).toBe('OperationTx');
    fuzzDecoder(parseAvmBlock, [built], 600, 13);
  });
});
