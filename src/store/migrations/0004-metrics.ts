import type { Migration } from './migration.js';

/**
 * Rollups behind the Metrics API, maintained by `updateEvmRollups` in the transaction that writes the rows they
 * summarise (src/store/rollups). Buckets exist for every period unit the API offers (hour, day, week starting
 * Monday, month; UTC). Distinct counts stay exact through per-chain membership tables that remember the last hour
 * each member was active: blocks are rolled up in order, so a member is new in a period exactly when its last
 * active hour lies in an earlier period.
 */
export const metrics: Migration = {
  id: 4,
  name: 'metrics',
  sql: `
-- Start of the UTC period of 'hour' | 'day' | 'week' (Monday) | 'month' containing the Unix time ts.
CREATE FUNCTION metrics_period_start(ts bigint, unit text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE unit
    WHEN 'hour' THEN ts - ((ts % 3600) + 3600) % 3600
    WHEN 'day' THEN ts - ((ts % 86400) + 86400) % 86400
    WHEN 'week' THEN ts - (((ts - 345600) % 604800) + 604800) % 604800
    WHEN 'month' THEN extract(epoch FROM date_trunc('month', to_timestamp(ts) AT TIME ZONE 'UTC'))::bigint
  END
$$;

-- What the rollups of each chain cover: blocks first_block..block_number. The last second's totals carry over to
-- the next batch, since blocks that share a timestamp may be split between batches (see block-rollup.ts).
CREATE TABLE metrics_watermarks (
  chain                 integer PRIMARY KEY REFERENCES chains (id),
  first_block           bigint NOT NULL,
  first_block_timestamp bigint NOT NULL,
  block_number          bigint NOT NULL,
  block_timestamp       bigint NOT NULL,
  last_second_txs       bigint NOT NULL,         -- transactions of the blocks stamped block_timestamp
  last_second_gas       numeric(78,0) NOT NULL,  -- their gas
  previous_second       bigint,                  -- the latest block timestamp before block_timestamp
  updated_at            bigint NOT NULL          -- Unix seconds of the last update (the API's lastRun)
);

CREATE TABLE metrics_chain_buckets (
  chain                 integer NOT NULL REFERENCES chains (id),
  unit                  text NOT NULL CHECK (unit IN ('hour', 'day', 'week', 'month')),
  period_start          bigint NOT NULL,
  -- blocks
  block_count           bigint NOT NULL DEFAULT 0,
  first_block_timestamp bigint,
  last_block_timestamp  bigint,
  previous_block_timestamp bigint,               -- the block before the period's first block (NULL: none rolled up)
  block_gas_used        numeric(78,0) NOT NULL DEFAULT 0,
  max_tps               double precision,        -- max over the period's block seconds of txs / seconds since the previous one
  max_gps               double precision,
  -- transactions (receipts)
  tx_count              bigint NOT NULL DEFAULT 0,
  gas_used              numeric(78,0) NOT NULL DEFAULT 0,
  fees_paid             numeric(78,0) NOT NULL DEFAULT 0,
  gas_price_sum         numeric NOT NULL DEFAULT 0,
  gas_price_max         numeric(78,0),
  -- distinct members
  active_addresses      bigint NOT NULL DEFAULT 0,
  active_senders        bigint NOT NULL DEFAULT 0,
  new_addresses         bigint NOT NULL DEFAULT 0,
  contracts             bigint NOT NULL DEFAULT 0,
  deployers             bigint NOT NULL DEFAULT 0,
  new_deployers         bigint NOT NULL DEFAULT 0,
  -- totals from the first rolled-up block to the end of the period (as far as the watermark)
  cumulative_tx_count   bigint NOT NULL DEFAULT 0,
  cumulative_addresses  bigint NOT NULL DEFAULT 0,
  cumulative_contracts  bigint NOT NULL DEFAULT 0,
  cumulative_deployers  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (chain, unit, period_start)
);

-- Every address seen in a transaction's from/to or a token transfer's from/to, with the last hour it was active
-- (and the last hour it sent). The indexes answer rolling-window distinct counts.
CREATE TABLE metrics_addresses (
  chain            integer NOT NULL REFERENCES chains (id),
  address          bytea NOT NULL,
  first_hour       bigint NOT NULL,
  last_active_hour bigint NOT NULL,
  last_sent_hour   bigint,
  PRIMARY KEY (chain, address)
);
CREATE INDEX metrics_addresses_active ON metrics_addresses (chain, last_active_hour);
CREATE INDEX metrics_addresses_sent ON metrics_addresses (chain, last_sent_hour) WHERE last_sent_hour IS NOT NULL;

-- Every account that created a contract, with the last hour it did.
CREATE TABLE metrics_deployers (
  chain      integer NOT NULL REFERENCES chains (id),
  address    bytea NOT NULL,
  first_hour bigint NOT NULL,
  last_hour  bigint NOT NULL,
  PRIMARY KEY (chain, address)
);
CREATE INDEX metrics_deployers_last ON metrics_deployers (chain, last_hour);

-- Contracts of a block range (evm_contracts is keyed by address).
CREATE INDEX evm_contracts_block ON evm_contracts (chain, block_number);

-- Teleporter (ICM) events per period, direction and chain pair, as the indexed chain saw them.
CREATE TABLE metrics_icm_buckets (
  chain                     integer NOT NULL REFERENCES chains (id),
  unit                      text NOT NULL CHECK (unit IN ('hour', 'day', 'week', 'month')),
  period_start              bigint NOT NULL,
  direction                 text NOT NULL CHECK (direction IN ('SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION')),
  source_blockchain_id      bytea NOT NULL,
  destination_blockchain_id bytea NOT NULL,
  message_count             bigint NOT NULL,
  PRIMARY KEY (chain, unit, period_start, direction, source_blockchain_id, destination_blockchain_id)
);
`,
};
