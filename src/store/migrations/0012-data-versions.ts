import type { Migration } from './migration.js';

/**
 * The tables whose rows the Data API serves when this migration was written, by the family of scopes a write to them
 * raises. Frozen with the migration: a table added later gets its trigger in its own migration
 * (`dataVersionTriggerSql`); src/store/data-versions.test.ts checks every table has one or is listed as unversioned.
 */
const SERVED_TABLES = {
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

/** The scope a write to a family's tables raises: the family, or with a declared chain the family's scope of that chain. */
const SCOPE_SQL = (family: string) =>
  family === 'registry' ? `'registry'` : `'${family}' || coalesce(':' || nullif(current_setting('firn.write_chain', true), ''), '')`;

/** True until the transaction has raised the scope (the trigger then costs a condition, not a call). */
const NOT_RAISED_SQL = (family: string) => `position(',' || ${SCOPE_SQL(family)} || ',' IN coalesce(current_setting('firn.raised_scopes', true), '')) = 0`;

/** The trigger that raises a served table's data version (family: 'evm', 'primary' or 'registry'). */
export const dataVersionTriggerSql = (table: string, family: 'evm' | 'primary' | 'registry', timing = 'BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE', level = 'STATEMENT', name = 'data_version') =>
  `CREATE TRIGGER ${name} ${timing} ON ${table} FOR EACH ${level} WHEN (${NOT_RAISED_SQL(family)}) EXECUTE FUNCTION firn_raise_data_version('${family}');`;

/**
 * Data versions: a counter per scope of the Data API's data, raised by every transaction that writes the scope. The
 * Data API keeps answers under the versions of the scopes they read, so a C-chain block no longer drops the kept
 * answers of the P- and X-chain or of other EVM chains (PostgreSQL's snapshot, used before, changes on any write
 * anywhere in the cluster).
 *
 * Scopes: `registry` (networks, chains, a chain's first checkpoint); `evm:<chain>` and `primary:<chain>` (an EVM
 * chain's tables, the primary network's tables, written by a transaction that declared its chain with
 * `firn.write_chain`: the indexer's commits do); `evm` and `primary` (the same tables written by a transaction that
 * did not). Primary-network answers read every `primary` scope (UTXOs cross chains); an EVM chain's read `evm` and
 * its own.
 *
 * Triggers, not the writers, raise them, so no write to a served table can leave a kept answer stale. A trigger runs
 * before a transaction's first statement on a scope's tables and raises its counter (its row lock is then held until
 * commit); later statements on the scope cost only the trigger's WHEN condition, not a call. Each writer of the
 * indexer has scopes of its own (P-chain, X-chain, C-chain blocks), so they never wait on each other; a chain's NFT
 * metadata worker shares its chain's, and waits for at most one commit. Taken before the statement, the lock is
 * never waited for while holding a row another writer needs, so two writers cannot deadlock on it.
 */
export const dataVersions: Migration = {
  id: 12,
  name: 'data-versions',
  sql: `
CREATE TABLE data_versions (
  scope    text PRIMARY KEY,
  version  bigint NOT NULL
);

CREATE FUNCTION firn_raise_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain text := nullif(current_setting('firn.write_chain', true), '');
  raised text := TG_ARGV[0] || CASE WHEN TG_ARGV[0] <> 'registry' AND chain IS NOT NULL THEN ':' || chain ELSE '' END;
BEGIN
  PERFORM set_config('firn.raised_scopes', coalesce(current_setting('firn.raised_scopes', true), '') || ',' || raised || ',', true);
  INSERT INTO data_versions AS v (scope, version) VALUES (raised, 1) ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

${Object.entries(SERVED_TABLES).flatMap(([family, tables]) => tables.map((t) => dataVersionTriggerSql(t, family as 'evm' | 'primary' | 'registry'))).join('\n')}
${dataVersionTriggerSql('checkpoints', 'registry', 'AFTER INSERT OR DELETE', 'ROW')}
${dataVersionTriggerSql('checkpoints', 'registry', 'BEFORE TRUNCATE', 'STATEMENT', 'data_version_truncate')}
`,
};
