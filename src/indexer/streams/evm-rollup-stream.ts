import { readCheckpoint } from '../../store/checkpoints.js';
import type { Database, Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';
import { AddressMemberships } from '../../store/rollups/address-memberships.js';
import { flushEvmRollupAddresses, updateEvmRollups, type HeldRollupInputs } from '../../store/rollups/update-evm-rollups.js';
import type { BatchSummary, BlockStream } from '../pipeline/stream.js';
import type { RollupInputLog } from './rollup-input-log.js';

interface RollupRange {
  from: bigint;
  to: bigint;
  parentHash: Uint8Array;
  lastHash: Uint8Array;
  transactions: number;
  /** The range's address events and transaction totals, when the block stream handed them over in memory. */
  held?: HeldRollupInputs;
}

/**
 * The Metrics API's rollups of an EVM chain as a stream of their own, following the chain's indexed blocks
 * in the store (not the node): its head is the `blocks` checkpoint, and each batch folds a range of stored
 * blocks into the rollups in one transaction with the `rollups` checkpoint. Block indexing never waits for
 * the rollups (their exact distinct counts are the costly part); the rollups trail it by one poll.
 */
export class EvmRollupStream implements BlockStream<RollupRange> {
  readonly name = 'rollups';
  readonly firstHeight = 0n;
  /**
   * Address rows of this chain as the last committed batch left them (checked against the watermark each batch),
   * written behind: rewriting each active address's row every batch was most of the rollups' cost.
   */
  private readonly memberships = new AddressMemberships({ preload: true, flushRows: 100_000, flushIntervalMs: 60_000 });

  constructor(readonly chain: ChainRef, private readonly db: Database, private readonly rollupInputs?: RollupInputLog) {}

  async head(): Promise<bigint> {
    const blocks = await readCheckpoint(this.db, this.chain.id, 'blocks');
    return blocks ? blocks.height : -1n;
  }

  async fetch(from: bigint, to: bigint): Promise<RollupRange> {
    const { rows } = await this.db.query<{ number: string; hash: Uint8Array; parent_hash: Uint8Array; txs: string }>(
      `SELECT number, hash, parent_hash, (SELECT coalesce(sum(tx_count), 0) FROM evm_blocks WHERE chain = $1 AND number BETWEEN $2 AND $3) AS txs
         FROM evm_blocks WHERE chain = $1 AND number IN ($2, $3)`,
      [this.chain.id, from.toString(), to.toString()],
    );
    const first = rows.find((r) => BigInt(r.number) === from);
    const last = rows.find((r) => BigInt(r.number) === to);
    if (!first || !last) throw new Error(`rollups of ${this.chain.name}: blocks ${from}..${to} are not all stored`);
    const lastHash = new Uint8Array(last.hash);
    const held = this.rollupInputs?.take(from, to, lastHash);
    return { from, to, parentHash: new Uint8Array(first.parent_hash), lastHash, transactions: Number(first.txs), ...(held ? { held } : {}) };
  }

  summarize(range: RollupRange): BatchSummary {
    return {
      firstHeight: range.from,
      firstParentHash: range.parentHash,
      lastHeight: range.to,
      lastHash: range.lastHash,
      blocks: Number(range.to - range.from + 1n),
      transactions: range.transactions,
      rows: 0,
    };
  }

  async write(tx: Queryable, range: RollupRange): Promise<void> {
    await updateEvmRollups(tx, this.chain.id, range.from, range.to, this.memberships, range.held);
  }

  async close(db: Database): Promise<void> {
    await db.transaction((tx) => flushEvmRollupAddresses(tx, this.chain.id, this.memberships));
  }

  /** Address memberships held in memory, and how many of them wait to be written. */
  get addresses(): { held: number; waiting: number } {
    return { held: this.memberships.size, waiting: this.memberships.waiting };
  }
}
