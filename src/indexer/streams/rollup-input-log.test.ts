import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../store/testing.js';
import { AddressMemberships } from '../../store/rollups/address-memberships.js';
import { updateEvmRollups } from '../../store/rollups/update-evm-rollups.js';
import { generateChain, randomBatches, writeBlocks, type GeneratedBlock } from '../../../test/metrics/generated-chain.js';
import { addressRollupState, createEvmChain, transactionRollupState } from '../../../test/metrics/metrics-database.js';
import { Random } from '../../../test/metrics/random.js';
import { RollupInputChunk, RollupInputLog } from './rollup-input-log.js';

/** A chunk of `blocks` as the block stream builds one from its decoded records. */
function chunkOf(blocks: readonly GeneratedBlock[]): RollupInputChunk {
  const chunk = new RollupInputChunk();
  for (const b of blocks) {
    chunk.addRows({
      transactions: b.rows.evm_transactions.map((r) => ({
        blockNumber: r[1], blockTimestamp: BigInt(r[4] as number), from: r[5], to: r[6] ?? undefined, gasUsed: r[13], effectiveGasPrice: r[14],
      })) as never,
      tokenTransfers: b.rows.evm_token_transfers.map((r) => ({ blockNumber: r[1], blockTimestamp: BigInt(r[5] as number), from: r[8], to: r[9] })) as never,
    });
  }
  chunk.seal(blocks.map((b) => ({ number: b.number, hash: b.rows.evm_blocks[0]![2] as Uint8Array })));
  return chunk;
}

