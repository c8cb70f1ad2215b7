import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../../codec/container/checksum-hex.js';
import { idFromString } from '../../../lib/cb58.js';
import { ripemd160, sha256 } from '../../../lib/hash.js';
import { fuzzDecoder } from '../../../codec/container/fuzz.fixtures.js';
import { loadFixture } from '../../../../test/fixtures/avalanchego/fake-node.js';
import { STAKING_CERT } from '../../../../test/fixtures/avalanchego/generate.js';
import { decodeAvmContainer } from '../avm/avm-container.js';
import { decodePlatformContainer } from './platform-container.js';

type Wire = { id: string; bytes: string };
const containers = (name: string): Wire[] => (loadFixture(name).getContainerRange as { containers: Wire[] }).containers;

describe('P-chain containers', () => {
  it('unwraps every proposervm kind and reads the block inside', () => {
    const blocks = containers('p-chain.avalanchego.json').map((c) => ({ wire: c, block: decodePlatformContainer(decodeHexWithChecksum(c.bytes)) }));
    expect(blocks.map((b) => [b.block.height, b.block.blockType, b.block.proposer?.kind, b.block.txs.length])).toEqual([
      [1n, 'banff-standard', 'post-fork', 2], [2n, 'banff-standard', 'granite', 2], [3n, 'banff-proposal', 'post-fork', 2], [4n, 'banff-commit', 'option', 0],
      [5n, 'banff-standard', 'post-fork', 3], [6n, 'banff-standard', 'post-fork', 4], [7n, 'banff-proposal', 'post-fork', 1], [8n, 'banff-abort', 'option', 0],
    ]);
    for (const { wire, block } of blocks) expect(block.id).toEqual(idFromString(wire.id));
    // Outer ids chain through the proposervm parents, inner ids through the VM's parents.
    for (let i = 1; i < blocks.length; i++) {
      expect(blocks[i]!.block.proposer!.parentId).toEqual(blocks[i - 1]!.block.id);
      expect(blocks[i]!.block.parentId).toEqual(blocks[i - 1]!.block.blockId);
    }
    const signed = blocks[2]!.block.proposer!;
    expect(signed.nodeId).toEqual(ripemd160(sha256(STAKING_CERT)));
    expect(signed).toMatchObject({ pChainHeight: 2n, timestamp: blocks[2]!.block.time });
    expect(blocks[0]!.block.proposer!.nodeId).toBeUndefined();
    expect(blocks[3]!.block.proposer).toMatchObject({ kind: 'option' });
    expect(blocks[3]!.block.proposer!.timestamp).toBeUndefined();
    expect(blocks[2]!.block.txs.map((t) => t.unsigned.type)).toEqual(['ImportTx', 'RewardValidatorTx']);
    expect(blocks[0]!.block.size).toBe(decodeHexWithChecksum(blocks[0]!.wire.bytes).length);
    expect(blocks[0]!.block.innerSize).toBeLessThan(blocks[0]!.block.size);
  });

  it('reads bare Apricot blocks from before ApricotPhase4, whose type ids overlap proposervm ones', () => {
    const blocks = containers('p-chain-pre-apricot4.avalanchego.json').map((c) => decodePlatformContainer(decodeHexWithChecksum(c.bytes)));
    expect(blocks.map((b) => [b.height, b.blockType, b.proposer, b.time])).toEqual([
      [1n, 'apricot-standard', undefined, undefined], [2n, 'apricot-proposal', undefined, undefined], [3n, 'apricot-commit', undefined, undefined],
      [4n, 'apricot-atomic', undefined, undefined], [5n, 'apricot-proposal', undefined, undefined], [6n, 'apricot-abort', undefined, undefined],
    ]);
    for (const b of blocks) expect(b.id).toEqual(b.blockId);
    expect(blocks[1]!.txs[0]!.unsigned).toMatchObject({ type: 'AdvanceTimeTx' });
    expect(blocks[4]!.txs[0]!.unsigned.type).toBe('AddValidatorTx');
  });

  it('rejects garbage with errors only', () => {
    const seeds = containers('p-chain.avalanchego.json').map((c) => decodeHexWithChecksum(c.bytes));
    fuzzDecoder(decodePlatformContainer, seeds.slice(0, 3), 300, 3);
  });
});

describe('X-chain containers', () => {
  it('unwraps signed proposervm blocks around StandardBlocks', () => {
    const blocks = containers('x-chain.avalanchego.json').map((c) => ({ wire: c, block: decodeAvmContainer(decodeHexWithChecksum(c.bytes)) }));
    expect(blocks.map((b) => [b.block.height, b.block.blockType, b.block.txs.map((t) => t.unsigned.type)])).toEqual([
      [1n, 'StandardBlock', ['BaseTx', 'CreateAssetTx']], [2n, 'StandardBlock', ['ExportTx']], [3n, 'StandardBlock', ['ImportTx']],
    ]);
    for (const { wire, block } of blocks) {
      expect(block.id).toEqual(idFromString(wire.id));
      expect(block.proposer?.nodeId).toEqual(ripemd160(sha256(STAKING_CERT)));
    }
    const bare = decodeAvmContainer(decodeHexWithChecksum(loadFixture('x-chain.avalanchego.json').getBlockByHeight['2']!.block));
    expect(bare.proposer).toBeUndefined();
    expect(bare.blockId).toEqual(blocks[1]!.block.blockId);
    expect(bare.id).toEqual(bare.blockId);
  });
});
