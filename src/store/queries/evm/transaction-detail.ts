import { KEY_LOOKUP, type Queryable, type Row } from '../../database/database.js';
import type { ContractErcType, TeleporterDirection } from '../../writers/evm/evm-batch.js';
import { evmNftTokenFromRow, NFT_TOKEN_COLUMNS, type EvmNftToken } from './nft-tokens.js';
import { big, bytes, num, optBig, optBytes, optNum, optText } from './rows.js';
import { getEvmTransaction, type EvmTransaction } from './transactions.js';

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
}

/** A transaction by hash with its token transfers (and token info), internal transactions and Teleporter messages. */
export async function getEvmTransactionDetail(db: Queryable, chain: number, hash: Uint8Array): Promise<EvmTransactionDetail | undefined> {
  const transaction = await getEvmTransaction(db, chain, hash);
  if (!transaction) return undefined;
  const at = [chain, transaction.blockNumber.toString(), transaction.index];
  const [transfers, internal, traced, teleporter] = await Promise.all([
    db.query(
      `SELECT x.log_index, x.batch_index, x.token, x.standard, x.from_address, x.to_address, x.token_id, x.value, x.operator,
              c.erc_type AS contract_erc_type, c.name AS contract_name, c.symbol AS contract_symbol, c.decimals AS contract_decimals,
              ${NFT_TOKEN_COLUMNS}
       FROM evm_token_transfers x
       LEFT JOIN evm_contracts c ON c.chain = x.chain AND c.address = x.token
       LEFT JOIN evm_nft_tokens n ON n.chain = x.chain AND n.contract = x.token AND n.token_id = x.token_id
       WHERE x.chain = $1 AND x.block_number = $2 AND x.tx_index = $3
       ORDER BY x.log_index, x.batch_index`,
      at,
      KEY_LOOKUP,
    ),
    db.query(
      `SELECT * FROM evm_internal_transactions WHERE chain = $1 AND block_number = $2 AND tx_index = $3 ORDER BY trace_index`,
      at,
      KEY_LOOKUP,
    ),
    db.query<{ internal_txs_indexed: boolean }>('SELECT internal_txs_indexed FROM evm_blocks WHERE chain = $1 AND number = $2', at.slice(0, 2), KEY_LOOKUP),
    db.query(
      `SELECT * FROM evm_teleporter_messages WHERE chain = $1 AND block_number = $2 AND tx_index = $3 ORDER BY log_index`,
      at,
      KEY_LOOKUP,
    ),
  ]);

  const detail: EvmTransactionDetail = {
    transaction,
    erc20Transfers: [],
    erc721Transfers: [],
    erc1155Transfers: [],
    teleporterMessages: teleporter.rows.map(teleporterFromRow),
  };
  for (const r of transfers.rows) {
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
  if (traced.rows[0]?.internal_txs_indexed) detail.internalTransactions = internal.rows.map(internalFromRow);
  return detail;
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
