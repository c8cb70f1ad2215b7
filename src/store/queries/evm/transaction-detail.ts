import { hexOf } from '../../../lib/hex.js';
import { KEY_LOOKUP, type Queryable, type Row } from '../../database/database.js';
import type { ContractErcType, TeleporterDirection } from '../../writers/evm/evm-batch.js';
import { evmNftTokenFromRow, NFT_TOKEN_COLUMNS, type EvmNftToken } from './nft-tokens.js';
import { big, bytes, num, optBig, optBytes, optNum, optText } from './rows.js';
import { addLabelFromRow, labelColumns, type ContractLabel } from '../evm-api/contract-labels.js';
import { evmTransactionFromRow, FROM_JOINED, LIST_COLUMNS, type EvmTransaction } from './transactions.js';

/** The token contract of a transfer, as far as the store knows it (ercType undefined: its creation was not seen). */
export interface TransferToken {
  address: Uint8Array;
  ercType?: ContractErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
}

export interface Erc20TransferDetail {
  logIndex: number;
  from: Uint8Array;
  to: Uint8Array;
  value: bigint;
  token: TransferToken;
}

export interface Erc721TransferDetail {
  logIndex: number;
  from: Uint8Array;
  to: Uint8Array;
  tokenId: bigint;
  token: TransferToken;
  nft?: EvmNftToken;
}

export interface Erc1155TransferDetail {
  logIndex: number;
  batchIndex: number;
  operator?: Uint8Array;
  from: Uint8Array;
  to: Uint8Array;
  tokenId: bigint;
  value: bigint;
  token: TransferToken;
  nft?: EvmNftToken;
}

export interface EvmInternalTransaction {
  traceIndex: number;
  depth: number;
  callType: string;
  from: Uint8Array;
  to?: Uint8Array;
  value?: bigint;
  gas: bigint;
  gasUsed: bigint;
  reverted: boolean;
  error?: string;
}

export interface EvmTeleporterMessage {
  logIndex: number;
  messageId: Uint8Array;
  direction: TeleporterDirection;
  sourceBlockchainId: Uint8Array;
  destinationBlockchainId: Uint8Array;
  messenger: Uint8Array;
  messageNonce?: bigint;
  originSender?: Uint8Array;
  destinationAddress?: Uint8Array;
  requiredGasLimit?: bigint;
  feeToken?: Uint8Array;
  feeAmount?: bigint;
  deliverer?: Uint8Array;
  rewardRedeemer?: Uint8Array;
}

/** Everything the Data API's getTransaction shows, from the store. */
export interface EvmTransactionDetail {
  transaction: EvmTransaction;
  erc20Transfers: Erc20TransferDetail[];
  erc721Transfers: Erc721TransferDetail[];
  erc1155Transfers: Erc1155TransferDetail[];
  /**
   * Call frames below the top-level call, in pre-order (the top-level call is the transaction itself).
   * Undefined when the node could not trace the block (no debug API).
   */
  internalTransactions?: EvmInternalTransaction[];
  teleporterMessages: EvmTeleporterMessage[];
  /** Labels of the contracts among the addresses shown (the sender and recipient of the transaction, its transfers and its internal transactions). */
  labels: Map<string, ContractLabel>;
}

/**
 * A transaction by hash with its token transfers (and token info), internal transactions, Teleporter messages and
 * the labels of the contracts among its addresses.
 */
export async function getEvmTransactionDetail(db: Queryable, chain: number, hash: Uint8Array): Promise<EvmTransactionDetail | undefined> {
  return (await getEvmTransactionDetails(db, chain, [hash])).get(hexOf(hash));
}

/**
 * The details of several transactions, keyed by hex hash (hashes the chain does not have are left out). Four
 * statements, each finding its rows from the hashes, run at once: the details cost one round trip's wait, however
 * many they are.
 */
