import { describe, expect, it } from 'vitest';
import { ContainerIndex } from '../apis/index/container-index.js';
import { openMemoryStore, utf8 } from '../storage/kv.js';
import { buildSelfSignedP256Certificate, p256SignDigest } from '../../lib/x509/ecdsa-p256-certificate.js';
import { ChainEngine } from './chain-engine.js';

const key = new Uint8Array(32).fill(7);
const certificate = buildSelfSignedP256Certificate({ privateKey: key, notBefore: 0, notAfter: 2_000_000_000 });
const sign = (digest: Uint8Array) => p256SignDigest(key, digest);

const id = (n: number) => new Uint8Array(32).fill(n);

async function setup() {
  const db = openMemoryStore();
  const chainId = id(9);
  const engine = await ChainEngine.open({
    db, chainAlias: 'C', chainId, genesisId: id(0), genesisTimestamp: 1_000n, certificate, sign, pChainHeight: () => 0n,
  });
  const index = await ContainerIndex.open(db, chainId, 'block');
  engine.addSink(index);
  for (let h = 1; h <= 4; h++) {
    await engine.accept({ id: id(h), bytes: utf8(`block ${h}`), height: BigInt(h), timestamp: 1_000n + BigInt(h) }, [{ type: 'put', key: utf8(`vm/${h}`), value: utf8('x') }]);
  }
  return { db, engine, index, chainId };
}

describe('ChainEngine.rewindTo', () => {
  it('forgets the blocks above the height in the engine, the index and the VM batch, and accepts new ones there', async () => {
    const { db, engine, index, chainId } = await setup();
    const heard: bigint[] = [];
    engine.onRewind((_alias, h) => heard.push(h));
    const kept = engine.lastAccepted();
    await engine.rewindTo(2n, id(2), [{ type: 'del', key: utf8('vm/3') }, { type: 'del', key: utf8('vm/4') }]);
    expect(heard).toEqual([2n]);
    expect(engine.lastAccepted().height).toBe(2n);
    expect(engine.lastAccepted().innerId).toEqual(id(2));
    expect(await engine.containerAt(3n)).toBeUndefined();
    expect(await db.get(utf8('vm/3'))).toBeUndefined();
    expect(index.size).toBe(2n);
    expect(await index.isAccepted(kept.id)).toBe(false);

    await engine.accept({ id: id(33), bytes: utf8('block 3b'), height: 3n, timestamp: 1_010n }, []);
    expect(index.size).toBe(3n);
    expect((await index.getLastAccepted())!.id).toEqual(engine.lastAccepted().id);
    // a reopened engine and index agree with what is on disk
    const reopened = await ChainEngine.open({
      db, chainAlias: 'C', chainId, genesisId: id(0), genesisTimestamp: 1_000n, certificate, sign, pChainHeight: () => 0n,
    });
    expect(reopened.lastAccepted().height).toBe(3n);
    expect((await ContainerIndex.open(db, chainId, 'block')).size).toBe(3n);
  });

  it('rewinds to genesis', async () => {
    const { engine, index } = await setup();
    await engine.rewindTo(0n, id(0), []);
    expect(engine.lastAccepted()).toMatchObject({ height: 0n, id: id(0) });
    expect(index.size).toBe(0n);
    await expect(engine.rewindTo(5n, id(5), [])).rejects.toThrow('cannot rewind to height 5');
  });
});
