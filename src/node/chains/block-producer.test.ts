import { describe, expect, it } from 'vitest';
import { decodeAvmStandardBlock } from '../../codec/avm/blocks.js';
import { decodePlatformBlock } from '../../codec/platformvm/blocks.js';
import { pBaseTx } from '../../codec/platformvm/test-txs.fixtures.js';
import { decodeProposerBlock } from '../../codec/proposervm/block.js';
import { verifyProposerBlock } from '../../codec/proposervm/staking-signature.js';
import { Mutex } from '../../lib/mutex.js';
import { buildSelfSignedP256Certificate, p256SignDigest } from '../../lib/x509/ecdsa-p256-certificate.js';
import { ContainerIndex } from '../apis/index/container-index.js';
import { ChainEngine } from '../consensus/chain-engine.js';
import { openMemoryStore } from '../storage/kv.js';
import { AvmChain } from './avm/avm-chain.js';
import { PlatformChain } from './platform/platform-chain.js';

const key = new Uint8Array(32).fill(9);
const certificate = buildSelfSignedP256Certificate({ privateKey: key, notBefore: 0, notAfter: 2_000_000_000 });

async function engineFor(db = openMemoryStore(), chainId = new Uint8Array(32).fill(3)) {
  const engine = await ChainEngine.open({
    db, chainAlias: 'P', chainId, genesisId: new Uint8Array(32).fill(1), genesisTimestamp: 100n, certificate,
    sign: (digest) => p256SignDigest(key, digest), pChainHeight: () => 0n,
  });
  const index = await ContainerIndex.open(db, chainId, 'block');
  engine.addSink(index);
  return { db, engine, index, chainId };
}

describe('P- and X-chain block production', () => {
  it('builds Banff standard blocks that carry the txs, wrapped in proposervm and indexed', async () => {
    const { engine, index, chainId } = await engineFor();
    let now = 50n; // behind the genesis time: timestamps must not go backwards
    const p = new PlatformChain(engine, new Mutex('block-building/P'), () => now);
    const first = await p.buildStandardBlock([pBaseTx('one')]);
    now = 200n;
    const second = await p.buildStandardBlock([pBaseTx('two'), pBaseTx('three')]);
    expect(p.height).toBe(2n);

    const outer1 = decodeProposerBlock(first.bytes);
    expect(outer1.certificate!.length).toBe(0); // first block after the pre-fork genesis is unsigned
    const inner1 = decodePlatformBlock(outer1.inner);
    expect(inner1).toMatchObject({ type: 'banff-standard', height: 1n, time: 100n });
    expect(inner1.parentId).toEqual(new Uint8Array(32).fill(1));

    const outer2 = decodeProposerBlock(second.bytes);
    verifyProposerBlock(outer2, chainId);
    expect(outer2.parentId).toEqual(first.id);
    const inner2 = decodePlatformBlock(outer2.inner);
    expect(inner2.type === 'banff-standard' && inner2.txs.length).toBe(2);
    expect(inner2.parentId).toEqual(inner1.id);
    expect(inner2).toMatchObject({ height: 2n, time: 200n });

    expect(index.size).toBe(2n);
    expect((await index.getByIndex(1n))!.id).toEqual(second.id);
    expect((await engine.containerAt(2n))!.bytes).toEqual(second.bytes);
  });

  it('builds X-chain standard blocks the same way', async () => {
    const { engine } = await engineFor();
    const x = new AvmChain(engine, new Mutex('block-building/X'), () => 300n);
    const c = await x.buildStandardBlock([]);
    const inner = decodeAvmStandardBlock(decodeProposerBlock(c.bytes).inner);
    expect(inner).toMatchObject({ height: 1n, time: 300n, txs: [] });
  });

  it('serializes concurrent producers into consecutive heights', async () => {
    const { engine } = await engineFor();
    const p = new PlatformChain(engine, new Mutex('block-building/P'), () => 500n);
    const made = await Promise.all([1, 2, 3, 4].map((i) => p.buildStandardBlock([pBaseTx(String(i))])));
    expect(made.map((c) => c.height)).toEqual([1n, 2n, 3n, 4n]);
  });
});
