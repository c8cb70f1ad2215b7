import type { Queryable } from './database/database.js';

/**
 * The scopes of the Data API's data (migration 12): a transaction that writes a scope's tables raises its version.
 */
export const DATA_SCOPE = {
  /** Networks, chains, and each chain's first checkpoint (its status). */
  registry: 'registry',
  /** Every primary-network scope: `primary:<chain>` for each writing chain and `primary` for undeclared writes. */
  allPrimary: 'primary*',
  /** EVM tables written by a transaction that did not name its chain: every EVM chain's answers depend on it. */
  anyEvm: 'evm',
  /** One EVM chain's tables (store chain id). */
  evm: (chain: number) => `evm:${chain}`,
} as const;

/**
 * Tables the Data API does not read, so they carry no data-version trigger and their writes leave every version as it
 * is: the indexer's progress (checkpoints' heights, gaps), the Metrics API's rollups, and the versions themselves. A
 * checkpoint's first row is the exception (it makes its chain's status OK): a row trigger counts it as a registry
 * write. Every other table has the trigger of its family (migration 12, `dataVersionTriggerSql` for later tables).
 */
export const UNVERSIONED_TABLES: readonly string[] = [
  'checkpoints', 'gaps', 'firn_migrations', 'data_versions', 'metrics_watermarks', 'metrics_chain_buckets', 'metrics_addresses',
  'metrics_deployers', 'metrics_icm_buckets', 'metrics_address_hours',
];

/**
 * Declares, in the caller's transaction, the store chain whose blocks it writes: its writes then raise that chain's
 * scopes (`evm:<chain>`, `primary:<chain>`), so writers of different chains never share a version row, and an EVM
 * chain's kept answers outlive the other chains' blocks. Call it before the transaction's first write (the scope is
 * chosen when a write raises it); it lasts until the transaction ends.
 */
export async function declareWriteChain(tx: Queryable, chain: number): Promise<void> {
  if (!Number.isSafeInteger(chain) || chain < 0) throw new Error(`invalid store chain id ${chain}`);
  await tx.query(`SELECT set_config('firn.write_chain', $1, true)`, [String(chain)]);
}

/** Every scope's version now (scopes never written are absent: version 0). */
export async function readDataVersions(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ scope: string; version: string }>('SELECT scope, version FROM data_versions');
  return new Map(rows.map((r) => [r.scope, String(r.version)]));
}
