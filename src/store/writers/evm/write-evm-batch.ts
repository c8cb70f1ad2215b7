import type { Queryable } from '../../database/database.js';
import { CopyBinaryBuffer, columnNames, copyBinary, type CopyColumns } from '../../database/copy-binary.js';
import type { EvmBatch, EvmBlockRecord, EvmContractRecord, EvmNftTokenRecord } from './evm-batch.js';
import { hexOf } from '../../../lib/hex.js';

/** Rows of one table already in binary COPY format. */
export interface CopyData {
  table: string;
  columns: readonly string[];
  data: Buffer;
  rows: number;
}

/**
 * An EVM batch as it waits for its turn to be written: its append-only rows as binary COPY data (a few kilobytes a block,
 * outside the JS heap, where the decoded records took several times that on it), its blocks, contracts and NFTs as
 * records (a block row takes the cumulative tx count of the stored parent, known only when it is written).
 */
export interface PreparedEvmBatch {
  blocks: EvmBlockRecord[];
  copies: CopyData[];
  contracts: EvmContractRecord[];
  nftTokens: EvmNftTokenRecord[];
  transactions: number;
  /** Rows the batch writes. */
  rows: number;
}

/** The records of the append-only tables: what an EvmBatchPreparer encodes as they are decoded. */
export type EvmAppendOnlyRows = Pick<EvmBatch, 'transactions' | 'logs' | 'tokenTransfers' | 'internalTransactions' | 'teleporterMessages'>;

/** One append-only table's binary COPY data, grown part by part. */
class TableData<T> {
  private data: CopyBinaryBuffer | undefined;
  private readonly names: readonly string[];

  constructor(readonly table: string, readonly columns: CopyColumns, private readonly row: (r: T) => unknown[]) {
    this.names = columnNames(columns);
  }

  add(records: readonly T[]): void {
    if (records.length === 0) return;
    const data = (this.data ??= new CopyBinaryBuffer(this.columns));
    for (const r of records) data.row(this.row(r));
  }

  get rows(): number {
    return this.data?.rows ?? 0;
  }

  /** An exact-size copy: the buffer grows by doubling, and a prepared batch may wait a while. */
  copyData(): CopyData | undefined {
    return this.data ? { table: this.table, columns: this.names, data: Buffer.from(this.data.bytes()), rows: this.data.rows } : undefined;
  }
}

/**
 * Encodes an EVM batch's append-only rows for chain `chain` a part at a time (see PreparedEvmBatch): a fetch hands
 * each part's records over as soon as they are decoded, so they die young instead of waiting, on the JS heap and
 * through several young-generation GCs, for the batch's last part.
 */
export class EvmBatchPreparer {
  private readonly tables: { copyData(): CopyData | undefined }[];
  private readonly transactions: TableData<EvmBatch['transactions'][number]>;
  private readonly logs: TableData<EvmBatch['logs'][number]>;
  private readonly transfers: TableData<EvmBatch['tokenTransfers'][number]>;
  private readonly internals: TableData<EvmBatch['internalTransactions'][number]>;
  private readonly teleporter: TableData<EvmBatch['teleporterMessages'][number]>;

  constructor(chain: number) {
    this.transactions = new TableData('evm_transactions', TX_COLUMNS, (t) => [
      chain, t.blockNumber, t.index, t.hash, t.blockTimestamp, t.from, t.to, t.contractAddress, t.value, t.nonce, t.type, t.gasLimit,
      t.gasPrice, t.maxFeePerGas, t.maxPriorityFeePerGas, t.gasUsed, t.effectiveGasPrice, t.status, t.methodId, t.input,
    ]);
    this.logs = new TableData('evm_logs', LOG_COLUMNS, (l) => [chain, l.blockNumber, l.logIndex, l.txIndex, l.address, l.topics[0], l.topics[1], l.topics[2], l.topics[3], l.data]);
    this.transfers = new TableData('evm_token_transfers', TRANSFER_COLUMNS, (t) => [
      chain, t.blockNumber, t.logIndex, t.batchIndex, t.txIndex, t.blockTimestamp, t.token, t.standard, t.from, t.to, t.tokenId, t.value, t.operator,
    ]);
    this.internals = new TableData('evm_internal_transactions', INTERNAL_COLUMNS, (t) => [
      chain, t.blockNumber, t.txIndex, t.traceIndex, t.depth, t.callType, t.from, t.to, t.value, t.gas, t.gasUsed, t.reverted, t.error,
    ]);
    this.teleporter = new TableData('evm_teleporter_messages', TELEPORTER_COLUMNS, (m) => [
      chain, m.blockNumber, m.logIndex, m.txIndex, m.blockTimestamp, m.messageId, m.direction, m.sourceBlockchainId, m.destinationBlockchainId,
      m.messenger, m.messageNonce, m.originSender, m.destinationAddress, m.requiredGasLimit, m.feeToken, m.feeAmount, m.deliverer, m.rewardRedeemer,
    ]);
    this.tables = [this.transactions, this.logs, this.transfers, this.internals, this.teleporter];
  }

