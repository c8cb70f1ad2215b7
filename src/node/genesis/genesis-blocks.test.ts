import { describe, it, expect } from 'vitest';
import { LinearReader } from '../../codec/linear/reader.js';
import { sha256 } from '../../lib/hash.js';
import { platformGenesisBlock, xChainGenesisBlock } from './genesis-blocks.js';

describe('genesis blocks', () => {
  it('P: ApricotCommitBlock at height 0 on sha256(genesis)', () => {
    const genesisBytes = new TextEncoder().encode('genesis');
    const block = platformGenesisBlock(genesisBytes);
    const r = new LinearReader(block.bytes);
    expect([r.u16(), r.u32()]).toEqual([0, 2]);
    expect(r.fixed(32)).toEqual(sha256(genesisBytes));
    expect(r.u64()).toBe(0n);
    r.end();
    expect(block.id).toEqual(sha256(block.bytes));
  });

  it('X: StandardBlock on the generated stop vertex', () => {
    const chainId = sha256(new TextEncoder().encode('x'));
    const block = xChainGenesisBlock(chainId, 1607144400n);
    const v = new LinearReader(block.stopVertex.bytes);
    expect(v.u16()).toBe(1);
    expect(v.fixed(32)).toEqual(chainId);
    expect(v.u64()).toBe(0n);
    expect(v.u32()).toBe(0);
    v.end();
    const r = new LinearReader(block.bytes);
    expect([r.u16(), r.u32()]).toEqual([0, 20]);
    expect(r.fixed(32)).toEqual(block.stopVertex.id);
    expect([r.u64(), r.u64()]).toEqual([0n, 1607144400n]);
    expect(r.fixed(32)).toEqual(new Uint8Array(32));
    expect(r.u32()).toBe(0);
    r.end();
    expect(block.id).toEqual(sha256(block.bytes));
  });
});
