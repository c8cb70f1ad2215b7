import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture, startFakeNode, type FakeNode } from '../../../../test/fixtures/avalanchego/fake-node.js';
import { decodePlatformContainer, type DecodedPlatformContainer } from '../../decode/platform/platform-container.js';
import { decodeAvmContainer } from '../../decode/avm/avm-container.js';
import { NodeBlockSource } from './node-block-source.js';
import { parseContainerRange, parseNodeTime } from './index-api-json.js';
import { decodeNodeHex } from './container-bytes.js';
import { sha256 } from '../../../lib/hash.js';

let node: FakeNode | undefined;
afterEach(async () => {
  await node?.close();
  node = undefined;
});

const pSource = (url: string, mode?: 'auto' | 'index' | 'by-height') =>
  new NodeBlockSource<DecodedPlatformContainer>({ nodeUrl: url, chainAlias: 'P', service: 'platform', decode: decodePlatformContainer, ...(mode ? { mode } : {}), rpc: { retries: 0 } });
const summary = (blocks: { block: DecodedPlatformContainer; acceptedAt?: bigint }[]) => blocks.map((b) => [b.block.height, Buffer.from(b.block.blockId).toString('hex'), b.block.txs.length]);

describe('NodeBlockSource', () => {
  it('reads AvalancheGo\'s {containers} with checksums and the seed\'s bare array alike', async () => {
    node = await startFakeNode(loadFixture('p-chain.avalanchego.json'));
    const real = await pSource(node.url).blocks(1n, 8n);
    expect(await pSource(node.url).usesIndex()).toBe(true);
    expect(node.calls.filter((c) => c.method === 'index.getContainerRange')).toHaveLength(1);
    expect(real.map((b) => b.block.proposer?.kind)).toEqual(['post-fork', 'granite', 'post-fork', 'option', 'post-fork', 'post-fork', 'post-fork', 'option']);
    expect(real[0]!.acceptedAt).toBe(1_714_557_610n);
    await node.close();
    node = await startFakeNode(loadFixture('p-chain.seed.json'));
    const seed = await pSource(node.url).blocks(1n, 8n);
    expect(summary(seed)).toEqual(summary(real));
    expect(seed.map((b) => b.block.size)).toEqual(real.map((b) => b.block.size));
  });

  it('falls back to getBlockByHeight without an index API, and reads the same blocks without their wrappers', async () => {
    node = await startFakeNode(loadFixture('p-chain.avalanchego.json'), { noIndex: true });
    const source = pSource(node.url);
    expect(await source.lastAcceptedHeight()).toBe(8n);
    const blocks = await source.blocks(2n, 5n);
    expect(await source.usesIndex()).toBe(false);
    expect(blocks.map((b) => [b.block.height, b.block.proposer])).toEqual([[2n, undefined], [3n, undefined], [4n, undefined], [5n, undefined]]);
    expect(node.calls.filter((c) => c.method === 'platform.getBlockByHeight')).toHaveLength(4);
    expect(source.description).toMatch(/getBlockByHeight/);
    await expect(pSource(node.url, 'index').blocks(1n, 1n)).rejects.toThrow();
  });

  it('maps heights to index positions by the first container, reading earlier heights by height', async () => {
    node = await startFakeNode(loadFixture('p-chain.avalanchego.json'), { indexFrom: 3 });
    const blocks = await pSource(node.url).blocks(2n, 7n);
    expect(blocks.map((b) => [b.block.height, b.block.proposer !== undefined])).toEqual([[2n, false], [3n, false], [4n, true], [5n, true], [6n, true], [7n, true]]);
    const range = node.calls.find((c) => c.method === 'index.getContainerRange');
    expect(range?.params).toMatchObject({ startIndex: '0', numToFetch: 4 });
  });

  it('reads by height while the index is still empty, and refuses blocks that are not accepted', async () => {
    node = await startFakeNode(loadFixture('p-chain.avalanchego.json'), { accepted: 0 });
    await expect(pSource(node.url).blocks(1n, 1n)).rejects.toThrow(/not found/);
    node.setAccepted(2);
    expect((await pSource(node.url).blocks(1n, 2n)).map((b) => b.block.proposer?.kind)).toEqual(['post-fork', 'granite']);
    await expect(pSource(node.url).blocks(2n, 3n)).rejects.toThrow(/start index|containers for heights/);
  });

  it('reads X-chain blocks', async () => {
    node = await startFakeNode(loadFixture('x-chain.avalanchego.json'));
    const source = new NodeBlockSource({ nodeUrl: node.url, chainAlias: 'X', service: 'avm', decode: decodeAvmContainer, rpc: { retries: 0 } });
    expect((await source.blocks(1n, 3n)).map((b) => b.block.txs.length)).toEqual([2, 1, 1]);
  });
});

describe('index API wire forms', () => {
  it('parses both result shapes and RFC 3339 times in any zone', () => {
    expect(parseContainerRange(null)).toEqual([]);
    expect(parseContainerRange([{ bytes: '0x00' }])).toEqual([{ bytes: '0x00' }]);
    expect(parseContainerRange({ containers: [{ bytes: '0x01' }] })).toEqual([{ bytes: '0x01' }]);
    expect(() => parseContainerRange({ other: 1 })).toThrow();
    expect(parseNodeTime('2021-04-02T15:34:00.262979-07:00')).toBe(BigInt(Date.UTC(2021, 3, 2, 22, 34, 0) / 1000));
    expect(parseNodeTime('2024-05-01T10:00:00Z')).toBe(1_714_557_600n);
    expect(parseNodeTime('yesterday')).toBeUndefined();
  });

  it('strips a checksum only when it is one, and lets the id decide', () => {
    const payload = new Uint8Array([1, 2, 3, 4, 5]);
    const checked = '0x0102030405' + Buffer.from(sha256(payload).subarray(28)).toString('hex');
    expect(decodeNodeHex(checked, (b) => b)).toEqual(payload);
    expect(decodeNodeHex('0x0102030405', (b) => b)).toEqual(payload);
    // A payload whose last 4 bytes happen to look like a checksum is kept whole when the id says so.
    expect(decodeNodeHex(checked, (b) => b, (b) => b.length === 9)).toHaveLength(9);
  });
});