  /** The next part's records, in block order. */
  add(rows: EvmAppendOnlyRows): void {
    this.transactions.add(rows.transactions);
    this.logs.add(rows.logs);
    this.transfers.add(rows.tokenTransfers);
    this.internals.add(rows.internalTransactions);
    this.teleporter.add(rows.teleporterMessages);
  }

  /** The prepared batch: every part added, with the range's blocks, contracts and NFTs. */
  finish(rest: Pick<EvmBatch, 'blocks' | 'contracts' | 'nftTokens'>): PreparedEvmBatch {
    const copies: CopyData[] = [];
    for (const t of this.tables) {
      const c = t.copyData();
      if (c) copies.push(c);
    }
    let rows = rest.blocks.length + rest.contracts.length + rest.nftTokens.length;
    for (const c of copies) rows += c.rows;
    return { blocks: rest.blocks, copies, contracts: rest.contracts, nftTokens: rest.nftTokens, transactions: this.transactions.rows, rows };
  }
}

/** Encodes a whole decoded batch's append-only rows for chain `chain` (see PreparedEvmBatch). */
export function prepareEvmBatch(chain: number, batch: EvmBatch): PreparedEvmBatch {
  const preparer = new EvmBatchPreparer(chain);
  preparer.add(batch);
  return preparer.finish(batch);
}

/**
 * Write a decoded range of EVM blocks: one COPY per append-only table, one upsert statement each for
 * contracts (an address can be created again after a self-destruct) and NFTs (owner and URI change).
 * Runs inside the follower's transaction. Returns the number of rows written.
 */
export function writeEvmBatch(db: Queryable, chain: number, batch: EvmBatch): Promise<number> {
  return writePreparedEvmBatch(db, chain, prepareEvmBatch(chain, batch));
}

/** writeEvmBatch of a prepared batch. */
export async function writePreparedEvmBatch(db: Queryable, chain: number, batch: PreparedEvmBatch): Promise<number> {
  const first = batch.blocks[0];
  if (!first) return 0;
  let cumulative = await cumulativeBefore(db, chain, first.number);

  const blockRows: unknown[][] = new Array(batch.blocks.length);
  for (let i = 0; i < batch.blocks.length; i++) {
    const b = batch.blocks[i]!;
    cumulative += BigInt(b.txCount);
    blockRows[i] = [
      chain, b.number, b.hash, b.parentHash, b.timestamp, b.timestampMs, b.minDelayExcess, b.miner, b.size, b.gasLimit, b.gasUsed,
      b.baseFee, b.blockGasCost, b.extDataGasUsed, b.txCount, cumulative, b.feesSpent, b.internalTxsIndexed,
    ];
  }
  await db.copyFromBinary('evm_blocks', BLOCK_COLUMN_NAMES, copyBinary(BLOCK_COLUMNS, blockRows));
  for (const c of batch.copies) await db.copyFromBinary(c.table, c.columns, c.data);

  await upsertContracts(db, chain, batch.contracts);
  await upsertNftTokens(db, chain, batch.nftTokens);
  return batch.rows;
}

/** Transactions of the chain before block `number`, from the stored parent. */
async function cumulativeBefore(db: Queryable, chain: number, number: bigint): Promise<bigint> {
  if (number === 0n) return 0n;
  const { rows } = await db.query<{ cumulative_tx_count: string }>(
    'SELECT cumulative_tx_count FROM evm_blocks WHERE chain = $1 AND number = $2',
    [chain, (number - 1n).toString()],
  );
  const row = rows[0];
  if (!row) throw new Error(`EVM block ${number - 1n} of chain ${chain} is not stored: blocks must be written in order`);
  return BigInt(row.cumulative_tx_count);
}

