import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../../../store/registry.js';
import { openTestDatabase, type TestDatabase } from '../../../../store/testing.js';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../../http/errors/http-errors.js';
import { ChainDirectory } from '../../chains/chain-directory.js';
import type { DataApiContext } from '../../index.js';
import { cb58 } from '../wire/format.js';
import { resolveBlockchainId } from './blockchain-id.js';
import { requirePChain, resolveNetwork } from './resolve-network.js';
import { StakingClock } from '../routes/staking-clock.js';

const id = (b: number) => new Uint8Array(32).fill(b);
const FUJI_X = '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm';
const MAINNET_X = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';

describe('network and blockchainId parameters', () => {
  let t: TestDatabase;
  let ctx: DataApiContext;
  let P: ChainRef;
  let X: ChainRef;
  let C: ChainRef;

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: id(0xaa) });
    P = await ensureChain(t.db, { network, blockchainId: id(0), subnetId: id(0), vm: 'platform', name: 'P' });
    X = await ensureChain(t.db, { network, blockchainId: id(0x58), subnetId: id(0), vm: 'avm', name: 'X' });
    C = await ensureChain(t.db, { network, blockchainId: id(0x43), subnetId: id(0), vm: 'evm', evmChainId: 43112n, name: 'C' });
    await ensureChain(t.db, { network, blockchainId: id(0x44), subnetId: id(0x15), vm: 'evm', evmChainId: 777n, name: 'L1' });
    // P and C are indexed; X has no block yet.
    for (const chain of [P, C]) await t.db.query(`INSERT INTO checkpoints (chain, stream, height, block_hash) VALUES ($1, 'blocks', 1, $2)`, [chain.id, Buffer.alloc(32)]);
    ctx = { db: t.db, chains: new ChainDirectory(t.db, { networkAliases: { fuji: 'local' } }), presentation: {}, now: Date.now, stakingClock: new StakingClock(t.db) };
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('resolves indexed names and aliases, and shows the real service\'s names in chainInfo', async () => {
    const local = await resolveNetwork(ctx, 'local');
    expect([local.network.name, local.wireName, local.primary.P?.id, local.primary.X?.id, local.primary.C?.id]).toEqual(['local', 'testnet', P.id, X.id, C.id]);
    expect((await resolveNetwork(ctx, 'fuji')).wireName).toBe('fuji');
    expect((await resolveNetwork(ctx, 'testnet')).network.name).toBe('local');
  });

  it('answers 404 for a real network not indexed here and 400 for a name that is no network', async () => {
    await expect(resolveNetwork(ctx, 'mainnet')).rejects.toBeInstanceOf(NotFoundError);
    await expect(resolveNetwork(ctx, 'mainnet')).rejects.toThrow(/indexes local/);
    await expect(resolveNetwork(ctx, 'nosuchnet')).rejects.toBeInstanceOf(BadRequestError);
    await expect(resolveNetwork(ctx, 'nosuchnet')).rejects.toThrow(/mainnet, fuji, testnet, local/);
  });

  it('accepts aliases, the chains\' own ids and, under an aliased name, that network\'s published ids', async () => {
    const net = await resolveNetwork(ctx, 'fuji');
    expect((await resolveBlockchainId(ctx, net, 'p-chain')).chain.id).toBe(P.id);
    expect((await resolveBlockchainId(ctx, net, 'C-Chain')).chainName).toBe('c-chain');
    expect((await resolveBlockchainId(ctx, net, cb58(id(0x43)))).chain.id).toBe(C.id);
    expect((await resolveBlockchainId(ctx, net, '11111111111111111111111111111111LpoYY')).role).toBe('P');
    await expect(resolveBlockchainId(ctx, net, FUJI_X)).rejects.toBeInstanceOf(ServiceUnavailableError);
    const local = await resolveNetwork(ctx, 'local');
    await expect(resolveBlockchainId(ctx, local, FUJI_X)).rejects.toBeInstanceOf(BadRequestError);
    await expect(resolveBlockchainId(ctx, net, MAINNET_X)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('refuses other chains with the accepted values, and answers 503 for a chain with no indexed block', async () => {
    const net = await resolveNetwork(ctx, 'local');
    await expect(resolveBlockchainId(ctx, net, cb58(id(0x44)))).rejects.toThrow(/must be one of the following values: p-chain, 11111111111111111111111111111111LpoYY, x-chain/);
    await expect(resolveBlockchainId(ctx, net, 'c-chain', ['X'])).rejects.toThrow(`blockchainId must be one of the following values: x-chain, ${cb58(id(0x58))}`);
    await expect(resolveBlockchainId(ctx, net, 'x-chain')).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(resolveBlockchainId(ctx, net, 'nonsense')).rejects.toBeInstanceOf(BadRequestError);
    expect((await requirePChain(ctx, net)).id).toBe(P.id);
  });
});