export async function getEvmTransactionDetails(db: Queryable, chain: number, hashes: readonly Uint8Array[]): Promise<Map<string, EvmTransactionDetail>> {
  const out = new Map<string, EvmTransactionDetail>();
  if (hashes.length === 0) return out;
  const key = [chain, hashes];
  const byHash = 'evm_transactions t';
  const ofTx = (alias: string) => `${alias}.chain = t.chain AND ${alias}.block_number = t.block_number AND ${alias}.tx_index = t.tx_index`;
  const contractAt = (alias: string, address: string) => `LEFT JOIN evm_contracts ${alias} ON ${alias}.chain = t.chain AND ${alias}.address = ${address}`;
  const where = 't.hash = ANY($2::bytea[]) AND t.chain = $1';
  const [found, transfers, internal, teleporter] = await Promise.all([
    db.query(
      `SELECT ${LIST_COLUMNS}, t.input, b.internal_txs_indexed, ${labelColumns('lf', 'from')}, ${labelColumns('lt', 'to')}
       FROM ${FROM_JOINED} ${contractAt('lf', 't.from_address')} ${contractAt('lt', 'COALESCE(t.to_address, t.contract_address)')}
       WHERE ${where}`,
      key,
      KEY_LOOKUP,
    ),
    db.query(
      `SELECT t.hash AS tx_hash, x.log_index, x.batch_index, x.token, x.standard, x.from_address, x.to_address, x.token_id, x.value, x.operator,
              c.erc_type AS contract_erc_type, c.name AS contract_name, c.symbol AS contract_symbol, c.decimals AS contract_decimals,
              ${NFT_TOKEN_COLUMNS}, ${labelColumns('lf', 'from')}, ${labelColumns('lt', 'to')}
       FROM ${byHash} JOIN evm_token_transfers x ON ${ofTx('x')}
       LEFT JOIN evm_contracts c ON c.chain = x.chain AND c.address = x.token
       LEFT JOIN evm_nft_tokens n ON n.chain = x.chain AND n.contract = x.token AND n.token_id = x.token_id
       ${contractAt('lf', 'x.from_address')} ${contractAt('lt', 'x.to_address')}
       WHERE ${where}
       ORDER BY x.block_number, x.tx_index, x.log_index, x.batch_index`,
      key,
      KEY_LOOKUP,
    ),
    db.query(
      `SELECT t.hash AS tx_hash, i.*, ${labelColumns('lf', 'from')}, ${labelColumns('lt', 'to')}
       FROM ${byHash} JOIN evm_internal_transactions i ON ${ofTx('i')} ${contractAt('lf', 'i.from_address')} ${contractAt('lt', 'i.to_address')}
       WHERE ${where} ORDER BY i.block_number, i.tx_index, i.trace_index`,
      key,
      KEY_LOOKUP,
    ),
    db.query(
      `SELECT t.hash AS tx_hash, m.* FROM ${byHash} JOIN evm_teleporter_messages m ON ${ofTx('m')} WHERE ${where}
       ORDER BY m.block_number, m.tx_index, m.log_index`,
      key,
      KEY_LOOKUP,
    ),
  ]);
  for (const row of found.rows) {
    const transaction = evmTransactionFromRow(row);
    const labels = new Map<string, ContractLabel>();
    addLabelFromRow(labels, transaction.from, row, 'from');
    addLabelFromRow(labels, transaction.to ?? transaction.contractAddress, row, 'to');
    const detail: EvmTransactionDetail = { transaction, labels, erc20Transfers: [], erc721Transfers: [], erc1155Transfers: [], teleporterMessages: [] };
    if (row.internal_txs_indexed === true) detail.internalTransactions = [];
    out.set(hexOf(transaction.hash), detail);
  }
  const detailOf = (r: Row) => out.get(hexOf(bytes(r.tx_hash)));
  for (const r of [...transfers.rows, ...internal.rows]) {
    const labels = detailOf(r)?.labels;
    if (!labels) continue;
    addLabelFromRow(labels, bytes(r.from_address), r, 'from');
    addLabelFromRow(labels, optBytes(r.to_address), r, 'to');
  }
  for (const r of transfers.rows) {
    const detail = detailOf(r);
    if (!detail) continue;
    const token = transferTokenFromRow(r);
    const base = { logIndex: num(r.log_index), from: bytes(r.from_address), to: bytes(r.to_address), token };
    const standard = num(r.standard);
    if (standard === 20) {
      detail.erc20Transfers.push({ ...base, value: big(r.value) });
    } else if (standard === 721) {
      detail.erc721Transfers.push({ ...base, tokenId: big(r.token_id), nft: evmNftTokenFromRow(r, token) });
    } else {
      detail.erc1155Transfers.push({
        ...base, batchIndex: num(r.batch_index), operator: optBytes(r.operator), tokenId: big(r.token_id), value: big(r.value), nft: evmNftTokenFromRow(r, token),
      });
    }
  }
  for (const r of internal.rows) detailOf(r)?.internalTransactions?.push(internalFromRow(r));
  for (const r of teleporter.rows) detailOf(r)?.teleporterMessages.push(teleporterFromRow(r));
  return out;
}

function transferTokenFromRow(r: Row): TransferToken {
  return {
    address: bytes(r.token),
    ercType: (optText(r.contract_erc_type) as ContractErcType | undefined),
    name: optText(r.contract_name),
    symbol: optText(r.contract_symbol),
    decimals: optNum(r.contract_decimals),
  };
}

function internalFromRow(r: Row): EvmInternalTransaction {
  return {
    traceIndex: num(r.trace_index),
    depth: num(r.depth),
    callType: String(r.call_type),
    from: bytes(r.from_address),
    to: optBytes(r.to_address),
    value: optBig(r.value),
    gas: big(r.gas),
    gasUsed: big(r.gas_used),
    reverted: r.reverted === true,
    error: optText(r.error),
  };
}

function teleporterFromRow(r: Row): EvmTeleporterMessage {
  return {
    logIndex: num(r.log_index),
    messageId: bytes(r.message_id),
    direction: r.direction as TeleporterDirection,
    sourceBlockchainId: bytes(r.source_blockchain_id),
    destinationBlockchainId: bytes(r.destination_blockchain_id),
    messenger: bytes(r.messenger),
    messageNonce: optBig(r.message_nonce),
    originSender: optBytes(r.origin_sender),
    destinationAddress: optBytes(r.destination_address),
    requiredGasLimit: optBig(r.required_gas_limit),
    feeToken: optBytes(r.fee_token),
    feeAmount: optBig(r.fee_amount),
    deliverer: optBytes(r.deliverer),
    rewardRedeemer: optBytes(r.reward_redeemer),
  };
}