describe('RollupInputLog', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('rolls up the same rows from inputs held in memory as from the stored rows, over ranges that cut across block batches', async () => {
    const held = await createEvmChain(t.db);
    const read = await createEvmChain(t.db);
    let fromMemory = 0;
    let ranges = 0;
    for (const { chain, log } of [{ chain: held.id, log: new RollupInputLog() }, { chain: read.id, log: undefined }]) {
      const r = new Random(5);
      const blocks = generateChain(new Random(23), chain, 400);
      const memberships = new AddressMemberships({ preload: true, flushRows: 40, flushIntervalMs: 60_000 });
      let rolled = blocks[0]!.number - 1n;
      for (const batch of randomBatches(r, blocks, 25)) {
        await t.db.transaction((tx) => writeBlocks(tx, batch));
        log?.add(chunkOf(batch));
        const top = batch[batch.length - 1]!.number;
        // the rollups trail: a range now and then, ending anywhere in what is stored
        if (top !== blocks[blocks.length - 1]!.number && !r.chance(0.4)) continue;
        const to = top === blocks[blocks.length - 1]!.number ? top : rolled + 1n + BigInt(r.int(0, Number(top - rolled - 1n)));
        const from = rolled + 1n;
        const lastHash = blocks[Number(to - blocks[0]!.number)]!.rows.evm_blocks[0]![2] as Uint8Array;
        const held = log?.take(from, to, lastHash);
        if (log) {
          ranges++;
          if (held) fromMemory++;
        }
        await t.db.transaction((tx) => updateEvmRollups(tx, chain, from, to, memberships, held));
        rolled = to;
      }
    }
    expect(fromMemory).toBe(ranges);
    expect(ranges).toBeGreaterThan(5);
    expect(await addressRollupState(t.db, held.id)).toEqual(await addressRollupState(t.db, read.id));
    expect(await transactionRollupState(t.db, held.id)).toEqual(await transactionRollupState(t.db, read.id));
  });

  it('gives nothing for a range it does not hold whole or whose last block has another hash, and lets go of what is behind', () => {
    const blocks = generateChain(new Random(3), 1, 30).map((b, i) => ({ ...b, number: BigInt(i) }));
    const hash = (n: number) => blocks[n]!.rows.evm_blocks[0]![2] as Uint8Array;
    const log = new RollupInputLog();
    log.add(chunkOf(blocks.slice(0, 10)));
    log.add(chunkOf(blocks.slice(10, 20)));
    expect(log.take(5n, 15n, hash(14))).toBeUndefined(); // and blocks 0..9 are let go
    expect(log.take(5n, 15n, hash(15))).toBeUndefined();
    expect(log.take(10n, 15n, hash(15))).toBeDefined();
    expect(log.take(16n, 25n, hash(25))).toBeUndefined(); // past what it holds
    expect(log.events).toBe(0);

    log.add(chunkOf(blocks.slice(20, 25)));
    log.add(chunkOf(blocks.slice(26, 30))); // a gap: what came before is dropped
    expect(log.take(20n, 24n, hash(24))).toBeUndefined();
    expect(log.take(26n, 29n, hash(29))).toBeDefined();
  });

  it('groups each address\'s events, `hour × 2 + sent`, and keeps no more events than its bound', () => {
    const a = new Uint8Array(20).fill(0xaa);
    const b = new Uint8Array(20).fill(0xbb);
    const chunk = new RollupInputChunk();
    chunk.addRows({
      transactions: [
        { blockNumber: 7n, blockTimestamp: 7200n + 59n, from: a, to: b, gasUsed: 21_000n, effectiveGasPrice: 30n },
        { blockNumber: 7n, blockTimestamp: 7259n, from: b, gasUsed: 50_000n, effectiveGasPrice: 25n },
      ] as never,
      tokenTransfers: [{ blockNumber: 8n, blockTimestamp: 3600n * 5n, from: a, to: a }] as never,
    });
    chunk.seal([{ number: 7n, hash: new Uint8Array(32) }, { number: 8n, hash: new Uint8Array(32).fill(1) }]);
    const log = new RollupInputLog(10);
    log.add(chunk);
    const held = log.take(7n, 8n, new Uint8Array(32).fill(1))!;
    expect(Object.fromEntries(held.addresses.map((e) => [e.key, e.hours]))).toEqual({ ['aa'.repeat(20)]: [5, 11, 10], ['bb'.repeat(20)]: [4, 5] });
    expect(held.transactions).toEqual([{ hour: 7200, txs: 2, gasUsed: 71_000n, fees: 21_000n * 30n + 50_000n * 25n, priceSum: 55n, priceMax: 30n }]);

    const small = new RollupInputLog(4);
    small.add(chunk);
    expect(small.events).toBe(0);
  });

  it('leaves out an address\'s event equal to one of its last two, keeping every distinct hour and direction', () => {
    const a = new Uint8Array(20).fill(0xaa);
    const b = new Uint8Array(20).fill(0xbb);
    const chunk = new RollupInputChunk();
    // a sends and receives in hour 1 again and again, then sends in hour 2, then in hour 1 once more
    const txs = [
      { blockNumber: 1n, blockTimestamp: 3600n, from: a, to: b }, { blockNumber: 1n, blockTimestamp: 3601n, from: b, to: a },
      { blockNumber: 2n, blockTimestamp: 3700n, from: a, to: b }, { blockNumber: 2n, blockTimestamp: 3800n, from: b, to: a },
      { blockNumber: 3n, blockTimestamp: 7200n, from: a, to: b }, { blockNumber: 3n, blockTimestamp: 7300n, from: a, to: b },
      { blockNumber: 3n, blockTimestamp: 7300n, from: b, to: a }, { blockNumber: 4n, blockTimestamp: 3900n, from: a, to: b },
    ];
    chunk.addRows({ transactions: txs.map((t) => ({ ...t, gasUsed: 21_000n, effectiveGasPrice: 1n })) as never, tokenTransfers: [] });
    chunk.seal([1n, 2n, 3n, 4n].map((number) => ({ number, hash: Uint8Array.of(Number(number)) })));
    const log = new RollupInputLog();
    log.add(chunk);
    const events = Object.fromEntries(log.take(1n, 4n, Uint8Array.of(4))!.addresses.map((e) => [e.key, e.hours]));
    // packed: hour × 2 + sent; hour 1 → 2 (received) / 3 (sent), hour 2 → 4 / 5
    expect(events['aa'.repeat(20)]).toEqual([3, 2, 5, 4, 3]);
    expect(events['bb'.repeat(20)]).toEqual([2, 3, 4, 5, 2]);
    expect(chunk.events).toBe(16);
  });
});
