/** The settings of this node that coreth's VM config reports; the rest are coreth's defaults. */
export interface VmConfigValues {
  logLevel: string;
  adminApiDir: string;
  batchRequestLimit: number;
  batchResponseMaxSize: number;
  rpcGasCap: bigint;
  txPoolPriceLimit: bigint;
}

/**
 * admin.getVMConfig's `config`: coreth's Config with kebab-case keys (plugin/evm/config/config.go,
 * default_config.go); durations as Go duration strings.
 */
export function corethVmConfig(v: VmConfigValues): Record<string, unknown> {
  return {
    'snowman-api-enabled': false,
    'admin-api-enabled': true,
    'admin-api-dir': v.adminApiDir,
    'warp-api-enabled': false,
    'eth-apis': ['eth', 'eth-filter', 'net', 'web3', 'internal-eth', 'internal-blockchain', 'internal-transaction', 'internal-debug', 'internal-account', 'internal-personal', 'debug', 'debug-tracer', 'debug-file-tracer', 'debug-handler', 'internal-tx-pool'],
    'continuous-profiler-dir': '',
    'continuous-profiler-frequency': '15m0s',
    'continuous-profiler-max-files': 5,
    'rpc-gas-cap': Number(v.rpcGasCap),
    'rpc-tx-fee-cap': 100,
    'preimages-enabled': false,
    'pruning-enabled': false,
    'accepted-queue-limit': 64,
    'commit-interval': 4096,
    'allow-missing-tries': false,
    'populate-missing-tries-parallelism': 1024,
    'prune-warp-db-enabled': false,
    'historical-proof-query-window': 43200,
    'metrics-expensive-enabled': true,
    'local-txs-enabled': false,
    'price-options-slow-fee-percentage': 95,
    'price-options-fast-fee-percentage': 105,
    'price-options-max-tip': 20_000_000_000,
    'tx-pool-price-limit': Number(v.txPoolPriceLimit),
    'tx-pool-price-bump': 10,
    'tx-pool-account-slots': 16,
    'tx-pool-global-slots': 5120,
    'tx-pool-account-queue': 64,
    'tx-pool-global-queue': 1024,
    'tx-pool-lifetime': '10m0s',
    'api-max-duration': '0s',
    'ws-cpu-refill-rate': '0s',
    'ws-cpu-max-stored': '0s',
    'api-max-blocks-per-request': 0,
    'allow-unfinalized-queries': false,
    'allow-unprotected-txs': false,
    'keystore-directory': '',
    'keystore-external-signer': '',
    'keystore-insecure-unlock-allowed': true,
    'log-level': v.logLevel,
    'log-json-format': false,
    'offline-pruning-enabled': false,
    'max-outbound-active-requests': 16,
    'inspect-database': false,
    'skip-upgrade-check': false,
    'accepted-cache-size': 32,
    'transaction-history': 0,
    'state-history': 32,
    'skip-tx-indexing': false,
    'http-body-limit': 0,
    'batch-request-limit': v.batchRequestLimit,
    'batch-response-max-size': v.batchResponseMaxSize,
    'state-scheme': 'hash',
  };
}
