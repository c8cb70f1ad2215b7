import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listGaps } from './checkpoints.js';
import { checkBlockGaps } from './gap-check.js';
import { ensureChain, ensureNetwork, type ChainRef } from './registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from './testing.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('block gap check on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  beforeEach(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: new Uint8Array(32) });
    chain = await ensureChain(t.db, { network, blockchainId: new Uint8Array(32).fill(5), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 1n, name: 'C' });
  });
  afterEach(async () => {
    await t?.dispose();
  });

  const insertBlocks = (numbers: number[]) =>
    t.db.copyRows(
      'evm_blocks',
      ['chain', 'number', 'hash', 'parent_hash', 'block_timestamp', 'miner', 'gas_limit', 'gas_used', 'tx_count', 'cumulative_tx_count', 'fees_spent', 'internal_txs_indexed'],
      numbers.map((n) => [chain.id, n, new Uint8Array(32).fill(n % 256), new Uint8Array(32), n, new Uint8Array(20), 1, 0, 0, 0, 0, true]),
    );

  run('finds holes inside, before and after the stored blocks, and records them', async () => {
    await insertBlocks([2, 3, 4, 7, 8, 12]);
    const gaps = await checkBlockGaps(t.db, chain, 0n, 14n);
    expect(gaps).toEqual([{ from: 0n, to: 1n }, { from: 5n, to: 6n }, { from: 9n, to: 11n }, { from: 13n, to: 14n }]);
    expect((await listGaps(t.db, chain.id, 'blocks')).map((g) => [g.from, g.to])).toEqual([[0n, 1n], [5n, 6n], [9n, 11n], [13n, 14n]]);
  });

  run('finds nothing in a contiguous chain, and the whole range in an empty one', async () => {
    await insertBlocks([0, 1, 2, 3]);
    expect(await checkBlockGaps(t.db, chain, 0n, 3n)).toEqual([]);
    expect(await checkBlockGaps(t.db, { id: chain.id, vm: 'platform' }, 1n, 3n)).toEqual([{ from: 1n, to: 3n }]);
  });
});
