import { join } from 'node:path';
import { BACKFILL_DEFAULTS, type IndexerConfig } from '../config/indexer-config.js';
import { loadNodeConfig, nodeOptions } from '../config/node-config.js';
import { formatHelp, type OptionSpec } from '../config/options.js';
import { startIndexer, type RunningIndexer } from '../indexer/indexer.js';
import { loadApiConfig } from '../config/api-config.js';
import { ConfigError } from '../config/options.js';
import { parseNetworkAliases, startApiServers, type RunningApis } from './api-servers.js';
import { exitOnSignals } from './exit-on-signals.js';
import { startDevnetWithActivity } from './node-command.js';

/** Options `firn start` adds to the node's. */
const START_OPTIONS: OptionSpec[] = [
  { name: 'indexer', type: 'bool', default: true, help: 'run the indexer following this node' },
  { name: 'database-url', type: 'string', default: '', help: 'PostgreSQL server for the index (also $DATABASE_URL); default: embedded PGlite in <data-dir>/index' },
  { name: 'data-api-port', type: 'int', default: 8080, help: 'port of the Data API (seed 000)', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
  { name: 'metrics-api-port', type: 'int', default: 8081, help: 'port of the Metrics API (seed 002)', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
  { name: 'network-aliases', type: 'string', default: 'fuji=local,testnet=local', help: 'extra network names the Data API answers to, so code written for Fuji runs against the devnet' },
  { name: 'indexer-metrics-port', type: 'int', default: 9660, help: 'port of the indexer\'s /metrics and /ready (0 = off)', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
];

const START_DEFAULTS = { 'index-enabled': true, 'api-admin-enabled': true, activity: true };

/**
 * `firn start`: everything on embedded defaults, in one process — the devnet node with activity, the
 * indexer following it over HTTP into PGlite (in the node's data directory, so the two live and die
 * together), and the Data API (8080) and Metrics API (8081) over that index.
 */
export async function runStartCommand(argv: string[]): Promise<void> {
  const { config, help, extras } = loadNodeConfig(argv, process.env, START_DEFAULTS, START_OPTIONS);
  if (help) {
    process.stdout.write(formatHelp('firn start — the devnet node with activity, and the indexer following it\n\nUsage: firn start [options]', [...nodeOptions(START_DEFAULTS), ...START_OPTIONS]));
    return;
  }
  const devnet = await startDevnetWithActivity(config);
  if (!devnet) {
    process.exitCode = 1;
    return;
  }
  const log = devnet.node.log;
  const nodeUrl = devnet.node.url.replace('//0.0.0.0:', '//127.0.0.1:');
  let indexer: RunningIndexer | undefined;
  if (extras['indexer']) {
    const databaseUrl = (extras['database-url'] as string) || process.env.DATABASE_URL || '';
    const indexerConfig: IndexerConfig = {
      nodeUrls: [nodeUrl],
      ...(databaseUrl ? { databaseUrl } : {}),
      databaseDir: join(config.dataDir, 'index'),
      chains: [],
      ...BACKFILL_DEFAULTS,
      pollIntervalMs: 100,
      internalTransactions: true,
      rollups: true,
      nftMetadata: { enabled: true, ipfsGateway: 'https://ipfs.io/ipfs/', allowPrivateAddresses: true, timeoutMs: 10_000, maxBytes: 1_000_000 },
      metricsHost: config.httpHost,
      metricsPort: extras['indexer-metrics-port'] as number,
      logFormat: 'auto',
      logLevel: 'info',
    };
    indexer = await startIndexer(indexerConfig, { log: log.child({ component: 'indexer' }) });
    indexer.done.catch((error: unknown) => log.error('the indexer stopped', { error: (error as Error).message }));
  }
  let apis: RunningApis | undefined;
  if (indexer) {
    let networkAliases: Record<string, string>;
    try {
      networkAliases = parseNetworkAliases(extras['network-aliases'] as string);
    } catch (e) {
      throw new ConfigError(`invalid value for --network-aliases: ${(e as Error).message}`);
    }
    // Serving settings (keys, limits, secrets) come from FIRN_* variables and defaults; ports from the flags above.
    const { config: api } = loadApiConfig([], process.env, { host: config.httpHost });
    apis = await startApiServers(indexer.db, {
      api,
      dataApiPort: extras['data-api-port'] as number,
      metricsApiPort: extras['metrics-api-port'] as number,
      networkAliases,
      nodeUrls: [nodeUrl],
      log: log.child({ component: 'api' }),
    });
    process.stdout.write(`\nData API     ${apis.urls.dataApi}/v1/chains   (docs ${apis.urls.dataApi}/api)\nMetrics API  ${apis.urls.metricsApi}/v2/chains   (docs ${apis.urls.metricsApi}/api)\n\n`);
  }
  exitOnSignals(
    {
      async stop() {
        await apis?.stop();
        await indexer?.stop();
        await devnet.stop();
      },
    },
    log,
  );
}
