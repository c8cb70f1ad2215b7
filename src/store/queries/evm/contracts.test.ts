import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import type { ChainRef } from '../../registry.js';
import { ALICE, FACTORY, MULTI, NFT, txHash, writeSampleActivity } from '../../writers/evm/evm-batch.fixtures.js';
import { hexOf } from '../../../lib/hex.js';
import { getEvmContract, getEvmContracts } from './contracts.js';
import { plansOf } from './plan.fixtures.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('EVM contract metadata on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await writeSampleActivity(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('gives the ERC type, token fields and deployment of a contract', async () => {
    expect(await getEvmContract(t.db, chain.id, NFT)).toEqual({
      address: NFT, ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL', decimals: undefined,
      deployment: { txHash: txHash(2n, 0), deployer: ALICE, deployerContract: FACTORY, blockNumber: 2n, txIndex: 0 },
    });
  });

  run('answers undefined for an address with no indexed creation', async () => {
    expect(await getEvmContract(t.db, chain.id, MULTI)).toBeUndefined();
    expect(await getEvmContract(t.db, chain.id + 1, NFT)).toBeUndefined();
  });

  run('gives several contracts in one statement, leaving out addresses with none', async () => {
    const found = await getEvmContracts(t.db, chain.id, [NFT, MULTI, ALICE]);
    expect([...found.keys()]).toEqual([hexOf(NFT)]);
    expect(found.get(hexOf(NFT))).toEqual(await getEvmContract(t.db, chain.id, NFT));
  });

  run('needs no sequential scan', async () => {
    const plans = await plansOf(t.db, (q) => getEvmContracts(q, chain.id, [NFT, MULTI]));
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
