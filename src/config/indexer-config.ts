import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, parseArgv, resolveOptions, type OptionSpec } from './options.js';
import { readConfigFile } from './config-file.js';

export interface IndexerConfig {
  nodeUrls: string[];
  /** PostgreSQL server URL; undefined = embedded PGlite in `databaseDir`. */
  databaseUrl?: string;
  databaseDir: string;
  networkName?: string;
  /** Chains to index by alias (P, X, C), name or blockchain id; empty = every chain the node serves. */
  chains: string[];
  batchBlocks: number;
  /** Rows a backfill batch aims at (0 = every batch is batchBlocks long). */
  batchRows: number;
  prefetch: number;
  pollIntervalMs: number;
  internalTransactions: boolean;
  /** `--rollups`: maintain the Metrics API's rollups of EVM chains. */
  rollups: boolean;
  /** Fetch NFT metadata in the background. */
  nftMetadata: { enabled: boolean; ipfsGateway: string; allowPrivateAddresses: boolean; timeoutMs: number; maxBytes: number };
  metricsHost: string;
  /** 0 = no metrics server. */
  metricsPort: number;
  logFormat: 'auto' | 'json' | 'pretty';
  logLevel: string;
}

/**
 * Backfill batching. The writer commits one batch at a time and is what a backfill waits on, so each batch's fixed
 * cost (a transaction, a COPY per table, the checkpoint: round trips to a server that shares the cores) counts.
 * Measured on the 100,041-block bench chain (10 txs a block, 2026-11-29, CPU reference 44–52 ms), blocks/s into
 * PostgreSQL: 1,000-block batches against 250-block ones (what the former 2,500-transaction budget made): 3,015 against
 * 2,751 with internal transactions, 3,404–3,414 against 3,080–3,114 without (+10 %), for 55–75 MB more peak RSS.
 * A fetched batch waits as the rows it will write (COPY text, a few hundred bytes a row), so the budget is in rows:
 * busy blocks (DeFi transactions with many logs and internal calls) go in short batches, sparse stretches (most of an
 * L1's history) 1,000 blocks at a time, and the memory of the batches in flight stays about even.
 */
export const BACKFILL_DEFAULTS = { batchBlocks: 1000, batchRows: 30_000, prefetch: 8 } as const;

