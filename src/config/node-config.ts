import { readConfigFile } from './config-file.js';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, parseArgv, resolveOptions, type OptionSpec } from './options.js';
import { PLATFORM_OPTIONS, platformParamsFrom, type PlatformParams } from './platform-params.js';

/** The devnet node's configuration, typed and validated. */
export interface NodeConfig {
  httpHost: string;
  httpPort: number;
  dataDir: string;
  networkId: number;
  logLevel: string;
  logDisplayLevel: string;
  logDir: string;
  apiAdminEnabled: boolean;
  indexEnabled: boolean;
  indexAllowIncomplete: boolean;
  healthCheckFrequencyMs: number;
  profileDir: string;
  pluginDir: string;
  httpAllowedHosts: string[];
  httpAllowedOrigins: string[];
  /** Interval mining: a block every blockTimeMs; 0 = automine. */
  blockTimeMs: number;
  /** Manual mining (`--no-mining`): blocks only when asked (evm_mine). */
  noMining: boolean;
  mnemonic: string;
  accounts: number;
  balance: number;
  genesisTimestamp: number;
  maxRequestBodyBytes: number;
  /** C-chain (coreth config keys): proof windows, eth_getLogs range, batch limits. */
  evm: {
    pruningEnabled: boolean;
    stateHistory: number;
    historicalProofQueryWindow: number;
    maxBlocksPerRequest: number;
    batchRequestLimit: number;
    batchResponseMaxSize: number;
  };
  /** anvil's --dump-state: write the C-chain state to this file on exit ('' = off). */
  dumpState: string;
  /** anvil's --load-state: merge the C-chain state in this file at start ('' = off). */
  loadState: string;
  /** `--activity`: run the activity generator against this node once it listens. */
  activity: { enabled: boolean; seed: string; rate: number; mix: string };
  /** `--profile` and the P-chain parameters set one by one. */
  platform: PlatformParams;
}

const LEVELS = ['off', 'fatal', 'error', 'warn', 'info', 'trace', 'debug', 'verbo'];
const levelCheck = (v: string) => (v === '' || LEVELS.includes(v.toLowerCase()) ? undefined : `unknown log level: "${v}"`);

export const NODE_OPTIONS: OptionSpec[] = [
  { name: 'config-file', type: 'string', default: '', help: 'JSON file with any of these options by flag name' },
  { name: 'http-host', type: 'string', default: '127.0.0.1', help: 'address the HTTP APIs listen on' },
  { name: 'http-port', type: 'int', default: 9650, help: 'port of the HTTP APIs', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
  { name: 'data-dir', type: 'string', default: '', help: 'where the node keeps its database, logs and profiles (default ~/.firn/devnet)' },
  { name: 'network-id', type: 'string', default: 'local', help: 'network id: a number or local (12345)' },
  { name: 'log-level', type: 'string', default: 'info', help: 'level written to the log files (off, fatal, error, warn, info, trace, debug, verbo)', check: levelCheck },
  { name: 'log-display-level', type: 'string', default: '', help: 'level shown on stdout (default: log-level, or warn on a terminal)', check: levelCheck },
  { name: 'log-dir', type: 'string', default: '', help: 'directory of the log files (default <data-dir>/logs)' },
  { name: 'api-admin-enabled', type: 'bool', default: false, help: 'serve the admin API at /ext/admin' },
  { name: 'index-enabled', type: 'bool', default: false, help: 'index accepted containers and serve /ext/index' },
  { name: 'index-allow-incomplete', type: 'bool', default: false, help: 'allow starting with an incomplete index' },
  { name: 'health-check-frequency', type: 'duration', default: 30_000, help: 'how often health checks run', check: (v: number) => (v > 0 ? undefined : 'must be positive') },
  { name: 'profile-dir', type: 'string', default: '', help: 'where admin profiles are written (default <data-dir>/profiles)' },
  { name: 'plugin-dir', type: 'string', default: '', help: 'VM plugin directory scanned by admin.loadVMs (default <data-dir>/plugins)' },
  { name: 'http-allowed-hosts', type: 'list', default: ['localhost'], help: 'Host header names accepted (* for any); IPs always pass' },
  { name: 'http-allowed-origins', type: 'list', default: ['*'], help: 'CORS origins allowed' },
  { name: 'block-time', type: 'duration', default: 0, help: 'interval mining: a C-chain block every interval (0 = automine)', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'no-mining', type: 'bool', default: false, help: 'manual mining: blocks only on evm_mine / anvil_mine' },
  { name: 'mnemonic', type: 'string', default: 'test test test test test test test test test test test junk', help: 'mnemonic of the funded dev accounts' },
  { name: 'accounts', type: 'int', default: 10, help: 'number of funded dev accounts', check: (v: number) => (v >= 0 && v <= 1000 ? undefined : 'must be 0..1000') },
  { name: 'balance', type: 'int', default: 10_000, help: 'balance of each dev account, in AVAX', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'genesis-timestamp', type: 'int', default: 0, help: 'P-chain genesis time, Unix seconds (0: chosen on first start as AvalancheGo does for local networks, then kept in the data dir)', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'pruning-enabled', type: 'bool', default: false, help: 'C-chain: behave as a pruning node (eth_getProof only for the last --state-history blocks)' },
  { name: 'state-history', type: 'int', default: 32, help: 'C-chain: blocks of state a pruning node serves proofs for', check: (v: number) => (v >= 1 ? undefined : 'must be ≥ 1') },
  { name: 'historical-proof-query-window', type: 'int', default: 43_200, help: 'C-chain: how many blocks back eth_getProof answers on an archival node (0 = unlimited)', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'api-max-blocks-per-request', type: 'int', default: 0, help: 'C-chain: widest eth_getLogs block range (0 = unlimited)', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'batch-request-limit', type: 'int', default: 1000, help: 'C-chain: most calls in one JSON-RPC batch (0 = unlimited; the public API nodes use 40)', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'batch-response-max-size', type: 'int', default: 25_000_000, help: 'C-chain: largest batch response, bytes (0 = unlimited)', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'dump-state', type: 'string', default: '', help: 'write the C-chain state (accounts, code, storage) to this JSON file on exit, as anvil does' },
  { name: 'load-state', type: 'string', default: '', help: 'merge the C-chain state from this file (anvil_dumpState / --dump-state output) at start' },
  { name: 'activity', type: 'bool', default: false, help: 'keep producing realistic activity on every chain: C-chain transfers, tokens and NFTs with reverts; staking, subnets and chains; X-chain assets and NFTs; atomic transfers' },
  { name: 'activity-seed', type: 'string', default: 'firn', help: 'seed of the activity generator: the same seed gives the same sequence of actions' },
  { name: 'activity-rate', type: 'string', default: '2', help: 'activity generator actions per second', check: (v: string) => (Number(v) > 0 && Number(v) <= 10_000 ? undefined : 'must be a number > 0 and ≤ 10000') },
  { name: 'activity-mix', type: 'string', default: '', help: 'activity weights by kind or group, e.g. c=2,p.validator=0.5,atomic=0' },
  { name: 'http-max-request-body-size', type: 'int', default: 32 * 1024 * 1024, help: 'largest request body accepted, bytes' },
  ...PLATFORM_OPTIONS,
];

/** The option list with some defaults replaced (e.g. `firn start` turns the index on by default). */
export function nodeOptions(defaults: Record<string, unknown> = {}): OptionSpec[] {
  return NODE_OPTIONS.map((s) => (s.name in defaults ? { ...s, default: defaults[s.name] } : s));
}

export function networkIdFrom(text: string): number {
  const named: Record<string, number> = { mainnet: 1, fuji: 5, testnet: 5, local: 12345 };
  const lower = text.toLowerCase();
  if (lower in named) return named[lower]!;
  if (/^network-\d+$/.test(lower)) return Number(lower.slice('network-'.length));
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n > 0 && n <= 0xffffffff) return n;
  }
  throw new ConfigError(`invalid value for --network-id: "${text}" (a number, or local)`);
}

