import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import type { ChainRef } from '../../registry.js';
import { ALICE, BOB, MULTI, NFT, sampleActivity, sampleBlocks, sampleChain, TOKEN, txCountOf } from './evm-batch.fixtures.js';
import { EVM_COPY_TABLES, EvmBatchPreparer, prepareEvmBatch, writeEvmBatch } from './write-evm-batch.js';

const serverUp = await postgresAvailable();

describe('EvmBatchPreparer', () => {
  it('encodes a batch handed over a part at a time exactly as all at once', () => {
    const [first] = sampleActivity();
    const whole = prepareEvmBatch(7, first!);
    const preparer = new EvmBatchPreparer(7);
    const half = <T>(rows: T[], second: boolean) => (second ? rows.slice(Math.ceil(rows.length / 2)) : rows.slice(0, Math.ceil(rows.length / 2)));
    for (const second of [false, true]) {
      preparer.add({
        transactions: half(first!.transactions, second), logs: half(first!.logs, second), tokenTransfers: half(first!.tokenTransfers, second),
        internalTransactions: half(first!.internalTransactions, second), teleporterMessages: half(first!.teleporterMessages, second),
      });
    }
    preparer.add({ transactions: [], logs: [], tokenTransfers: [], internalTransactions: [], teleporterMessages: [] });
    const parts = preparer.finish(first!);
    expect(parts.copies.map((c) => [c.table, c.rows, c.data.toString('hex')])).toEqual(whole.copies.map((c) => [c.table, c.rows, c.data.toString('hex')]));
    expect(parts.copies.map((c) => c.table)).toEqual(['evm_transactions', 'evm_logs', 'evm_token_transfers', 'evm_internal_transactions', 'evm_teleporter_messages']);
    expect([parts.rows, parts.transactions]).toEqual([whole.rows, whole.transactions]);
    expect(parts.transactions).toBe(first!.transactions.length);
  });

  it('leaves out the tables a batch has no rows for', () => {
    const [first] = sampleActivity();
    const preparer = new EvmBatchPreparer(7);
    preparer.add({ transactions: first!.transactions, logs: [], tokenTransfers: [], internalTransactions: [], teleporterMessages: [] });
    expect(preparer.finish({ blocks: first!.blocks, contracts: [], nftTokens: [] }).copies.map((c) => c.table)).toEqual(['evm_transactions']);
  });
});

