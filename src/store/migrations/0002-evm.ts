import type { Migration } from './migration.js';

const NFT_METADATA_STATUSES = [
  'UNKNOWN', 'MISSING_TOKEN', 'INVALID_TOKEN_URI', 'INVALID_TOKEN_URI_SCHEME', 'UNREACHABLE_TOKEN_URI', 'THROTTLED_TOKEN_URI',
  'METADATA_CONTENT_TOO_LARGE', 'INVALID_METADATA', 'INVALID_METADATA_JSON', 'INDEXED', 'UNINDEXED',
];

/**
 * EVM chains (C-chain, Subnet-EVM): blocks, transactions with their receipts, logs, token transfers, internal
 * transactions, contracts, NFTs and Teleporter messages. Gas and nonces are uint64 (numeric(20,0)); amounts
 * uint256 (numeric(78,0)). Rows of a transaction are keyed by (chain, block_number, tx_index), the order of the
 * Data API's lists, so its keyset pages walk primary keys backwards.
 */
export const evm: Migration = {
  id: 2,
  name: 'evm',
  sql: `
CREATE TABLE evm_blocks (
  chain                integer NOT NULL REFERENCES chains (id),
  number               bigint NOT NULL,
  hash                 bytea NOT NULL,
  parent_hash          bytea NOT NULL,
  block_timestamp      bigint NOT NULL,
  timestamp_ms         bigint,                 -- Granite+
  min_delay_excess     numeric(20,0),          -- Granite+ (ACP-226)
  miner                bytea NOT NULL,
  size                 integer,
  gas_limit            numeric(20,0) NOT NULL,
  gas_used             numeric(20,0) NOT NULL,
  base_fee             numeric(78,0),          -- absent before Apricot Phase 3
  block_gas_cost       numeric(78,0),
  ext_data_gas_used    numeric(78,0),          -- C-chain: gas of the block's atomic txs
  tx_count             integer NOT NULL,
  cumulative_tx_count  bigint NOT NULL,        -- transactions of the chain up to and including this block
  fees_spent           numeric(78,0) NOT NULL, -- sum of gasUsed * effectiveGasPrice
  internal_txs_indexed boolean NOT NULL,       -- false: the node could not trace this block
  PRIMARY KEY (chain, number)
);
CREATE INDEX evm_blocks_hash ON evm_blocks (hash);
CREATE INDEX evm_blocks_time ON evm_blocks (chain, block_timestamp);

CREATE TABLE evm_transactions (
  chain                    integer NOT NULL REFERENCES chains (id),
  block_number             bigint NOT NULL,
  tx_index                 integer NOT NULL,
  hash                     bytea NOT NULL,
  block_timestamp          bigint NOT NULL,
  from_address             bytea NOT NULL,
  to_address               bytea,              -- NULL for a contract creation
  contract_address         bytea,              -- the contract a creation made
  value                    numeric(78,0) NOT NULL,
  nonce                    numeric(20,0) NOT NULL,
  tx_type                  smallint NOT NULL,
  gas_limit                numeric(20,0) NOT NULL,
  gas_price                numeric(78,0) NOT NULL,
  max_fee_per_gas          numeric(78,0),
  max_priority_fee_per_gas numeric(78,0),
  gas_used                 numeric(20,0) NOT NULL,
  effective_gas_price      numeric(78,0) NOT NULL,
  status                   smallint,           -- 1 success, 0 failed, NULL before Byzantium
  method_id                bytea,              -- 4-byte selector of a call's input
  input                    bytea NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index)
);
CREATE INDEX evm_transactions_hash ON evm_transactions (hash);
CREATE INDEX evm_transactions_failed ON evm_transactions (chain, block_number, tx_index) WHERE status = 0;

CREATE TABLE evm_logs (
  chain        integer NOT NULL REFERENCES chains (id),
  block_number bigint NOT NULL,
  log_index    integer NOT NULL,
  tx_index     integer NOT NULL,
  address      bytea NOT NULL,
  topic0       bytea,
  topic1       bytea,
  topic2       bytea,
  topic3       bytea,
  data         bytea NOT NULL,
  PRIMARY KEY (chain, block_number, log_index)
);

CREATE TABLE evm_token_transfers (
  chain           integer NOT NULL REFERENCES chains (id),
  block_number    bigint NOT NULL,
  log_index       integer NOT NULL,
  batch_index     integer NOT NULL,            -- position in an ERC-1155 TransferBatch, else 0
  tx_index        integer NOT NULL,
  block_timestamp bigint NOT NULL,
  token           bytea NOT NULL,
  standard        smallint NOT NULL CHECK (standard IN (20, 721, 1155)),
  from_address    bytea NOT NULL,
  to_address      bytea NOT NULL,
  token_id        numeric(78,0),               -- ERC-721 / ERC-1155
  value           numeric(78,0) NOT NULL,      -- 1 for ERC-721
  operator        bytea,                       -- ERC-1155
  PRIMARY KEY (chain, block_number, log_index, batch_index)
);

-- Call frames below each transaction's top-level call (debug_traceBlockByNumber, callTracer), in pre-order.
CREATE TABLE evm_internal_transactions (
  chain        integer NOT NULL REFERENCES chains (id),
  block_number bigint NOT NULL,
  tx_index     integer NOT NULL,
  trace_index  integer NOT NULL,               -- pre-order position; 0 = the top-level call (not stored)
  depth        smallint NOT NULL,
  call_type    text NOT NULL,
  from_address bytea NOT NULL,
  to_address   bytea,
  value        numeric(78,0),
  gas          numeric(20,0) NOT NULL,
  gas_used     numeric(20,0) NOT NULL,
  reverted     boolean NOT NULL,
  error        text,
  PRIMARY KEY (chain, block_number, tx_index, trace_index)
);

CREATE TABLE evm_contracts (
  chain             integer NOT NULL REFERENCES chains (id),
  address           bytea NOT NULL,
  block_number      bigint NOT NULL,
  tx_index          integer NOT NULL,
  tx_hash           bytea NOT NULL,
  deployer_address  bytea NOT NULL,            -- sender of the creating transaction
  deployer_contract bytea,                     -- the factory, for CREATE/CREATE2 inside a call
  erc_type          text NOT NULL CHECK (erc_type IN ('ERC-20', 'ERC-721', 'ERC-1155', 'UNKNOWN')),
  name              text,
  symbol            text,
  decimals          smallint,
  PRIMARY KEY (chain, address)
);

-- NFTs seen in transfers; the metadata columns are filled by the background metadata fetcher.
CREATE TABLE evm_nft_tokens (
  chain               integer NOT NULL REFERENCES chains (id),
  contract            bytea NOT NULL,
  token_id            numeric(78,0) NOT NULL,
  erc_type            text NOT NULL CHECK (erc_type IN ('ERC-721', 'ERC-1155')),
  token_uri           text,
  owner               bytea,                   -- ERC-721: current holder, maintained by transfers
  first_block         bigint NOT NULL,
  last_transfer_block bigint NOT NULL,
  metadata_status     text NOT NULL DEFAULT 'UNINDEXED' CHECK (metadata_status IN (${NFT_METADATA_STATUSES.map((s) => `'${s}'`).join(', ')})),
  metadata_updated_at bigint,                  -- unix seconds of the last fetch attempt that settled the status
  metadata_attempts   integer NOT NULL DEFAULT 0,
  metadata_error      text,
  metadata_name       text,
  metadata_symbol     text,
  image_uri           text,
  description         text,
  animation_uri       text,
  external_url        text,
  background          text,
  attributes          text,                    -- ERC-721 metadata attributes, as JSON text
  properties          text,                    -- ERC-1155 metadata properties, as JSON text
  metadata_decimals   integer,                 -- ERC-1155 metadata decimals
  PRIMARY KEY (chain, contract, token_id)
);
CREATE INDEX evm_nft_tokens_unindexed ON evm_nft_tokens (chain, first_block) WHERE metadata_status = 'UNINDEXED';

CREATE TABLE evm_teleporter_messages (
  chain                     integer NOT NULL REFERENCES chains (id),
  block_number              bigint NOT NULL,
  log_index                 integer NOT NULL,
  tx_index                  integer NOT NULL,
  block_timestamp           bigint NOT NULL,
  message_id                bytea NOT NULL,
  direction                 text NOT NULL CHECK (direction IN ('SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION')),
  source_blockchain_id      bytea NOT NULL,
  destination_blockchain_id bytea NOT NULL,
  messenger                 bytea NOT NULL,    -- the TeleporterMessenger contract
  message_nonce             numeric(78,0),
  origin_sender             bytea,
  destination_address       bytea,
  required_gas_limit        numeric(78,0),
  fee_token                 bytea,             -- send only
  fee_amount                numeric(78,0),
  deliverer                 bytea,             -- receive only
  reward_redeemer           bytea,
  PRIMARY KEY (chain, block_number, log_index)
);
CREATE INDEX evm_teleporter_messages_id ON evm_teleporter_messages (message_id);
`,
};
