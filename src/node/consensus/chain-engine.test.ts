import { describe, expect, it } from 'vitest';
import { decodeProposerBlock } from '../../codec/proposervm/block.js';
import { buildSelfSignedP256Certificate, p256NativeSigner } from '../../lib/x509/ecdsa-p256-certificate.js';
import { openMemoryStore, utf8, type KvStore } from '../storage/kv.js';
import { ChainEngine } from './chain-engine.js';

const key = new Uint8Array(32).fill(4);
const certificate = buildSelfSignedP256Certificate({ privateKey: key, notBefore: 0, notAfter: 2_000_000_000 });
const signer = p256NativeSigner(key);

const open = (db: KvStore) =>
  ChainEngine.open({
    db, chainAlias: 'P', chainId: new Uint8Array(32).fill(2), genesisId: new Uint8Array(32).fill(1), genesisTimestamp: 10n,
    certificate, sign: (_d, header) => signer(header), pChainHeight: () => 0n,
  });
const inner = (height: bigint, fill: number) => ({ id: new Uint8Array(32).fill(fill), bytes: new Uint8Array([fill, fill]), height, timestamp: 20n });

describe('ChainEngine', () => {
  it('accepts a proposal and its option together: option wraps the proposal, head moves two heights', async () => {
    const db = openMemoryStore();
    const engine = await open(db);
    await engine.accept(inner(1n, 5), []);
    const [proposal, option] = await engine.acceptProposalWithOption(inner(2n, 6), [{ type: 'put', key: utf8('vm/p'), value: new Uint8Array([1]) }], inner(3n, 7), [{ type: 'put', key: utf8('vm/o'), value: new Uint8Array([2]) }]);
    expect(decodeProposerBlock(proposal.bytes).kind).not.toBe('option');
    const decoded = decodeProposerBlock(option.bytes);
    expect(decoded.kind).toBe('option');
    expect(decoded.parentId).toEqual(proposal.id);
    expect(engine.lastAccepted().height).toBe(3n);
    expect(engine.lastAccepted().innerId).toEqual(new Uint8Array(32).fill(7));
    expect(await db.get(utf8('vm/p'))).toBeDefined();
    expect(await db.get(utf8('vm/o'))).toBeDefined();
    // reopened from the store: the same head
    const again = await open(db);
    expect(again.lastAccepted().id).toEqual(option.id);
  });

  it('writes neither block when the batch fails', async () => {
    const db = openMemoryStore();
    const engine = await open(db);
    const failing: KvStore = { ...db, batch: async () => { throw new Error('disk full'); } } as KvStore;
    const broken = await ChainEngine.open({
      db: failing, chainAlias: 'P', chainId: new Uint8Array(32).fill(2), genesisId: new Uint8Array(32).fill(1), genesisTimestamp: 10n,
      certificate, sign: (_d, header) => signer(header), pChainHeight: () => 0n,
    });
    await broken.accept(inner(1n, 5), []).catch(() => undefined);
    await expect(broken.acceptProposalWithOption(inner(1n, 6), [], inner(2n, 7), [])).rejects.toThrow('disk full');
    expect(broken.lastAccepted().height).toBe(0n);
    expect(engine.lastAccepted().height).toBe(0n);
    expect(await (await open(db)).containerAt(1n)).toBeUndefined();
  });
});
