import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceCheckpoint } from '../../checkpoints.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import { writeEvmBatch } from '../../writers/evm/write-evm-batch.js';
import { emptyEvmBatch } from '../../writers/evm/evm-batch.js';
import { blockchainVmIds } from './blockchain-vms.js';
import { contractLabels, labelKey } from './contract-labels.js';
import { bytesOf, twoEvmChains } from './evm-api-queries.fixtures.js';
import { chainHasIndexedBlocks, chainsWithIndexedBlocks } from './indexed-chains.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('Data API store queries on %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let t: TestDatabase;
  let chains: Awaited<ReturnType<typeof twoEvmChains>>;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chains = await twoEvmChains(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('knows which chains have indexed blocks', async () => {
    expect(await chainsWithIndexedBlocks(t.db)).toEqual(new Set());
    expect(await chainHasIndexedBlocks(t.db, chains.c.id)).toBe(false);
    await advanceCheckpoint(t.db, chains.c.id, 'blocks', undefined, { height: 0n, blockHash: bytesOf(1, 32) });
    // another stream's checkpoint does not make a chain available
    await advanceCheckpoint(t.db, chains.l1.id, 'traces', undefined, { height: 0n, blockHash: bytesOf(1, 32) });
    expect(await chainsWithIndexedBlocks(t.db)).toEqual(new Set([chains.c.id]));
    expect(await chainHasIndexedBlocks(t.db, chains.c.id)).toBe(true);
    expect(await chainHasIndexedBlocks(t.db, chains.l1.id)).toBe(false);
  });

  run('labels the addresses that are contracts of the chain, once each', async () => {
    const token = bytesOf(0x20, 20);
    const unknown = bytesOf(0x30, 20);
    const account = bytesOf(0xa1, 20);
    const batch = emptyEvmBatch();
    const contract = { blockNumber: 0n, txIndex: 0, txHash: bytesOf(7, 32), deployer: account };
    batch.contracts.push({ ...contract, address: token, ercType: 'ERC-20', name: 'Firn Token', symbol: 'FIRN', decimals: 6 }, { ...contract, address: unknown, ercType: 'UNKNOWN' });
    await t.db.transaction((tx) => writeEvmBatch(tx, chains.c.id, {
      ...batch,
      blocks: [{ number: 0n, hash: bytesOf(1, 32), parentHash: new Uint8Array(32), timestamp: 1n, miner: account, gasLimit: 1n, gasUsed: 0n, txCount: 0, feesSpent: 0n, internalTxsIndexed: true }],
    }));
    const labels = await contractLabels(t.db, chains.c.id, [token, account, token, unknown]);
    expect([...labels.keys()].sort()).toEqual([labelKey(token), labelKey(unknown)].sort());
    expect(labels.get(labelKey(token))).toEqual({ ercType: 'ERC-20', name: 'Firn Token', symbol: 'FIRN', decimals: 6 });
    expect(labels.get(labelKey(unknown))).toEqual({ ercType: 'UNKNOWN', name: undefined, symbol: undefined, decimals: undefined });
    // another chain's contracts are not this chain's
    expect((await contractLabels(t.db, chains.l1.id, [token])).size).toBe(0);
    expect((await contractLabels(t.db, chains.c.id, [])).size).toBe(0);
  });

  run('reads VM ids of blockchains from the P-chain index of the same network', async () => {
    const vm = bytesOf(0x76, 32);
    await t.db.query(
      `INSERT INTO primary_blockchains (chain, blockchain_id, subnet_id, name, vm_id, fx_ids, genesis_data, evm_chain_id, block_height, block_timestamp, genesis)
       VALUES ($1, $2, $3, 'dispatch', $4, '[]', '\\x00', 777, 5, 1700000000, false)`,
      [chains.p.id, Buffer.from(chains.l1.blockchainId), Buffer.from(chains.l1.subnetId), Buffer.from(vm)],
    );
    const found = await blockchainVmIds(t.db, chains.c.network.id, [chains.l1.blockchainId, chains.c.blockchainId]);
    expect([...found.entries()]).toEqual([[Buffer.from(chains.l1.blockchainId).toString('hex'), vm]]);
    expect((await blockchainVmIds(t.db, chains.c.network.id + 1, [chains.l1.blockchainId])).size).toBe(0);
  });
});