/** Loads the node configuration from argv, the environment and an optional config file. */
export function loadNodeConfig(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  defaults: Record<string, unknown> = {},
  extraSpecs: OptionSpec[] = [],
): { config: NodeConfig; help: boolean; positional: string[]; extras: Record<string, unknown> } {
  const nodeSpecs = nodeOptions(defaults);
  const specs = [...nodeSpecs, ...extraSpecs];
  const { flags, positional, help } = parseArgv(argv, specs);
  const file = readConfigFile((flags['config-file'] as string | undefined) ?? env.FIRN_CONFIG_FILE ?? '');
  const v = resolveOptions(specs, { flags, env, file });
  const dataDir = resolve((v['data-dir'] as string) || join(homedir(), '.firn', 'devnet'));
  const config: NodeConfig = {
    httpHost: v['http-host'] as string,
    httpPort: v['http-port'] as number,
    dataDir,
    networkId: networkIdFrom(v['network-id'] as string),
    logLevel: (v['log-level'] as string).toUpperCase(),
    logDisplayLevel: (v['log-display-level'] as string).toUpperCase(),
    logDir: resolve((v['log-dir'] as string) || join(dataDir, 'logs')),
    apiAdminEnabled: v['api-admin-enabled'] as boolean,
    indexEnabled: v['index-enabled'] as boolean,
    indexAllowIncomplete: v['index-allow-incomplete'] as boolean,
    healthCheckFrequencyMs: v['health-check-frequency'] as number,
    profileDir: resolve((v['profile-dir'] as string) || join(dataDir, 'profiles')),
    pluginDir: resolve((v['plugin-dir'] as string) || join(dataDir, 'plugins')),
    httpAllowedHosts: v['http-allowed-hosts'] as string[],
    httpAllowedOrigins: v['http-allowed-origins'] as string[],
    blockTimeMs: v['block-time'] as number,
    noMining: v['no-mining'] as boolean,
    mnemonic: v['mnemonic'] as string,
    accounts: v['accounts'] as number,
    balance: v['balance'] as number,
    genesisTimestamp: v['genesis-timestamp'] as number,
    maxRequestBodyBytes: v['http-max-request-body-size'] as number,
    evm: {
      pruningEnabled: v['pruning-enabled'] as boolean,
      stateHistory: v['state-history'] as number,
      historicalProofQueryWindow: v['historical-proof-query-window'] as number,
      maxBlocksPerRequest: v['api-max-blocks-per-request'] as number,
      batchRequestLimit: v['batch-request-limit'] as number,
      batchResponseMaxSize: v['batch-response-max-size'] as number,
    },
    dumpState: (v['dump-state'] as string) ? resolve(v['dump-state'] as string) : '',
    loadState: (v['load-state'] as string) ? resolve(v['load-state'] as string) : '',
    activity: { enabled: v['activity'] as boolean, seed: v['activity-seed'] as string, rate: Number(v['activity-rate']), mix: v['activity-mix'] as string },
    platform: platformParamsFrom(v),
  };
  if (config.blockTimeMs > 0 && config.noMining) throw new ConfigError('--block-time and --no-mining cannot be used together');
  const extras = Object.fromEntries(extraSpecs.map((spec) => [spec.name, v[spec.name]]));
  return { config, help, positional, extras };
}
