import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing.js';
import { generateChain, randomBatches, writeBlocks } from '../../../test/metrics/generated-chain.js';
import { addressRollupState as addressState, createEvmChain } from '../../../test/metrics/metrics-database.js';
import { Random } from '../../../test/metrics/random.js';
import { AddressMemberships } from './address-memberships.js';
import { flushAddresses, loadMemberships } from './address-rollup.js';
import { lockWatermark } from './watermark.js';
import { flushEvmRollupAddresses, updateEvmRollups } from './update-evm-rollups.js';

describe('address rollup with a memberships cache', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('writes the same rows as without one, through rolled-back batches, and keeps the last-hour histogram exact', async () => {
    const cached = await createEvmChain(t.db);
    const plain = await createEvmChain(t.db);
    const r = new Random(17);
    // The same blocks on both chains (the generator is seeded alike).
    const blocksOf = (chain: number) => generateChain(new Random(41), chain, 220);
    const memberships = new AddressMemberships(25);
    for (const { chain, cache } of [{ chain: cached.id, cache: memberships }, { chain: plain.id, cache: undefined }]) {
      for (const batch of randomBatches(r, blocksOf(chain), 30)) {
        const from = batch[0]!.number;
        const to = batch[batch.length - 1]!.number;
        if (cache && r.chance(0.3)) {
          await expect(t.db.transaction(async (tx) => {
            await writeBlocks(tx, batch);
            await updateEvmRollups(tx, chain, from, to, cache);
            throw new Error('crashed before commit');
          })).rejects.toThrow(/crashed/);
        }
        await t.db.transaction(async (tx) => {
          await writeBlocks(tx, batch);
          await updateEvmRollups(tx, chain, from, to, cache);
        });
      }
    }
    const state = await addressState(t.db, cached.id);
    expect(state).toEqual(await addressState(t.db, plain.id));

    const histogram = await t.db.query(
      `SELECT hour, sum(active) AS last_active, sum(sent) AS last_sent FROM (
         SELECT last_active_hour AS hour, 1 AS active, 0 AS sent FROM metrics_addresses WHERE chain = $1
         UNION ALL SELECT last_sent_hour, 0, 1 FROM metrics_addresses WHERE chain = $1 AND last_sent_hour IS NOT NULL
       ) x GROUP BY hour ORDER BY hour`,
      [cached.id],
    );
    expect((state as { hours: unknown[] }).hours).toEqual(histogram.rows);
  });

  it('writes address rows behind, rebuilding the unwritten ones after a restart, with buckets exact at every batch', async () => {
    const behind = await createEvmChain(t.db);
    const plain = await createEvmChain(t.db);
    const blocksOf = (chain: number) => generateChain(new Random(43), chain, 240);
    const sameCounts = async () => {
      const [a, b] = [await addressState(t.db, behind.id), await addressState(t.db, plain.id)] as { buckets: unknown; hours: unknown }[];
      expect(a!.buckets).toEqual(b!.buckets);
      expect(a!.hours).toEqual(b!.hours);
    };
    const r = new Random(19);
    const plainBatches = randomBatches(r, blocksOf(plain.id), 30);
    const behindBatches = randomBatches(r, blocksOf(behind.id), 30);
    for (const batch of plainBatches) {
      await t.db.transaction(async (tx) => {
        await writeBlocks(tx, batch);
        await updateEvmRollups(tx, plain.id, batch[0]!.number, batch[batch.length - 1]!.number);
      });
    }
    const writer = () => new AddressMemberships({ flushRows: 40, flushIntervalMs: 3_600_000, preload: r.chance(0.5) });
    let memberships = writer();
    let restarts = 0;
    for (const batch of behindBatches) {
      // A restart loses whatever rows were waiting; the next batch rebuilds them from the stored transactions.
      if (r.chance(0.15)) [memberships, restarts] = [writer(), restarts + 1];
      await t.db.transaction(async (tx) => {
        await writeBlocks(tx, batch);
        await updateEvmRollups(tx, behind.id, batch[0]!.number, batch[batch.length - 1]!.number, memberships);
      });
    }
    expect(restarts).toBeGreaterThan(0);
    await sameCounts();
    const { rows } = await t.db.query<{ block_number: string; addresses_block: string }>('SELECT block_number, addresses_block FROM metrics_watermarks WHERE chain = $1', [behind.id]);
    expect(BigInt(rows[0]!.addresses_block)).toBeLessThanOrEqual(BigInt(rows[0]!.block_number));
    // A fresh writer rebuilds what was never written; flushing it leaves the rows the write-through chain has.
    const rebuilt = await t.db.transaction(async (tx) => {
      const fresh = writer();
      const watermark = await lockWatermark(tx, behind.id);
      expect(fresh.adopt(behind.id, watermark!.blockNumber)).toBe(false);
      await loadMemberships(tx, behind.id, fresh, watermark);
      const waiting = fresh.waiting;
      await flushAddresses(tx, behind.id, fresh, true);
      return { waiting, pending: watermark!.blockNumber - watermark!.addressesBlock };
    });
    expect(rebuilt.pending === 0n || rebuilt.waiting > 0).toBe(true);
    expect(await addressState(t.db, behind.id)).toEqual(await addressState(t.db, plain.id));
  });

  /**
   * The same generated blocks written into two chains: `plain` rolled up write-through, `behind` through
   * `memberships`, which holds its changed address rows back (it never flushes on its own).
   */
  async function twoChains(chainSeed: number, batchSeed: number, blocks: number, memberships: AddressMemberships) {
    const behind = await createEvmChain(t.db);
    const plain = await createEvmChain(t.db);
    const blocksOf = (chain: number) => generateChain(new Random(chainSeed), chain, blocks);
    const r = new Random(batchSeed);
    for (const [chain, held] of [[plain.id, undefined], [behind.id, memberships]] as const) {
      for (const batch of randomBatches(r, blocksOf(chain), 30)) {
        await t.db.transaction(async (tx) => {
          await writeBlocks(tx, batch);
          await updateEvmRollups(tx, chain, batch[0]!.number, batch[batch.length - 1]!.number, held);
        });
      }
    }
    return { behind, plain };
  }
  const holdingBack = () => new AddressMemberships({ flushRows: 1_000_000, flushIntervalMs: 3_600_000 });

  it('writes what is held behind when the writer stops cleanly, leaving addresses_block at the watermark', async () => {
    const memberships = holdingBack();
    const { behind, plain } = await twoChains(47, 23, 120, memberships);
    const watermarkRow = async () => (await t.db.query<{ block_number: string; addresses_block: string }>(
      'SELECT block_number, addresses_block FROM metrics_watermarks WHERE chain = $1', [behind.id])).rows[0]!;
    const held = memberships.waiting;
    expect(held).toBeGreaterThan(0);
    expect(await addressState(t.db, behind.id)).not.toEqual(await addressState(t.db, plain.id));

    expect(await t.db.transaction((tx) => flushEvmRollupAddresses(tx, behind.id, memberships))).toBe(held);
    expect(memberships.waiting).toBe(0);
    const row = await watermarkRow();
    expect(row.addresses_block).toBe(row.block_number);
    expect(await addressState(t.db, behind.id)).toEqual(await addressState(t.db, plain.id));
    // once complete, another clean stop writes nothing
    expect(await t.db.transaction((tx) => flushEvmRollupAddresses(tx, behind.id, new AddressMemberships()))).toBe(0);
  });

  it('a writer that folded nothing since it started rebuilds the rows a crashed one held behind, at a clean stop', async () => {
    // What the crash test met: a writer folds every block, holding address rows behind, and is killed; the next
    // one finds nothing left to fold and stops.
    const killed = holdingBack();
    const { behind, plain } = await twoChains(53, 29, 90, killed);
    expect(killed.waiting).toBeGreaterThan(0);
    expect(await addressState(t.db, behind.id)).not.toEqual(await addressState(t.db, plain.id));

    const next = new AddressMemberships({ preload: true, flushRows: 1_000_000, flushIntervalMs: 3_600_000 });
    expect(await t.db.transaction((tx) => flushEvmRollupAddresses(tx, behind.id, next))).toBeGreaterThan(0);
    const row = (await t.db.query<{ block_number: string; addresses_block: string }>(
      'SELECT block_number, addresses_block FROM metrics_watermarks WHERE chain = $1', [behind.id])).rows[0]!;
    expect(row.addresses_block).toBe(row.block_number);
    expect(await addressState(t.db, behind.id)).toEqual(await addressState(t.db, plain.id));
  });
});
