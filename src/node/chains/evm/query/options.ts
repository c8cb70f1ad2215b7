/**
 * Per-chain settings of the query methods, as coreth's VM config names them. The node sets them at start
 * (`configureQueries`); unset chains get coreth's defaults for an archival node.
 */
export interface QueryOptions {
  /** coreth `pruning-enabled`: a pruning node serves eth_getProof only for the last `state-history` blocks. */
  pruning: boolean;
  /** coreth `state-history` (default 32): the proof window of a pruning node. */
  stateHistory: number;
  /** coreth `historical-proof-query-window` (default 43200 blocks ≈ 24 h); 0 = any block (archival only). */
  historicalProofQueryWindow: number;
  /** coreth `api-max-blocks-per-request` for eth_getLogs (default 0 = unlimited). */
  maxBlocksPerRequest: number;
  /** geth's filter timeout: a filter not polled for this long is removed (default 5 minutes). */
  filterTimeoutMs: number;
}

/** Firn keeps every state trie node (nothing is pruned), so it is an archival node by default. */
export const DEFAULT_QUERY_OPTIONS: QueryOptions = {
  pruning: false,
  stateHistory: 32,
  historicalProofQueryWindow: 43_200,
  maxBlocksPerRequest: 0,
  filterTimeoutMs: 5 * 60_000,
};

const options = new WeakMap<object, QueryOptions>();

export function configureQueries(chain: object, opts: Partial<QueryOptions>): void {
  options.set(chain, { ...queryOptionsOf(chain), ...opts });
}

export function queryOptionsOf(chain: object): QueryOptions {
  return options.get(chain) ?? DEFAULT_QUERY_OPTIONS;
}
