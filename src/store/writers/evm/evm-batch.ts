/**
 * The decoded rows of a range of EVM blocks, as the indexer hands them to the store. Domain types only:
 * bigint for quantities, Uint8Array for hashes, addresses and data. Heights are the chain's block numbers.
 */

export interface EvmBlockRecord {
  number: bigint;
  hash: Uint8Array;
  parentHash: Uint8Array;
  /** Unix seconds. */
  timestamp: bigint;
  /** Granite+: the block's timestamp in milliseconds. */
  timestampMs?: bigint;
  /** Granite+ (ACP-226). */
  minDelayExcess?: bigint;
  miner: Uint8Array;
  /** Encoded size in bytes, when the node reports it. */
  size?: number;
  gasLimit: bigint;
  gasUsed: bigint;
  /** Absent before Apricot Phase 3. */
  baseFee?: bigint;
  /** Apricot Phase 4+ (C-chain) / Subnet-EVM. */
  blockGasCost?: bigint;
  /** C-chain, Apricot Phase 4+: gas of the block's atomic transactions. */
  extDataGasUsed?: bigint;
  txCount: number;
  /** Σ gasUsed × effectiveGasPrice over the block's transactions. */
  feesSpent: bigint;
  /** C-chain only: the raw `blockExtraData` (atomic transactions), for the atomic decoder. Not stored here. */
  extData?: Uint8Array;
  /** False when the node could not trace this block (no debug API): its internal transactions are unknown. */
  internalTxsIndexed: boolean;
}

/** A transaction merged with its receipt. */
export interface EvmTransactionRecord {
  blockNumber: bigint;
  index: number;
  hash: Uint8Array;
  blockTimestamp: bigint;
  from: Uint8Array;
  /** Absent for a contract creation. */
  to?: Uint8Array;
  /** The contract a creation made (receipt.contractAddress). */
  contractAddress?: Uint8Array;
  value: bigint;
  nonce: bigint;
  type: number;
  gasLimit: bigint;
  /** The tx's gasPrice as the node reports it (the effective price for a mined EIP-1559 tx). */
  gasPrice: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** 1 success, 0 failed; absent for pre-Byzantium receipts. */
  status?: number;
  input: Uint8Array;
  /** First 4 bytes of the input of a call (not a creation) with at least 4 bytes of input. */
  methodId?: Uint8Array;
}

export interface EvmLogRecord {
  blockNumber: bigint;
  /** Position of the log in its block. */
  logIndex: number;
  txIndex: number;
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
}

export type TokenStandard = 20 | 721 | 1155;

/** One token movement: an ERC-20 or ERC-721 Transfer, or one (id, value) of an ERC-1155 TransferSingle/Batch. */
export interface EvmTokenTransferRecord {
  blockNumber: bigint;
  logIndex: number;
  /** Position within an ERC-1155 TransferBatch; 0 otherwise. */
  batchIndex: number;
  txIndex: number;
  blockTimestamp: bigint;
  token: Uint8Array;
  standard: TokenStandard;
  from: Uint8Array;
  to: Uint8Array;
  /** ERC-721 and ERC-1155 only. */
  tokenId?: bigint;
  /** The amount (1 for ERC-721). */
  value: bigint;
  /** ERC-1155 only. */
  operator?: Uint8Array;
}

/** A call frame below a transaction's top-level call (callTracer), in pre-order. */
export interface EvmInternalTransactionRecord {
  blockNumber: bigint;
  txIndex: number;
  /** Pre-order position in the tx's call tree; 0 is the top-level call (the tx itself, not stored). */
  traceIndex: number;
  /** 1 for calls made by the top-level call, and so on. */
  depth: number;
  /** CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT. */
  callType: string;
  from: Uint8Array;
  /** Absent for a CREATE that failed. */
  to?: Uint8Array;
  /** Absent where callTracer gives none (STATICCALL). */
  value?: bigint;
  gas: bigint;
  gasUsed: bigint;
  /** The frame itself failed (its own error); its parent may still have succeeded. */
  reverted: boolean;
  error?: string;
}

export type ContractErcType = 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'UNKNOWN';

export interface EvmContractRecord {
  address: Uint8Array;
  blockNumber: bigint;
  txIndex: number;
  txHash: Uint8Array;
  /** The account that sent the creating transaction. */
  deployer: Uint8Array;
  /** The contract that ran CREATE/CREATE2, when the creation was not the transaction itself. */
  deployerContract?: Uint8Array;
  ercType: ContractErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
}

export type NftErcType = 'ERC-721' | 'ERC-1155';

/** An NFT touched by the batch's transfers: one record per (contract, tokenId). */
export interface EvmNftTokenRecord {
  contract: Uint8Array;
  tokenId: bigint;
  ercType: NftErcType;
  /** tokenURI(id) / uri(id) read at the block that minted it in this batch, when the call answered. */
  tokenUri?: string;
  /** ERC-721: holder after the batch's last transfer of the token. */
  owner?: Uint8Array;
  firstBlock: bigint;
  lastBlock: bigint;
}

export type TeleporterDirection = 'SOURCE_TRANSACTION' | 'DESTINATION_TRANSACTION';

/** A Teleporter (ICM) SendCrossChainMessage or ReceiveCrossChainMessage event. */
export interface EvmTeleporterMessageRecord {
  blockNumber: bigint;
  logIndex: number;
  txIndex: number;
  blockTimestamp: bigint;
  messageId: Uint8Array;
  direction: TeleporterDirection;
  sourceBlockchainId: Uint8Array;
  destinationBlockchainId: Uint8Array;
  /** The TeleporterMessenger contract that emitted the event. */
  messenger: Uint8Array;
  messageNonce?: bigint;
  originSender?: Uint8Array;
  destinationAddress?: Uint8Array;
  requiredGasLimit?: bigint;
  /** Send only. */
  feeToken?: Uint8Array;
  feeAmount?: bigint;
  /** Receive only. */
  deliverer?: Uint8Array;
  rewardRedeemer?: Uint8Array;
}

/** Everything one fetched range of EVM blocks writes. Blocks are consecutive and in order. */
export interface EvmBatch {
  blocks: EvmBlockRecord[];
  transactions: EvmTransactionRecord[];
  logs: EvmLogRecord[];
  tokenTransfers: EvmTokenTransferRecord[];
  internalTransactions: EvmInternalTransactionRecord[];
  /** Contracts created in the batch (one per address, the last creation wins). */
  contracts: EvmContractRecord[];
  nftTokens: EvmNftTokenRecord[];
  teleporterMessages: EvmTeleporterMessageRecord[];
}

export function emptyEvmBatch(): EvmBatch {
  return { blocks: [], transactions: [], logs: [], tokenTransfers: [], internalTransactions: [], contracts: [], nftTokens: [], teleporterMessages: [] };
}