describe.each(TEST_DATABASE_KINDS)('writeEvmBatch on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const [first, second, third] = sampleActivity();
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await sampleChain(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const count = async (table: string) => Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  run('declares each bulk-loaded column with its type in the migrated store (binary COPY needs the exact type)', async () => {
    for (const [table, columns] of Object.entries(EVM_COPY_TABLES)) {
      const { rows } = await t.db.query<{ column_name: string; udt_name: string }>(
        'SELECT column_name, udt_name FROM information_schema.columns WHERE table_name = $1', [table]);
      const stored = new Map(rows.map((r) => [r.column_name, r.udt_name]));
      expect(columns.map(([name, type]) => [name, type]), table).toEqual(columns.map(([name]) => [name, stored.get(name)]));
    }
  });

  run('writes every table of a batch with one statement each, and says how many rows', async () => {
    const rows = await t.db.transaction((tx) => writeEvmBatch(tx, chain.id, first));
    const expected = { evm_blocks: 5, evm_transactions: 4, evm_logs: 1, evm_token_transfers: 4, evm_internal_transactions: 2, evm_contracts: 2, evm_nft_tokens: 3, evm_teleporter_messages: 1 };
    for (const [table, n] of Object.entries(expected)) expect(await count(table), table).toBe(n);
    expect(rows).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
  });

  run('refuses to write the same blocks twice (primary keys), leaving nothing of the attempt', async () => {
    await expect(t.db.transaction((tx) => writeEvmBatch(tx, chain.id, first))).rejects.toThrow(/duplicate key/);
    expect(await count('evm_blocks')).toBe(5);
  });

  run('refuses a batch whose previous block is not stored', async () => {
    await expect(t.db.transaction((tx) => writeEvmBatch(tx, chain.id, sampleBlocks(6n, 6n)))).rejects.toThrow(/block 5 of chain \d+ is not stored/);
  });

  run('counts cumulative transactions across batches', async () => {
    // the metadata fetcher settled NFT #1 meanwhile
    await t.db.query(`UPDATE evm_nft_tokens SET metadata_status = 'INDEXED', metadata_attempts = 2, metadata_error = 'x' WHERE contract = $1`, [NFT]);
    await t.db.transaction((tx) => writeEvmBatch(tx, chain.id, second));
    await t.db.transaction((tx) => writeEvmBatch(tx, chain.id, third));
    const { rows } = await t.db.query<{ number: string; tx_count: number; cumulative_tx_count: string; fees_spent: string }>(
      'SELECT number, tx_count, cumulative_tx_count, fees_spent FROM evm_blocks WHERE chain = $1 ORDER BY number', [chain.id]);
    let cumulative = 0;
    expect(rows.map((r) => Number(r.number))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const r of rows) {
      cumulative += txCountOf(BigInt(r.number));
      expect(r.tx_count).toBe(txCountOf(BigInt(r.number)));
      expect(Number(r.cumulative_tx_count)).toBe(cumulative);
      expect(BigInt(r.fees_spent)).toBe(BigInt(r.tx_count) * 21_000n * 26_000_000_000n);
    }
  });

  run('moves ERC-721 owners, keeps a URI until a re-mint changes it, and re-queues changed metadata', async () => {
    const { rows } = await t.db.query<{ token_id: string; owner: Uint8Array | null; token_uri: string; metadata_status: string; first_block: string; last_transfer_block: string }>(
      'SELECT token_id, owner, token_uri, metadata_status, metadata_attempts, metadata_error, first_block, last_transfer_block FROM evm_nft_tokens WHERE contract = $1', [NFT]);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.owner!).equals(Buffer.from(ALICE))).toBe(true);
    expect(rows[0]).toMatchObject({ token_id: '1', token_uri: 'ipfs://two', metadata_status: 'UNINDEXED', metadata_attempts: 0, metadata_error: null, first_block: '2', last_transfer_block: '11' });
    const multi = await t.db.query('SELECT token_id, owner, token_uri, metadata_status FROM evm_nft_tokens WHERE contract = $1 ORDER BY token_id', [MULTI]);
    expect(multi.rows).toEqual([
      { token_id: '5', owner: null, token_uri: 'multi://{id}', metadata_status: 'UNINDEXED' },
      { token_id: '6', owner: null, token_uri: 'multi://{id}', metadata_status: 'UNINDEXED' },
    ]);
  });

  run('keeps the URI and metadata status when a transfer brings no new URI', async () => {
    const held = await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE evm_nft_tokens SET metadata_status = 'INDEXED', metadata_attempts = 1 WHERE contract = $1`, [NFT]);
      await writeEvmBatch(tx, chain.id, {
        ...sampleBlocks(12n, 12n),
        nftTokens: [{ contract: NFT, tokenId: 1n, ercType: 'ERC-721', owner: BOB, firstBlock: 12n, lastBlock: 12n }],
      });
      return (await tx.query<{ token_uri: string; metadata_status: string; owner: Uint8Array }>('SELECT token_uri, metadata_status, metadata_attempts, owner FROM evm_nft_tokens WHERE contract = $1', [NFT])).rows[0]!;
    });
    expect(held).toMatchObject({ token_uri: 'ipfs://two', metadata_status: 'INDEXED', metadata_attempts: 1 });
    expect(Buffer.from(held.owner).equals(Buffer.from(BOB))).toBe(true);
  });

  run('takes the latest creation of an address that was deployed again', async () => {
    const { rows } = await t.db.query<{ name: string; symbol: string; decimals: number; block_number: string; deployer_address: Uint8Array }>(
      'SELECT name, symbol, decimals, block_number, deployer_address FROM evm_contracts WHERE address = $1', [TOKEN]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Firn Token 2', symbol: 'FIRN2', decimals: 6, block_number: '10' });
    expect(Buffer.from(rows[0]!.deployer_address).equals(Buffer.from(BOB))).toBe(true);
  });

  run('stores amounts beyond 64 bits exactly', async () => {
    const batch = sampleBlocks(13n, 13n);
    batch.tokenTransfers.push({
      blockNumber: 13n, logIndex: 0, batchIndex: 0, txIndex: 0, blockTimestamp: 1n, token: TOKEN, standard: 1155, from: ALICE, to: BOB,
      tokenId: 2n ** 256n - 1n, value: 2n ** 255n + 1n, operator: ALICE,
    });
    await t.db.transaction((tx) => writeEvmBatch(tx, chain.id, batch));
    const { rows } = await t.db.query<{ token_id: string; value: string }>('SELECT token_id, value FROM evm_token_transfers WHERE block_number = 13');
    expect(rows[0]).toEqual({ token_id: (2n ** 256n - 1n).toString(), value: (2n ** 255n + 1n).toString() });
  });
});
