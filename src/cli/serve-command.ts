import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiOptions, loadApiConfig } from '../config/api-config.js';
import { ConfigError, formatHelp, type OptionSpec } from '../config/options.js';
import { openDatabase } from '../store/database/open-database.js';
import { servePoolSize } from '../store/database/pool-size.js';
import { migrate } from '../store/migrations/migrate.js';
import { startApiServers, parseNetworkAliases } from './api-servers.js';
import { cliLog } from './cli-log.js';
import { exitOnSignals } from './exit-on-signals.js';

const SERVE_DEFAULTS = { port: 8080 };

const SERVE_OPTIONS: OptionSpec[] = [
  { name: 'service', type: 'string', default: 'all', help: 'which API to serve: all, data or metrics', check: (v: string) => (['all', 'data', 'metrics'].includes(v) ? undefined : 'must be all, data or metrics') },
  { name: 'metrics-api-port', type: 'int', default: 8081, help: 'port of the Metrics API (--port is the Data API\'s)', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
  { name: 'database-url', type: 'string', default: '', help: 'PostgreSQL server holding the index (also $DATABASE_URL); default: embedded PGlite in --database-dir' },
  { name: 'database-dir', type: 'string', default: '', help: 'directory of the embedded database (default ~/.firn/index); one process at a time' },
  { name: 'network-aliases', type: 'string', default: '', help: 'extra network names, e.g. fuji=local,testnet=local so code written for Fuji runs against a devnet' },
];

/** `firn serve`: the Data API (port 8080) and the Metrics API (8081) over an index, without indexing. */
function poolSizeFor(databaseUrl: string): number {
  try {
    return servePoolSize(databaseUrl);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

export async function runServeCommand(argv: string[]): Promise<void> {
  const { config: api, help, extras } = loadApiConfig(argv, process.env, SERVE_DEFAULTS, SERVE_OPTIONS);
  if (help) {
    process.stdout.write(formatHelp('firn serve — the Data API and the Metrics API over Firn\'s index\n\nUsage: firn serve [options]', [...apiOptions(SERVE_DEFAULTS), ...SERVE_OPTIONS]));
    return;
  }
  let networkAliases: Record<string, string>;
  try {
    networkAliases = parseNetworkAliases(extras['network-aliases'] as string);
  } catch (e) {
    throw new ConfigError(`invalid value for --network-aliases: ${(e as Error).message}`);
  }
  const terminal = api.logFormat === 'pretty' || (api.logFormat === 'auto' && process.stdout.isTTY === true);
  const log = cliLog(terminal ? 'pretty' : 'json', api.logLevel, 'api');
  const databaseUrl = (extras['database-url'] as string) || process.env.DATABASE_URL || '';
  const db = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { directory: resolve((extras['database-dir'] as string) || join(homedir(), '.firn', 'index')) },
    databaseUrl ? { maxConnections: poolSizeFor(databaseUrl), keepConnections: true } : {},
  );
  await migrate(db);
  const service = extras['service'] as string;
  const apis = await startApiServers(db, {
    api,
    ...(service !== 'metrics' ? { dataApiPort: api.port } : {}),
    ...(service !== 'data' ? { metricsApiPort: extras['metrics-api-port'] as number } : {}),
    networkAliases,
    log,
  });
  log.info('serving', apis.urls);
  exitOnSignals(
    {
      async stop() {
        await apis.stop();
        await db.close();
      },
    },
    log,
  );
}
