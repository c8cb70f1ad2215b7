import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceCheckpoint } from './checkpoints.js';
import { declareWriteChain, readDataVersions, UNVERSIONED_TABLES } from './data-versions.js';
import { PgDatabase } from './database/pg-database.js';
import { saveMetadataResult } from './nft-metadata-jobs.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from './testing.js';
import { sampleActivity, sampleChain, NFT } from './writers/evm/evm-batch.fixtures.js';
import { writeEvmBatch } from './writers/evm/write-evm-batch.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('data versions on %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let t: TestDatabase;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t?.dispose());

  const versions = async () => Object.fromEntries(await readDataVersions(t.db));
  /** The scopes whose versions differ between two readings. */
  const changed = (a: Record<string, string>, b: Record<string, string>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((s) => a[s] !== b[s]).sort();

  run('every table has the data-version trigger of its family, or is one the Data API does not read', async () => {
    const { rows } = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const { rows: triggers } = await t.db.query<{ table_name: string; action_statement: string }>(
      `SELECT DISTINCT event_object_table AS table_name, action_statement FROM information_schema.triggers WHERE trigger_name = 'data_version'`,
    );
    const familyOf = new Map(triggers.map((r) => [r.table_name, /firn_raise_data_version\('(\w+)'\)/.exec(r.action_statement)?.[1]]));
    const expected = (table: string) =>
      table === 'checkpoints' ? 'registry' : UNVERSIONED_TABLES.includes(table) ? undefined
        : /^evm_/.test(table) ? 'evm' : /^(primary_|xchain_)/.test(table) ? 'primary' : 'registry';
    expect(rows.length).toBeGreaterThan(30);
    for (const { table_name: table } of rows) expect(familyOf.get(table), table).toBe(expected(table));
  });

  run('a transaction raises the version of each scope it writes once, seen when it commits; reads and rollbacks raise none', async () => {
    const chain = await sampleChain(t.db);
    const [first, second] = sampleActivity();
    const start = await versions();
    expect(changed(start, await versions())).toEqual([]);

    await t.db.query('SELECT count(*) FROM evm_blocks');
    expect(changed(start, await versions())).toEqual([]);

    // The indexer's way: the chain declared, blocks written and the first checkpoint inserted in one transaction.
    await t.db.transaction(async (tx) => {
      await declareWriteChain(tx, chain.id);
      await writeEvmBatch(tx, chain.id, first);
      await advanceCheckpoint(tx, chain.id, 'blocks', undefined, { height: 1n, blockHash: new Uint8Array(32) });
    });
    const afterFirst = await versions();
    expect(changed(start, afterFirst)).toEqual(['evm:' + chain.id, 'registry']);
    expect(Number(afterFirst['evm:' + chain.id]) - Number(start['evm:' + chain.id] ?? 0)).toBe(1); // many statements, one raise

    // Moving a checkpoint does not change what the Data API serves.
    await t.db.transaction((tx) => advanceCheckpoint(tx, chain.id, 'blocks', { height: 1n, blockHash: new Uint8Array(32) }, { height: 2n, blockHash: new Uint8Array(32) }));
    expect(changed(afterFirst, await versions())).toEqual([]);

    await expect(t.db.transaction(async (tx) => {
      await declareWriteChain(tx, chain.id);
      await writeEvmBatch(tx, chain.id, second);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(changed(afterFirst, await versions())).toEqual([]);

    // Undeclared writes raise their family's scope: every EVM chain's answers, or the primary network's, read it.
    await t.db.query('UPDATE evm_blocks SET gas_used = gas_used WHERE chain = $1', [chain.id]);
    const afterUndeclared = await versions();
    expect(changed(afterFirst, afterUndeclared)).toEqual(['evm']);
    await t.db.query('DELETE FROM primary_txs WHERE chain = $1', [chain.id]);
    const afterPrimary = await versions();
    expect(changed(afterUndeclared, afterPrimary)).toEqual(['primary']);
    await t.db.exec('TRUNCATE xchain_vertices');
    expect(changed(afterPrimary, await versions())).toEqual(['primary']);
  });

  run('NFT metadata saved for a token raises its chain only', async () => {
    const chain = await sampleChain(t.db, 'metadata-net');
    const before = await versions();
    await saveMetadataResult(t.db, { chain: chain.id, contract: NFT, tokenId: 1n, tokenUri: 'ipfs://one', attempts: 0 }, { status: 'INVALID_METADATA', error: 'not JSON' }, 1_700_000_000);
    expect(changed(before, await versions())).toEqual(['evm:' + chain.id]);
  });

  // PGlite has one connection: no two transactions are open at once there.
  (kind === 'postgres' && serverUp ? it : it.skip)('writers of different chains never wait on each other; one of the same chain waits for the commit, holding no row meanwhile', async () => {
    const other = new PgDatabase(t.url!);
    const third = new PgDatabase(t.url!);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let wrote!: () => void;
      const written = new Promise<void>((r) => (wrote = r));
      const slow = t.db.transaction(async (tx) => {
        await declareWriteChain(tx, 901);
        await tx.query('DELETE FROM evm_logs WHERE chain = 901');
        wrote();
        await held;
        await tx.query('DELETE FROM evm_nft_tokens WHERE chain = 901');
      });
      await written;
      const during = await versions();
      // Another chain's writer commits while the first transaction is open, with both of its scopes.
      await other.transaction(async (tx) => {
        await declareWriteChain(tx, 902);
        await tx.query('DELETE FROM evm_logs WHERE chain = 902');
        await tx.query('DELETE FROM primary_stakers WHERE chain = 902');
      });
      const afterOther = await versions();
      expect(changed(during, afterOther)).toEqual(['evm:902', 'primary:902']);
      // The same chain's metadata worker waits for the open transaction's commit, before touching a row.
      let sameDone = false;
      const same = third.transaction(async (tx) => {
        await declareWriteChain(tx, 901);
        await tx.query('DELETE FROM evm_nft_tokens WHERE chain = 901');
      }).then(() => void (sameDone = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(sameDone).toBe(false);
      release();
      await Promise.all([slow, same]);
      const after = await versions();
      expect(changed(afterOther, after)).toEqual(['evm:901']);
      expect(Number(after['evm:901']) - Number(afterOther['evm:901'] ?? 0)).toBe(2);
    } finally {
      await other.close();
      await third.close();
    }
  });
});
