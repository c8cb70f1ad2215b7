import type { Queryable } from '../../src/store/database/database.js';
import { nextPeriodStart, periodStart, PERIOD_UNITS } from '../../src/store/rollups/periods.js';
import type { Random } from './random.js';

/**
 * A random EVM chain for property tests, as rows of the EVM tables: bursts of blocks in the same second,
 * hour-long and multi-day gaps (empty periods), blocks landing exactly on and just before hour/day/week/month
 * edges, a first block in the middle of a period, creations (top-level and from factories), token transfers
 * (mints from the zero address too) and Teleporter messages.
 */
export interface GeneratedBlock {
  number: bigint;
  timestamp: number;
  rows: Record<TableName, unknown[][]>;
}

export type TableName = 'evm_blocks' | 'evm_transactions' | 'evm_token_transfers' | 'evm_contracts' | 'evm_teleporter_messages';

export const COLUMNS: Record<TableName, readonly string[]> = {
  evm_blocks: ['chain', 'number', 'hash', 'parent_hash', 'block_timestamp', 'miner', 'gas_limit', 'gas_used', 'tx_count', 'cumulative_tx_count', 'fees_spent', 'internal_txs_indexed'],
  evm_transactions: ['chain', 'block_number', 'tx_index', 'hash', 'block_timestamp', 'from_address', 'to_address', 'contract_address', 'value', 'nonce', 'tx_type', 'gas_limit', 'gas_price', 'gas_used', 'effective_gas_price', 'status', 'input'],
  evm_token_transfers: ['chain', 'block_number', 'log_index', 'batch_index', 'tx_index', 'block_timestamp', 'token', 'standard', 'from_address', 'to_address', 'token_id', 'value'],
  evm_contracts: ['chain', 'address', 'block_number', 'tx_index', 'tx_hash', 'deployer_address', 'deployer_contract', 'erc_type'],
  evm_teleporter_messages: ['chain', 'block_number', 'log_index', 'tx_index', 'block_timestamp', 'message_id', 'direction', 'source_blockchain_id', 'destination_blockchain_id', 'messenger'],
};

const ZERO_ADDRESS = new Uint8Array(20);

function nextTimestamp(r: Random, ts: number): number {
  const roll = r.next();
  if (roll < 0.25) return ts;
  if (roll < 0.7) return ts + r.int(1, 20);
  if (roll < 0.85) return ts + r.int(100, 4000);
  if (roll < 0.96) {
    const unit = r.pick(PERIOD_UNITS);
    const edge = nextPeriodStart(periodStart(ts, unit), unit);
    return r.chance(0.5) ? edge : Math.max(ts, edge - 1);
  }
  return ts + r.int(2, 12) * 86_400 + r.int(0, 86_399);
}

export function generateChain(r: Random, chain: number, blockCount: number): GeneratedBlock[] {
  const pool = Array.from({ length: r.int(5, 25) }, () => r.bytes(20));
  const address = () => (r.chance(0.1) ? r.bytes(20) : r.pick(pool));
  const blockchains = [r.bytes(32), r.bytes(32), r.bytes(32)];
  const firstNumber = r.chance(0.5) ? 0n : BigInt(r.int(1, 100_000));
  let ts = Date.UTC(2023 + r.int(0, 2), r.int(0, 11), r.int(1, 28), r.int(0, 23), r.int(0, 59), r.int(0, 59)) / 1000;
  let cumulative = 0n;
  const blocks: GeneratedBlock[] = [];
  for (let k = 0; k < blockCount; k++) {
    if (k > 0) ts = nextTimestamp(r, ts);
    const number = firstNumber + BigInt(k);
    const rows: Record<TableName, unknown[][]> = { evm_blocks: [], evm_transactions: [], evm_token_transfers: [], evm_contracts: [], evm_teleporter_messages: [] };
    const txCount = r.chance(0.3) ? 0 : r.int(1, 4);
    let logIndex = 0;
    let gasTotal = 0n;
    let fees = 0n;
    for (let i = 0; i < txCount; i++) {
      const from = address();
      const creation = r.chance(0.08);
      const gasUsed = BigInt(r.int(21_000, 500_000));
      const price = r.chance(0.05) ? 10n ** 30n + BigInt(r.int(0, 1e9)) : BigInt(r.int(1, 1_000_000)) * 1_000_000_000n;
      const hash = r.bytes(32);
      const created = creation ? r.bytes(20) : null;
      gasTotal += gasUsed;
      fees += gasUsed * price;
      rows.evm_transactions.push([
        chain, number, i, hash, ts, from, creation ? null : address(), created, BigInt(r.int(0, 1e9)), BigInt(i), 2, gasUsed + 1000n, price,
        gasUsed, price, r.chance(0.1) ? 0 : 1, new Uint8Array([i]),
      ]);
      if (created) rows.evm_contracts.push([chain, created, number, i, hash, from, null, 'UNKNOWN']);
      if (r.chance(0.05)) rows.evm_contracts.push([chain, r.bytes(20), number, i, hash, from, r.pick(pool), 'ERC-20']);
      const transfers = r.chance(0.5) ? 0 : r.int(1, 3);
      for (let t = 0; t < transfers; t++) {
        const standard = r.pick([20, 721, 1155] as const);
        rows.evm_token_transfers.push([
          chain, number, logIndex++, 0, i, ts, r.pick(pool), standard, r.chance(0.2) ? ZERO_ADDRESS : address(), address(),
          standard === 20 ? null : BigInt(r.int(0, 50)), BigInt(r.int(1, 1e6)),
        ]);
      }
      if (r.chance(0.06)) {
        rows.evm_teleporter_messages.push([
          chain, number, logIndex++, i, ts, r.bytes(32), r.pick(['SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION']), r.pick(blockchains),
          r.pick(blockchains), ZERO_ADDRESS,
        ]);
      }
    }
    cumulative += BigInt(txCount);
    const blockGas = r.chance(0.1) ? gasTotal + BigInt(r.int(1, 100_000)) : gasTotal;
    rows.evm_blocks.push([chain, number, r.bytes(32), r.bytes(32), ts, ZERO_ADDRESS, 15_000_000n, blockGas, txCount, cumulative, fees, true]);
    blocks.push({ number, timestamp: ts, rows });
  }
  return blocks;
}

/** Write the rows of `blocks` with one COPY per table, as the indexer's write() does. */
export async function writeBlocks(db: Queryable, blocks: readonly GeneratedBlock[]): Promise<void> {
  for (const table of Object.keys(COLUMNS) as TableName[]) {
    await db.copyRows(table, COLUMNS[table], blocks.flatMap((b) => b.rows[table]));
  }
}

/** Random consecutive batches covering `blocks`. */
export function randomBatches<T>(r: Random, items: readonly T[], maxSize: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; ) {
    const size = r.int(1, maxSize);
    batches.push(items.slice(i, i + size));
    i += size;
  }
  return batches;
}