// Each column with its type in the table (migration 2): binary COPY fails on any other type.
const BLOCK_COLUMNS: CopyColumns = [
  ['chain', 'int4'], ['number', 'int8'], ['hash', 'bytea'], ['parent_hash', 'bytea'], ['block_timestamp', 'int8'], ['timestamp_ms', 'int8'],
  ['min_delay_excess', 'numeric'], ['miner', 'bytea'], ['size', 'int4'], ['gas_limit', 'numeric'], ['gas_used', 'numeric'], ['base_fee', 'numeric'],
  ['block_gas_cost', 'numeric'], ['ext_data_gas_used', 'numeric'], ['tx_count', 'int4'], ['cumulative_tx_count', 'int8'], ['fees_spent', 'numeric'],
  ['internal_txs_indexed', 'bool'],
];
const BLOCK_COLUMN_NAMES = columnNames(BLOCK_COLUMNS);
const TX_COLUMNS: CopyColumns = [
  ['chain', 'int4'], ['block_number', 'int8'], ['tx_index', 'int4'], ['hash', 'bytea'], ['block_timestamp', 'int8'], ['from_address', 'bytea'],
  ['to_address', 'bytea'], ['contract_address', 'bytea'], ['value', 'numeric'], ['nonce', 'numeric'], ['tx_type', 'int2'], ['gas_limit', 'numeric'],
  ['gas_price', 'numeric'], ['max_fee_per_gas', 'numeric'], ['max_priority_fee_per_gas', 'numeric'], ['gas_used', 'numeric'],
  ['effective_gas_price', 'numeric'], ['status', 'int2'], ['method_id', 'bytea'], ['input', 'bytea'],
];
const LOG_COLUMNS: CopyColumns = [
  ['chain', 'int4'], ['block_number', 'int8'], ['log_index', 'int4'], ['tx_index', 'int4'], ['address', 'bytea'], ['topic0', 'bytea'], ['topic1', 'bytea'],
  ['topic2', 'bytea'], ['topic3', 'bytea'], ['data', 'bytea'],
];
const TRANSFER_COLUMNS: CopyColumns = [
  ['chain', 'int4'], ['block_number', 'int8'], ['log_index', 'int4'], ['batch_index', 'int4'], ['tx_index', 'int4'], ['block_timestamp', 'int8'],
  ['token', 'bytea'], ['standard', 'int2'], ['from_address', 'bytea'], ['to_address', 'bytea'], ['token_id', 'numeric'], ['value', 'numeric'],
  ['operator', 'bytea'],
];
const INTERNAL_COLUMNS: CopyColumns = [
  ['chain', 'int4'], ['block_number', 'int8'], ['tx_index', 'int4'], ['trace_index', 'int4'], ['depth', 'int2'], ['call_type', 'text'],
  ['from_address', 'bytea'], ['to_address', 'bytea'], ['value', 'numeric'], ['gas', 'numeric'], ['gas_used', 'numeric'], ['reverted', 'bool'],
  ['error', 'text'],
];
const TELEPORTER_COLUMNS: CopyColumns = [
  ['chain', 'int4'], ['block_number', 'int8'], ['log_index', 'int4'], ['tx_index', 'int4'], ['block_timestamp', 'int8'], ['message_id', 'bytea'],
  ['direction', 'text'], ['source_blockchain_id', 'bytea'], ['destination_blockchain_id', 'bytea'], ['messenger', 'bytea'],
  ['message_nonce', 'numeric'], ['origin_sender', 'bytea'], ['destination_address', 'bytea'], ['required_gas_limit', 'numeric'],
  ['fee_token', 'bytea'], ['fee_amount', 'numeric'], ['deliverer', 'bytea'], ['reward_redeemer', 'bytea'],
];

