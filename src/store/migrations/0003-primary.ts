import type { Migration } from './migration.js';

/**
 * The primary network: P- and X-chain blocks and txs, C-chain atomic txs, UTXOs (created and consumed, kept
 * apart so the chains' streams can write in any order), validators and delegators, subnets, blockchains,
 * L1 validators, X-chain assets and legacy vertices. Keys are built for the Data API's keyset pages.
 */
export const primary: Migration = {
  id: 3,
  name: 'primary',
  sql: `
CREATE TABLE primary_blocks (
  chain                    integer NOT NULL REFERENCES chains (id),
  height                   bigint NOT NULL,
  block_id                 bytea NOT NULL,            -- the VM's block id (Data API blockHash)
  parent_id                bytea NOT NULL,
  block_type               text NOT NULL,             -- BanffStandardBlock, ApricotProposalBlock, StandardBlock, ...
  block_timestamp          bigint NOT NULL,
  size                     integer NOT NULL,          -- bytes as served (the proposervm block when wrapped)
  inner_size               integer NOT NULL,
  tx_count                 integer NOT NULL,
  proposer_id              bytea,                     -- proposervm wrapper, when the source served it
  proposer_parent_id       bytea,
  proposer_node_id         bytea,
  proposer_p_chain_height  bigint,
  proposer_timestamp       bigint,
  accepted_at              bigint,                    -- the node's acceptance time (index API)
  PRIMARY KEY (chain, height)
);
CREATE UNIQUE INDEX primary_blocks_id ON primary_blocks (chain, block_id);
CREATE INDEX primary_blocks_time ON primary_blocks (chain, block_timestamp, height);

CREATE TABLE primary_txs (
  chain              integer NOT NULL REFERENCES chains (id),
  tx_id              bytea NOT NULL,
  block_height       bigint NOT NULL,
  block_id           bytea NOT NULL,
  block_timestamp    bigint NOT NULL,
  tx_index           integer NOT NULL,
  tx_type            text NOT NULL,
  memo               bytea NOT NULL,
  bytes              bytea NOT NULL,
  unsigned_size      integer NOT NULL,          -- bytes[0:unsigned_size] is what the credentials sign
  source_chain       bytea,
  destination_chain  bytea,
  node_id            bytea,
  subnet_id          bytea,
  start_time         bigint,
  end_time           bigint,
  weight             numeric(78,0),
  delegation_shares  integer,                   -- parts per million
  staking_tx_id      bytea,                     -- RewardValidatorTx
  amounts            jsonb NOT NULL,            -- per-asset totals, amounts as decimal strings
  details            jsonb NOT NULL,            -- type-specific fields
  PRIMARY KEY (chain, tx_id)
);
CREATE UNIQUE INDEX primary_txs_position ON primary_txs (chain, block_height, tx_index);
CREATE INDEX primary_txs_type ON primary_txs (chain, tx_type, block_height, tx_index);
CREATE INDEX primary_txs_time ON primary_txs (chain, block_timestamp, block_height);

-- Every UTXO a primary-network tx created (including exports, on the destination's side, and rewards).
CREATE TABLE primary_utxos (
  utxo_id             bytea PRIMARY KEY,         -- sha256(u64 outputIndex || txId)
  chain               integer NOT NULL REFERENCES chains (id),
  tx_id               bytea NOT NULL,            -- UTXOID.TxID (the staking tx for rewards)
  output_index        integer NOT NULL,
  creating_tx_id      bytea NOT NULL,            -- the tx that emitted it (the RewardValidatorTx for rewards)
  created_on          bytea NOT NULL,            -- blockchain ids
  consumable_on       bytea NOT NULL,
  block_height        bigint NOT NULL,
  block_timestamp     bigint NOT NULL,
  asset_id            bytea NOT NULL,
  output_type         text NOT NULL,
  amount              numeric(78,0) NOT NULL,
  locktime            bigint NOT NULL,
  threshold           integer NOT NULL,
  stakeable_locktime  bigint,
  staked              boolean NOT NULL,
  stake_start         bigint,
  stake_end           bigint,
  reward_type         text,
  group_id            integer,
  payload             bytea,
  bytes               bytea NOT NULL
);
CREATE INDEX primary_utxos_creating_tx ON primary_utxos (creating_tx_id, output_index);
CREATE INDEX primary_utxos_exported ON primary_utxos (chain, block_height) WHERE consumable_on <> created_on;

CREATE TABLE primary_utxo_owners (
  utxo_id  bytea NOT NULL,
  address  bytea NOT NULL,
  chain    integer NOT NULL REFERENCES chains (id),
  PRIMARY KEY (utxo_id, address)
);
CREATE INDEX primary_utxo_owners_address ON primary_utxo_owners (address, chain);

-- Every UTXO a tx consumed. Apart from primary_utxos because the creating chain may be indexed later.
CREATE TABLE primary_utxo_spends (
  utxo_id             bytea PRIMARY KEY,
  chain               integer NOT NULL REFERENCES chains (id),
  consuming_tx_id     bytea NOT NULL,
  input_index         integer NOT NULL,
  block_height        bigint NOT NULL,
  block_timestamp     bigint NOT NULL,
  consumed_on         bytea NOT NULL,
  created_on          bytea NOT NULL,
  tx_id               bytea NOT NULL,
  output_index        integer NOT NULL,
  asset_id            bytea NOT NULL,
  amount              numeric(78,0) NOT NULL,
  stakeable_locktime  bigint,
  credentials         jsonb
);
CREATE INDEX primary_utxo_spends_tx ON primary_utxo_spends (consuming_tx_id, input_index);
CREATE INDEX primary_utxo_spends_height ON primary_utxo_spends (chain, block_height);

-- Which txs involve an address (owners of the UTXOs it emitted or consumed, reward and subnet owners, EVM addresses).
CREATE TABLE primary_address_txs (
  chain            integer NOT NULL REFERENCES chains (id),
  address          bytea NOT NULL,
  block_height     bigint NOT NULL,
  tx_index         integer NOT NULL,
  tx_id            bytea NOT NULL,
  tx_type          text NOT NULL,
  block_timestamp  bigint NOT NULL,
  PRIMARY KEY (chain, address, block_height, tx_index)
);

CREATE TABLE primary_stakers (
  chain                     integer NOT NULL REFERENCES chains (id),
  tx_id                     bytea NOT NULL,
  tx_type                   text NOT NULL,
  kind                      text NOT NULL CHECK (kind IN ('validator', 'delegator', 'subnet-validator', 'auto-renewed-validator')),
  node_id                   bytea NOT NULL,
  node_id_text              text NOT NULL,    -- NodeID-<cb58>, for substring search
  subnet_id                 bytea NOT NULL,
  start_time                bigint NOT NULL,
  end_time                  bigint NOT NULL,
  weight                    numeric(78,0) NOT NULL,
  delegation_shares         integer,
  reward_owner              jsonb,
  delegation_reward_owner   jsonb,
  bls_public_key            bytea,
  bls_proof_of_possession   bytea,
  block_height              bigint NOT NULL,
  tx_index                  integer NOT NULL,
  block_timestamp           bigint NOT NULL,
  genesis                   boolean NOT NULL,
  end_kind                  text CHECK (end_kind IN ('rewarded', 'not-rewarded', 'removed')),
  end_tx_id                 bytea,
  end_height                bigint,
  end_timestamp             bigint,
  validation_reward         numeric(78,0),
  delegation_fees           numeric(78,0),
  delegator_reward          numeric(78,0),
  snapshot_at               bigint,           -- last platform.getCurrentValidators that listed it
  uptime                    double precision,
  connected                 boolean,
  potential_reward          numeric(78,0),
  accrued_delegatee_reward  numeric(78,0),
  PRIMARY KEY (chain, tx_id)
);
CREATE INDEX primary_stakers_order ON primary_stakers (chain, kind, block_height, tx_index);
CREATE INDEX primary_stakers_node ON primary_stakers (chain, node_id, kind, start_time);
CREATE INDEX primary_stakers_open ON primary_stakers (chain, kind, end_time) WHERE end_kind IS NULL;
CREATE INDEX primary_stakers_subnet ON primary_stakers (chain, subnet_id, kind, block_height, tx_index);

CREATE TABLE primary_staker_reward_addresses (
  chain    integer NOT NULL REFERENCES chains (id),
  address  bytea NOT NULL,
  tx_id    bytea NOT NULL,
  PRIMARY KEY (chain, address, tx_id)
);

CREATE TABLE primary_subnets (
  chain                 integer NOT NULL REFERENCES chains (id),
  subnet_id             bytea NOT NULL,
  block_height          bigint NOT NULL,
  tx_index              integer NOT NULL,
  block_timestamp       bigint NOT NULL,
  owner                 jsonb NOT NULL,       -- at creation
  current_owner         jsonb NOT NULL,       -- after TransferSubnetOwnershipTx
  owner_tx_id           bytea,
  conversion_tx_id      bytea,
  conversion_id         bytea,
  manager_chain_id      bytea,
  manager_address       bytea,
  converted_at          bigint,
  PRIMARY KEY (chain, subnet_id)
);
CREATE INDEX primary_subnets_order ON primary_subnets (chain, block_height, tx_index);

CREATE TABLE primary_blockchains (
  chain            integer NOT NULL REFERENCES chains (id),
  blockchain_id    bytea NOT NULL,
  subnet_id        bytea NOT NULL,
  name             text NOT NULL,
  vm_id            bytea NOT NULL,
  fx_ids           jsonb NOT NULL,
  genesis_data     bytea NOT NULL,
  genesis_json     jsonb,
  evm_chain_id     bigint,
  block_height     bigint NOT NULL,
  block_timestamp  bigint NOT NULL,
  genesis          boolean NOT NULL,
  PRIMARY KEY (chain, blockchain_id)
);
CREATE INDEX primary_blockchains_subnet ON primary_blockchains (chain, subnet_id, block_height);

CREATE TABLE primary_l1_validators (
  chain                    integer NOT NULL REFERENCES chains (id),
  validation_id            bytea NOT NULL,
  subnet_id                bytea NOT NULL,
  node_id                  bytea NOT NULL,
  weight                   numeric(78,0) NOT NULL,
  weight_nonce             numeric(78,0),
  initial_balance          numeric(78,0) NOT NULL,
  balance_added            numeric(78,0) NOT NULL DEFAULT 0,
  bls_public_key           bytea NOT NULL,
  bls_proof_of_possession  bytea,
  remaining_balance_owner  jsonb NOT NULL,
  deactivation_owner       jsonb NOT NULL,
  created_tx_id            bytea NOT NULL,
  block_height             bigint NOT NULL,
  block_timestamp          bigint NOT NULL,
  disabled_tx_id           bytea,
  disabled_at              bigint,
  updated_height           bigint NOT NULL,
  PRIMARY KEY (chain, validation_id)
);
CREATE INDEX primary_l1_validators_order ON primary_l1_validators (chain, block_height, validation_id);
CREATE INDEX primary_l1_validators_subnet ON primary_l1_validators (chain, subnet_id, block_height);
CREATE INDEX primary_l1_validators_node ON primary_l1_validators (chain, node_id);

CREATE TABLE primary_l1_validation_txs (
  chain            integer NOT NULL REFERENCES chains (id),
  validation_id    bytea NOT NULL,
  block_height     bigint NOT NULL,
  tx_index         integer NOT NULL,
  tx_id            bytea NOT NULL,
  tx_type          text NOT NULL,
  block_timestamp  bigint NOT NULL,
  PRIMARY KEY (chain, validation_id, block_height, tx_index)
);

CREATE TABLE primary_assets (
  chain            integer NOT NULL REFERENCES chains (id),
  asset_id         bytea NOT NULL,
  name             text NOT NULL,
  symbol           text NOT NULL,
  denomination     smallint NOT NULL,
  cap              text NOT NULL CHECK (cap IN ('fixed', 'variable')),
  asset_type       text NOT NULL CHECK (asset_type IN ('secp256k1', 'nft')),
  create_tx_id     bytea NOT NULL,
  block_height     bigint NOT NULL,
  block_timestamp  bigint NOT NULL,
  genesis          boolean NOT NULL,
  PRIMARY KEY (chain, asset_id)
);
CREATE INDEX primary_assets_asset ON primary_assets (asset_id);

-- Legacy (pre-Cortina) X-chain vertices, from /ext/index/X/vtx.
CREATE TABLE xchain_vertices (
  chain             integer NOT NULL REFERENCES chains (id),
  vertex_index      bigint NOT NULL,
  vertex_id         bytea NOT NULL,
  height            bigint NOT NULL,
  parent_ids        jsonb NOT NULL,
  tx_ids            jsonb NOT NULL,
  vertex_timestamp  bigint NOT NULL,
  size              integer NOT NULL,
  PRIMARY KEY (chain, vertex_index)
);
CREATE UNIQUE INDEX xchain_vertices_id ON xchain_vertices (chain, vertex_id);
`,
};
