import { KEY_LOOKUP, type Queryable, type Row } from '../../database/database.js';
import { checkPageSize, toPage, type Page, type SortOrder } from './page.js';
import { big, bytes, num, optBig, optBytes, optNum } from './rows.js';

/** A stored transaction with its receipt and the block fields the Data API shows beside it. */
export interface EvmTransaction {
  blockNumber: bigint;
  blockHash: Uint8Array;
  blockTimestamp: number;
  blockTimestampMs?: number;
  blockMinDelayExcess?: bigint;
  /** The block's base fee (FullNativeTransactionDetails.baseFeePerGas). */
  blockBaseFee?: bigint;
  /** Position in the block. */
  index: number;
  hash: Uint8Array;
  /** 1 success, 0 failed; absent for pre-Byzantium receipts. */
  status?: number;
  type: number;
  from: Uint8Array;
  /** Absent for a contract creation. */
  to?: Uint8Array;
  contractAddress?: Uint8Array;
  value: bigint;
  nonce: bigint;
  gasLimit: bigint;
  gasPrice: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** 4-byte selector of a call's input. */
  methodId?: Uint8Array;
  /** Only from getEvmTransaction (lists leave it out). */
  input?: Uint8Array;
}

export interface EvmTransactionCursor {
  blockNumber: bigint;
  index: number;
}

export type EvmTransactionStatusFilter = 'success' | 'failed';

export interface ListEvmTransactionsOptions {
  chain: number;
  pageSize: number;
  after?: EvmTransactionCursor;
  status?: EvmTransactionStatusFilter;
  sortOrder?: SortOrder;
}

/** A transaction's columns with its block's, from TRANSACTION_FROM, for evmTransactionFromRow. */
export const LIST_COLUMNS = `t.block_number, t.tx_index, t.hash, t.block_timestamp, t.from_address, t.to_address, t.contract_address, t.value,
  t.nonce, t.tx_type, t.gas_limit, t.gas_price, t.max_fee_per_gas, t.max_priority_fee_per_gas, t.gas_used, t.effective_gas_price,
  t.status, t.method_id, b.hash AS block_hash, b.timestamp_ms, b.min_delay_excess, b.base_fee`;

export const FROM_JOINED = 'evm_transactions t JOIN evm_blocks b ON b.chain = t.chain AND b.number = t.block_number';

export function evmTransactionFromRow(r: Row): EvmTransaction {
  const tx: EvmTransaction = {
    blockNumber: big(r.block_number),
    blockHash: bytes(r.block_hash),
    blockTimestamp: num(r.block_timestamp),
    blockTimestampMs: optNum(r.timestamp_ms),
    blockMinDelayExcess: optBig(r.min_delay_excess),
    blockBaseFee: optBig(r.base_fee),
    index: num(r.tx_index),
    hash: bytes(r.hash),
    status: optNum(r.status),
    type: num(r.tx_type),
    from: bytes(r.from_address),
    to: optBytes(r.to_address),
    contractAddress: optBytes(r.contract_address),
    value: big(r.value),
    nonce: big(r.nonce),
    gasLimit: big(r.gas_limit),
    gasPrice: big(r.gas_price),
    maxFeePerGas: optBig(r.max_fee_per_gas),
    maxPriorityFeePerGas: optBig(r.max_priority_fee_per_gas),
    gasUsed: big(r.gas_used),
    effectiveGasPrice: big(r.effective_gas_price),
    methodId: optBytes(r.method_id),
  };
  if (r.input !== undefined) tx.input = bytes(r.input);
  return tx;
}

/** Latest transactions first (keyset on block number, then position in the block), optionally by status. */
export async function listEvmTransactions(db: Queryable, options: ListEvmTransactionsOptions): Promise<Page<EvmTransaction, EvmTransactionCursor>> {
  checkPageSize(options.pageSize);
  const desc = (options.sortOrder ?? 'desc') === 'desc';
  const params: unknown[] = [options.chain, options.pageSize + 1];
  let where = 't.chain = $1';
  // a literal, so the planner can use the partial index of failed transactions
  if (options.status === 'failed') where += ' AND t.status = 0';
  else if (options.status === 'success') where += ' AND t.status = 1';
  if (options.after) {
    params.push(options.after.blockNumber.toString(), options.after.index);
    where += desc ? ' AND (t.block_number, t.tx_index) < ($3, $4)' : ' AND (t.block_number, t.tx_index) > ($3, $4)';
  }
  const order = desc ? 'DESC' : 'ASC';
  const { rows } = await db.query(
    `SELECT ${LIST_COLUMNS} FROM ${FROM_JOINED} WHERE ${where} ORDER BY t.block_number ${order}, t.tx_index ${order} LIMIT $2`,
    params,
  );
  return toPage(rows.map(evmTransactionFromRow), options.pageSize, (last) => ({ blockNumber: last.blockNumber, index: last.index }));
}

/** One transaction by hash, with its input. */
export async function getEvmTransaction(db: Queryable, chain: number, hash: Uint8Array): Promise<EvmTransaction | undefined> {
  const { rows } = await db.query(`SELECT ${LIST_COLUMNS}, t.input FROM ${FROM_JOINED} WHERE t.hash = $2 AND t.chain = $1`, [chain, hash], KEY_LOOKUP);
  return rows[0] ? evmTransactionFromRow(rows[0]) : undefined;
}