/** The tables an EVM batch bulk-loads, with their columns' types (what the schema test checks against the migrated store). */
export const EVM_COPY_TABLES: Readonly<Record<string, CopyColumns>> = {
  evm_blocks: BLOCK_COLUMNS, evm_transactions: TX_COLUMNS, evm_logs: LOG_COLUMNS, evm_token_transfers: TRANSFER_COLUMNS,
  evm_internal_transactions: INTERNAL_COLUMNS, evm_teleporter_messages: TELEPORTER_COLUMNS,
};

function hex(bytes: Uint8Array | undefined): string | null {
  return bytes ? hexOf(bytes) : null;
}

async function upsertContracts(db: Queryable, chain: number, contracts: readonly EvmContractRecord[]): Promise<void> {
  if (contracts.length === 0) return;
  const records = contracts.map((c) => ({
    address: hex(c.address), block_number: c.blockNumber.toString(), tx_index: c.txIndex, tx_hash: hex(c.txHash), deployer: hex(c.deployer),
    deployer_contract: hex(c.deployerContract), erc_type: c.ercType, name: c.name ?? null, symbol: c.symbol ?? null, decimals: c.decimals ?? null,
  }));
  await db.query(
    `INSERT INTO evm_contracts (chain, address, block_number, tx_index, tx_hash, deployer_address, deployer_contract, erc_type, name, symbol, decimals)
     SELECT $1, decode(r.address, 'hex'), r.block_number, r.tx_index, decode(r.tx_hash, 'hex'), decode(r.deployer, 'hex'),
            decode(r.deployer_contract, 'hex'), r.erc_type, r.name, r.symbol, r.decimals
     FROM jsonb_to_recordset($2::jsonb) AS r(address text, block_number bigint, tx_index integer, tx_hash text, deployer text,
                                             deployer_contract text, erc_type text, name text, symbol text, decimals smallint)
     ON CONFLICT (chain, address) DO UPDATE SET
       block_number = EXCLUDED.block_number, tx_index = EXCLUDED.tx_index, tx_hash = EXCLUDED.tx_hash,
       deployer_address = EXCLUDED.deployer_address, deployer_contract = EXCLUDED.deployer_contract,
       erc_type = EXCLUDED.erc_type, name = EXCLUDED.name, symbol = EXCLUDED.symbol, decimals = EXCLUDED.decimals`,
    [chain, JSON.stringify(records)],
  );
}

const URI_CHANGED = 'EXCLUDED.token_uri IS NOT NULL AND EXCLUDED.token_uri IS DISTINCT FROM t.token_uri';

/**
 * Insert new NFTs, move the owner of ERC-721s, and take a URI read at a (re)mint. A changed URI sends the
 * token back to the metadata fetcher's queue with a clean slate.
 */
async function upsertNftTokens(db: Queryable, chain: number, tokens: readonly EvmNftTokenRecord[]): Promise<void> {
  if (tokens.length === 0) return;
  const records = tokens.map((t) => ({
    contract: hex(t.contract), token_id: t.tokenId.toString(), erc_type: t.ercType, token_uri: t.tokenUri ?? null, owner: hex(t.owner),
    first_block: t.firstBlock.toString(), last_block: t.lastBlock.toString(),
  }));
  await db.query(
    `INSERT INTO evm_nft_tokens AS t (chain, contract, token_id, erc_type, token_uri, owner, first_block, last_transfer_block)
     SELECT $1, decode(r.contract, 'hex'), r.token_id::numeric(78,0), r.erc_type, r.token_uri, decode(r.owner, 'hex'), r.first_block, r.last_block
     FROM jsonb_to_recordset($2::jsonb) AS r(contract text, token_id text, erc_type text, token_uri text, owner text, first_block bigint, last_block bigint)
     ON CONFLICT (chain, contract, token_id) DO UPDATE SET
       owner = COALESCE(EXCLUDED.owner, t.owner),
       last_transfer_block = EXCLUDED.last_transfer_block,
       token_uri = COALESCE(EXCLUDED.token_uri, t.token_uri),
       metadata_status = CASE WHEN ${URI_CHANGED} THEN 'UNINDEXED' ELSE t.metadata_status END,
       metadata_attempts = CASE WHEN ${URI_CHANGED} THEN 0 ELSE t.metadata_attempts END,
       metadata_error = CASE WHEN ${URI_CHANGED} THEN NULL ELSE t.metadata_error END`,
    [chain, JSON.stringify(records)],
  );
}
