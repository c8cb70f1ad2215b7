import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToString } from '../../../lib/cb58.js';
import { advanceCheckpoint } from '../../../store/checkpoints.js';
import type { Queryable } from '../../../store/database/database.js';
import { bytesOf, twoEvmChains } from '../../../store/queries/evm-api/evm-api-queries.fixtures.js';
import { ensureChain, ensureNetwork } from '../../../store/registry.js';
import { openTestDatabase, type TestDatabase } from '../../../store/testing.js';
import { ChainDirectory, isCChain } from './chain-directory.js';

describe('ChainDirectory', () => {
  let t: TestDatabase;
  let chains: Awaited<ReturnType<typeof twoEvmChains>>;
  const clock = { t: 1_000_000 };

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    chains = await twoEvmChains(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('names networks: indexed names, aliases, testnet as fuji', async () => {
    const plain = new ChainDirectory(t.db);
    expect((await plain.network('local'))?.name).toBe('local');
    expect(await plain.network('fuji')).toBeUndefined();
    expect(await plain.networkParam('mainnet')).toBeUndefined();
    await expect(plain.networkParam('moon')).rejects.toMatchObject({ statusCode: 400, messages: ['network must be one of the following values: mainnet, fuji, testnet, local'] });

    const aliased = new ChainDirectory(t.db, { networkAliases: { fuji: 'local' } });
    expect((await aliased.network('fuji'))?.name).toBe('local');
    expect((await aliased.network('testnet'))?.name).toBe('local');
    expect(await aliased.networkNames()).toEqual(['mainnet', 'fuji', 'testnet', 'local']);
  });

  it('resolves EVM chain ids and blockchain ids of EVM chains only', async () => {
    const d = new ChainDirectory(t.db);
    expect((await d.evmChain('43112')).id).toBe(chains.c.id);
    expect((await d.evmChain(idToString(chains.l1.blockchainId))).id).toBe(chains.l1.id);
    await expect(d.evmChain('1')).rejects.toMatchObject({ statusCode: 404 });
    await expect(d.evmChain(idToString(chains.p.blockchainId))).rejects.toMatchObject({ statusCode: 404 });
    await expect(d.evmChain('0x1')).rejects.toMatchObject({ statusCode: 400 });
    // cb58-looking text with a bad checksum
    await expect(d.evmChain('11111111111111111111111111111111LpoYZ')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('resolves primary-network aliases and ids within a network', async () => {
    const d = new ChainDirectory(t.db);
    const local = (await d.network('local'))!;
    expect((await d.primaryChain(local, 'p-chain'))?.id).toBe(chains.p.id);
    expect((await d.primaryChain(local, 'C-Chain'))?.id).toBe(chains.c.id);
    expect(await d.primaryChain(local, 'x-chain')).toBeUndefined();
    expect((await d.primaryChain(local, idToString(chains.c.blockchainId)))?.id).toBe(chains.c.id);
    // an L1 is not a primary-network chain
    expect(await d.primaryChain(local, idToString(chains.l1.blockchainId))).toBeUndefined();
    expect(await d.primaryChain(local, 'nonsense')).toBeUndefined();
    expect(isCChain(chains.c)).toBe(true);
    expect(isCChain(chains.l1)).toBe(false);
  });

  it('sees chains registered while it serves, re-reading at most once per interval', async () => {
    const d = new ChainDirectory(t.db, { now: () => clock.t, refreshIntervalMs: 1000 });
    await expect(d.evmChain('888')).rejects.toMatchObject({ statusCode: 404 });
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: bytesOf(9, 32) });
    await ensureChain(t.db, { network, blockchainId: bytesOf(0x88, 32), subnetId: bytesOf(0x58, 32), vm: 'evm', evmChainId: 888n, name: 'late' });
    // within the interval the registry is not read again
    await expect(d.evmChain('888')).rejects.toMatchObject({ statusCode: 404 });
    clock.t += 1000;
    expect((await d.evmChain('888')).name).toBe('late');
  });

  it('reports a chain OK once a block of it is indexed, and 503 before', async () => {
    const d = new ChainDirectory(t.db);
    expect(await d.status(chains.l1)).toBe('UNAVAILABLE');
    await expect(d.requireAvailable(chains.l1, '777')).rejects.toMatchObject({ statusCode: 503 });
    await advanceCheckpoint(t.db, chains.l1.id, 'blocks', undefined, { height: 0n, blockHash: bytesOf(1, 32) });
    expect(await d.status(chains.l1)).toBe('OK');
    await d.requireAvailable(chains.l1, '777');
    const statuses = await d.statuses();
    expect(statuses.get(chains.l1.id)).toBe('OK');
    expect(statuses.get(chains.c.id)).toBe('UNAVAILABLE');
  });

  it('stops asking the store for statuses once every chain is OK', async () => {
    const texts: string[] = [];
    const counting: Queryable = {
      query: (text, params) => {
        texts.push(text);
        return t.db.query(text, params);
      },
      exec: (text) => t.db.exec(text),
      copyRows: (table, columns, rows) => t.db.copyRows(table, columns, rows),
      copyFromText: (table, columns, text) => t.db.copyFromText(table, columns, text),
      copyFromBinary: (table, columns, data) => t.db.copyFromBinary(table, columns, data),
    };
    const d = new ChainDirectory(counting);
    const checkpointReads = () => texts.filter((q) => q.includes('checkpoints')).length;
    const before = await d.statuses();
    expect(checkpointReads()).toBe(1);
    const everyChain = (await d.allChains()).filter((c) => before.get(c.id) !== 'OK');
    expect(everyChain.length).toBeGreaterThan(0);
    for (const c of everyChain) await advanceCheckpoint(t.db, c.id, 'blocks', undefined, { height: 0n, blockHash: bytesOf(2, 32) });
    const statuses = await d.statuses();
    expect(checkpointReads()).toBe(2);
    expect([...statuses.values()].every((s) => s === 'OK')).toBe(true);
    await d.statuses();
    await d.statuses();
    expect(checkpointReads()).toBe(2);
  });
});
