import type { Queryable } from '../database/database.js';
import { lastSeconds, rollUpBlocks } from './block-rollup.js';
import { rollUpContracts } from './contract-rollup.js';
import { rollUpCumulatives } from './cumulative-rollup.js';
import { type AddressEvents, flushAddresses, loadMemberships, rollUpAddresses } from './address-rollup.js';
import { rollUpTeleporterMessages } from './teleporter-rollup.js';
import { rollUpTransactions, type TransactionHourTotals } from './transaction-rollup.js';
import { lockWatermark, saveWatermark } from './watermark.js';
import { AddressMemberships } from './address-memberships.js';

/**
 * What the rollups read of blocks [from, to], when the caller holds it (else it is read from the store): the
 * address events grouped by address, and the transactions' hourly totals.
 */
export interface HeldRollupInputs {
  from: bigint;
  to: bigint;
  addresses: AddressEvents[];
  transactions: TransactionHourTotals[];
}

/** What one call rolled up: the block range, or nothing when the watermark already covered `toBlock`. */
export interface RollupResult {
  from?: bigint;
  to?: bigint;
}

/**
 * Fold the EVM rows of blocks up to `toBlock` of `chain` into the metrics rollups, inside the caller's
 * transaction (the one that wrote those rows). Work is proportional to the blocks folded: every statement
 * reads the new rows by their (chain, block_number, …) keys and upserts the buckets they fall in.
 *
 * The watermark makes this idempotent and gap-free: blocks already covered are skipped, and when rows were
 * written before rollups existed (an older database), the first call folds from the chain's first stored
 * block (use `catchUpEvmRollups` to do that ahead, in bounded transactions). `fromBlock` is the first block
 * the caller wrote; rollups must be applied in block order, as the follower writes.
 *
 * `memberships` keeps address rows across calls for one writer (the rollup stream keeps one, writing changed rows
 * behind); without it, the batch reads what it needs from metrics_addresses and writes its changes through.
 * `held`, when it is exactly the range being folded, stands in for reading its address events and transactions back.
 */
export async function updateEvmRollups(
  tx: Queryable, chain: number, _fromBlock: bigint, toBlock: bigint, memberships = new AddressMemberships(), held?: HeldRollupInputs,
): Promise<RollupResult> {
  const before = await lockWatermark(tx, chain);
  const from = before ? before.blockNumber + 1n : await firstStoredBlock(tx, chain);
  if (from === undefined || toBlock < from) return {};
  if (!memberships.adopt(chain, before?.blockNumber)) await loadMemberships(tx, chain, memberships, before);
  const range = await checkRange(tx, chain, from, toBlock);

  await rollUpBlocks(tx, chain, from, toBlock, before);
  const inputs = held && held.from === from && held.to === toBlock ? held : undefined;
  await rollUpTransactions(tx, chain, from, toBlock, inputs?.transactions);
  await rollUpAddresses(tx, chain, from, toBlock, memberships, inputs?.addresses);
  await rollUpContracts(tx, chain, from, toBlock);
  await rollUpTeleporterMessages(tx, chain, from, toBlock);
  await rollUpCumulatives(tx, chain, range.firstTimestamp);

  const last = await lastSeconds(tx, chain, from, toBlock, before);
  const flushed = await flushAddresses(tx, chain, memberships);
  const addressesBlock = flushed || memberships.waiting === 0 ? toBlock : (before?.addressesBlock ?? from - 1n);
  await saveWatermark(tx, {
    chain,
    firstBlock: before?.firstBlock ?? from,
    firstBlockTimestamp: before?.firstBlockTimestamp ?? range.firstTimestamp,
    blockNumber: toBlock,
    blockTimestamp: last.blockTimestamp,
    lastSecondTxs: last.txs,
    lastSecondGas: last.gas,
    ...(last.previousSecond !== undefined ? { previousSecond: last.previousSecond } : {}),
    addressesBlock,
  });
  memberships.settle(toBlock);
  return { from, to: toBlock };
}

async function firstStoredBlock(tx: Queryable, chain: number): Promise<bigint | undefined> {
  const { rows } = await tx.query<{ number: string | null }>('SELECT min(number) AS number FROM evm_blocks WHERE chain = $1', [chain]);
  return rows[0]?.number != null ? BigInt(rows[0].number) : undefined;
}

/** Every block of from..to must be stored: a hole would make the rollups silently wrong. */
async function checkRange(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<{ firstTimestamp: bigint }> {
  const { rows } = await tx.query<{ blocks: string; first_ts: string | null }>(
    `SELECT count(*) AS blocks, min(block_timestamp) AS first_ts FROM evm_blocks WHERE chain = $1 AND number BETWEEN $2 AND $3`,
    [chain, from.toString(), to.toString()],
  );
  const row = rows[0];
  const expected = to - from + 1n;
  if (!row || BigInt(row.blocks) !== expected || row.first_ts === null) {
    throw new Error(`cannot roll up EVM blocks ${from}..${to} of chain ${chain}: ${row?.blocks ?? 0} of ${expected} blocks are stored`);
  }
  return { firstTimestamp: BigInt(row.first_ts) };
}

/**
 * Writes the address rows `memberships` holds behind for `chain` and moves the watermark's `addresses_block` to
 * its `block_number`, inside the caller's transaction: what a writer that stops cleanly does, so the store it
 * leaves is complete. A writer whose memory is not the stored watermark's (it has folded nothing since it
 * started: a crashed writer before it had folded the last blocks) first rebuilds the rows held behind from the
 * stored transactions, as a batch does. Returns the rows written.
 */
export async function flushEvmRollupAddresses(tx: Queryable, chain: number, memberships: AddressMemberships): Promise<number> {
  const watermark = await lockWatermark(tx, chain);
  if (!watermark) return 0;
  if (!memberships.adopt(chain, watermark.blockNumber)) {
    if (watermark.addressesBlock >= watermark.blockNumber) return 0;
    await loadMemberships(tx, chain, memberships, watermark);
  }
  const waiting = memberships.waiting;
  await flushAddresses(tx, chain, memberships, true);
  if (watermark.addressesBlock !== watermark.blockNumber) {
    await tx.query('UPDATE metrics_watermarks SET addresses_block = block_number WHERE chain = $1', [chain]);
  }
  memberships.settle(watermark.blockNumber);
  return waiting;
}
