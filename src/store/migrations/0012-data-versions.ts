import type { Migration } from './migration.js';

/** The tables whose rows the Data API serves, by the scope a write to them changes. */
export const DATA_VERSION_TABLES = {
  evm: [
    'evm_blocks', 'evm_transactions', 'evm_logs', 'evm_token_transfers', 'evm_internal_transactions', 'evm_contracts', 'evm_nft_tokens',
    'evm_teleporter_messages',
  ],
  primary: [
    'primary_blocks', 'primary_txs', 'primary_utxos', 'primary_utxo_owners', 'primary_utxo_spends', 'primary_address_txs', 'primary_stakers',
    'primary_staker_reward_addresses', 'primary_subnets', 'primary_blockchains', 'primary_l1_validators', 'primary_l1_validation_txs',
    'primary_assets', 'xchain_vertices',
  ],
  registry: ['networks', 'chains'],
} as const;

/**
 * Tables the Data API does not read, so their writes leave every data version as it is: the indexer's progress
 * (checkpoints' heights, gaps), the Metrics API's rollups, and the versions themselves. A checkpoint's first row is
 * the exception (it makes its chain's status OK): a row trigger counts it as a registry write.
 */
export const UNVERSIONED_TABLES = [
  'checkpoints', 'gaps', 'firn_migrations', 'data_versions', 'data_version_marks', 'metrics_watermarks', 'metrics_chain_buckets', 'metrics_addresses',
  'metrics_deployers', 'metrics_icm_buckets', 'metrics_address_hours',
] as const;

const statementTriggers = Object.entries(DATA_VERSION_TABLES).flatMap(([scope, tables]) =>
  tables.map((t) => `CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION firn_note_write('${scope}');`),
);

/**
 * Data versions: a counter per scope of the Data API's data, which every transaction that writes the scope raises
 * when it commits. The Data API keeps answers under the versions of the scopes they read, so a C-chain block no
 * longer drops the kept answers of the P- and X-chain or of other EVM chains (PostgreSQL's snapshot, used before,
 * changes on any write anywhere in the cluster).
 *
 * Scopes: `registry` (networks, chains, a chain's first checkpoint), `primary` (the primary network's tables: P- and
 * X-chain and C-chain atomic rows, one scope since UTXOs cross chains), `evm:<chain id>` (an EVM chain's tables, when
 * the writing transaction declared its chain with `firn.write_chain`) and `evm` (EVM tables written by a transaction
 * that did not: it changes every EVM chain's answers).
 *
 * Triggers, not the writers, note the writes, so no write to a served table can leave a kept answer stale. A
 * statement trigger only notes the scope in a transaction-local setting; the counters are raised by a deferred
 * trigger when the transaction commits, in scope order. Their row locks are held only while it commits, so writers
 * of one scope (a chain's blocks and its NFT metadata) never wait on each other mid-transaction, and two writers
 * cannot deadlock on them.
 */
export const dataVersions: Migration = {
  id: 12,
  name: 'data-versions',
  sql: `
CREATE TABLE data_versions (
  scope    text PRIMARY KEY,
  version  bigint NOT NULL
);

-- One row per writing transaction, inserted by its first noted write and deleted when it commits: its deferred
-- trigger is what raises the versions at commit.
CREATE TABLE data_version_marks (marked boolean NOT NULL DEFAULT true);

CREATE FUNCTION firn_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('firn.written_scopes', true), '');
BEGIN
  IF position(',' || TG_ARGV[0] || ',' IN ',' || noted) = 0 THEN
    PERFORM set_config('firn.written_scopes', noted || TG_ARGV[0] || ',', true);
    IF noted = '' THEN
      INSERT INTO data_version_marks DEFAULT VALUES;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION firn_raise_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain text := nullif(current_setting('firn.write_chain', true), '');
  noted text := coalesce(current_setting('firn.written_scopes', true), '');
BEGIN
  IF noted <> '' THEN
    INSERT INTO data_versions AS v (scope, version)
    SELECT s, 1 FROM (
      SELECT DISTINCT CASE WHEN n = 'evm' AND chain IS NOT NULL THEN 'evm:' || chain ELSE n END AS s
      FROM unnest(string_to_array(rtrim(noted, ','), ',')) AS n
    ) scopes ORDER BY s
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
    PERFORM set_config('firn.written_scopes', '', true);
  END IF;
  DELETE FROM data_version_marks;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER data_version_raise AFTER INSERT ON data_version_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firn_raise_data_versions();

${statementTriggers.join('\n')}
CREATE TRIGGER data_version AFTER INSERT OR DELETE ON checkpoints FOR EACH ROW EXECUTE FUNCTION firn_note_write('registry');
CREATE TRIGGER data_version_truncate AFTER TRUNCATE ON checkpoints FOR EACH STATEMENT EXECUTE FUNCTION firn_note_write('registry');
`,
};