export const INDEXER_OPTIONS: OptionSpec[] = [
  { name: 'node-url', type: 'list', default: ['http://127.0.0.1:9650'], help: 'node(s) to follow: Firn devnet or AvalancheGo base URLs, comma-separated' },
  { name: 'database-url', type: 'string', default: '', help: 'PostgreSQL server URL (also $DATABASE_URL); default: embedded PGlite in --database-dir' },
  { name: 'database-dir', type: 'string', default: '', help: 'directory of the embedded database (default ~/.firn/index)' },
  { name: 'network-name', type: 'string', default: '', help: 'name the Data API uses for this network (default: the node\'s network name, e.g. local, fuji)' },
  { name: 'chains', type: 'list', default: [], help: 'chains to index: P, X, C, chain names or blockchain ids (default: all the node serves)' },
  { name: 'batch-blocks', type: 'int', default: BACKFILL_DEFAULTS.batchBlocks, help: 'most blocks fetched and written in one batch while backfilling', check: (v: number) => (v >= 1 && v <= 10_000 ? undefined : 'must be 1..10000') },
  { name: 'batch-rows', type: 'int', default: BACKFILL_DEFAULTS.batchRows, help: 'rows (blocks, transactions, logs, transfers, internal transactions...) a backfill batch aims at: batches of busy blocks hold fewer blocks (0 = always --batch-blocks)', check: (v: number) => (v >= 0 && v <= 10_000_000 ? undefined : 'must be 0..10000000') },
  { name: 'prefetch', type: 'int', default: BACKFILL_DEFAULTS.prefetch, help: 'batches fetched ahead of the writer', check: (v: number) => (v >= 1 && v <= 64 ? undefined : 'must be 1..64') },
  { name: 'poll-interval', type: 'duration', default: 100, help: 'how often to ask a node for new blocks once caught up' },
  { name: 'internal-transactions', type: 'bool', default: true, help: 'index internal transactions with debug_traceBlockByNumber (skipped automatically when the node lacks the debug API)' },
  { name: 'rollups', type: 'bool', default: true, help: 'maintain the Metrics API\'s rollups of EVM chains (off when no Metrics API is served from this index)' },
  { name: 'nft-metadata', type: 'bool', default: true, help: 'fetch NFT token metadata (tokenURI) in the background' },
  { name: 'ipfs-gateway', type: 'string', default: 'https://ipfs.io/ipfs/', help: 'gateway for ipfs:// token URIs' },
  { name: 'nft-metadata-allow-private', type: 'bool', default: false, help: 'allow metadata requests to private and loopback addresses (on by default in firn start, for local dapps)' },
  { name: 'nft-metadata-timeout', type: 'duration', default: 10_000, help: 'time limit of one metadata fetch, redirects included' },
  { name: 'nft-metadata-max-bytes', type: 'int', default: 1_000_000, help: 'largest metadata document accepted', check: (v: number) => (v >= 1024 ? undefined : 'must be at least 1024') },
  { name: 'metrics-host', type: 'string', default: '127.0.0.1', help: 'host of the indexer\'s /metrics and /ready server' },
  { name: 'metrics-port', type: 'int', default: 9660, help: 'port of the indexer\'s /metrics and /ready server (0 = off)', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
  { name: 'log-format', type: 'string', default: 'auto', help: 'auto (progress bar on a terminal, JSON lines otherwise), json or pretty', check: (v: string) => (['auto', 'json', 'pretty'].includes(v) ? undefined : 'must be auto, json or pretty') },
  { name: 'log-level', type: 'string', default: 'info', help: 'debug, info, warn or error', check: (v: string) => (['debug', 'info', 'warn', 'error'].includes(v.toLowerCase()) ? undefined : 'must be debug, info, warn or error') },
  { name: 'config-file', type: 'string', default: '', help: 'JSON file of options' },
];

export function indexerOptions(defaults: Record<string, unknown> = {}): OptionSpec[] {
  return INDEXER_OPTIONS.map((s) => (s.name in defaults ? { ...s, default: defaults[s.name] } : s));
}

export function loadIndexerConfig(argv: string[], env: NodeJS.ProcessEnv = process.env, defaults: Record<string, unknown> = {}): { config: IndexerConfig; help: boolean } {
  const specs = indexerOptions(defaults);
  const { flags, help } = parseArgv(argv, specs);
  const file = readConfigFile((flags['config-file'] as string | undefined) ?? env.FIRN_CONFIG_FILE ?? '');
  const v = resolveOptions(specs, { flags, env, file });
  const nodeUrls = v['node-url'] as string[];
  for (const url of nodeUrls) {
    if (!/^https?:\/\/[^/]+/.test(url)) throw new ConfigError(`invalid value for --node-url: "${url}" (an http(s) URL like http://127.0.0.1:9650)`);
  }
  if (nodeUrls.length === 0) throw new ConfigError('--node-url needs at least one URL');
  try {
    new URL(v['ipfs-gateway'] as string);
  } catch {
    throw new ConfigError(`invalid value for --ipfs-gateway: "${v['ipfs-gateway']}" (an http(s) URL)`);
  }
  const databaseUrl = (v['database-url'] as string) || env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError(`invalid database URL "${databaseUrl}" (postgres://user@host:port/database)`);
  return {
    help,
    config: {
      nodeUrls,
      ...(databaseUrl ? { databaseUrl } : {}),
      databaseDir: resolve((v['database-dir'] as string) || join(homedir(), '.firn', 'index')),
      ...((v['network-name'] as string) ? { networkName: v['network-name'] as string } : {}),
      chains: v['chains'] as string[],
      batchBlocks: v['batch-blocks'] as number,
      batchRows: v['batch-rows'] as number,
      prefetch: v['prefetch'] as number,
      pollIntervalMs: v['poll-interval'] as number,
      internalTransactions: v['internal-transactions'] as boolean,
      rollups: v['rollups'] as boolean,
      nftMetadata: {
        enabled: v['nft-metadata'] as boolean,
        ipfsGateway: v['ipfs-gateway'] as string,
        allowPrivateAddresses: v['nft-metadata-allow-private'] as boolean,
        timeoutMs: v['nft-metadata-timeout'] as number,
        maxBytes: v['nft-metadata-max-bytes'] as number,
      },
      metricsHost: v['metrics-host'] as string,
      metricsPort: v['metrics-port'] as number,
      logFormat: v['log-format'] as IndexerConfig['logFormat'],
      logLevel: (v['log-level'] as string).toLowerCase(),
    },
  };
}
