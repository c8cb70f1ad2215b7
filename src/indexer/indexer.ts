import type { Server } from 'node:http';
import type { IndexerConfig } from '../config/indexer-config.js';
import { idToString } from '../lib/cb58.js';
import { silentLog, type Log } from '../lib/log.js';
import { listGaps, readCheckpoint } from '../store/checkpoints.js';
import { checkBlockGaps } from '../store/gap-check.js';
import type { Database } from '../store/database/database.js';
import { openDatabase } from '../store/database/open-database.js';
import { migrate } from '../store/migrations/migrate.js';
import { ensureChain, ensureNetwork, type ChainRef, type NetworkRef } from '../store/registry.js';
import { startOpsServer } from './ops/ops-server.js';
import type { FollowedStream } from './ops/indexer-status.js';
import { RpcLatency } from './ops/rpc-latency.js';
import { Follower } from './pipeline/follower.js';
import { FollowerGroup } from './pipeline/follower-group.js';
import { DEFAULT_METADATA_FETCH } from './nft-metadata/fetch-token-metadata.js';
import { MetadataWorker } from './nft-metadata/metadata-worker.js';
import type { BlockStream } from './pipeline/stream.js';
import { ChainWatcher } from './sources/chain-watcher.js';
import { discoverNode, type DiscoveredChain, type DiscoveredNode } from './sources/node-discovery.js';
import { WsHeads } from './sources/evm/ws-heads.js';
import { RollupInputLog } from './streams/rollup-input-log.js';
import { createStreams } from './streams/create-streams.js';
import { EvmRollupStream } from './streams/evm-rollup-stream.js';

/** Blocks per rollup transaction while the rollups trail: each batch rewrites its active addresses once, so fewer, larger batches cost less. */
const ROLLUP_BATCH_BLOCKS = 5_000;

export interface RunningIndexer {
  db: Database;
  followers: Follower<unknown>[];
  streams: FollowedStream[];
  opsServer?: Server;
  /** Resolves when every follower stopped; rejects with the first follower's fatal error. */
  done: Promise<void>;
  stop(): Promise<void>;
}

export interface StartIndexerOptions {
  log?: Log;
  db?: Database;
  discovered?: DiscoveredNode[];
  /** How often to look for EVM chains created after the start (besides each P-chain commit); default 5 s. */
  chainWatchIntervalMs?: number;
}

/** Whether a chain was asked for by `--chains` (alias, name or blockchain id). */
function selected(config: IndexerConfig, chain: ChainRef, blockchainIdText: string): boolean {
  if (config.chains.length === 0) return true;
  return config.chains.some((c) => c === chain.name || c === blockchainIdText || c.toLowerCase() === chain.name.toLowerCase());
}

/**
 * Open the store, discover each node's chains, and follow every selected chain with its own follower.
 * Followers of different chains run concurrently; each commits its own batches.
 */
export async function startIndexer(config: IndexerConfig, options: StartIndexerOptions = {}): Promise<RunningIndexer> {
  const log = options.log ?? silentLog;
  // Connections kept through lulls: `firn start` serves the APIs from this store too (PgDatabaseOptions.keepConnections).
  const db = options.db ?? (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { directory: config.databaseDir }, { keepConnections: true }));
  const applied = await migrate(db);
  if (applied.length > 0) log.info('store migrated', { applied });
  const rpc = new RpcLatency();
  const followers: Follower<unknown>[] = [];
  const sockets: WsHeads[] = [];
  const controller = new AbortController();
  const group = new FollowerGroup(controller, log);
  const watchers: ChainWatcher[] = [];
  const streams: FollowedStream[] = [];
  /** Register a chain and start its followers (at start, and for chains created later). Returns them. */
  const follow = async (node: DiscoveredNode, nodeUrl: string, network: NetworkRef, discovered: DiscoveredChain, onPlatformCommit?: () => void) => {
    const chain = await ensureChain(db, { ...discovered, network });
    if (!selected(config, chain, idToString(chain.blockchainId))) return [];
    const added: Follower<unknown>[] = [];
    const rollupInputs = chain.vm === 'evm' && config.rollups ? new RollupInputLog() : undefined;
    const chainStreams: BlockStream<unknown>[] = createStreams(chain, {
      nodeUrl, node, config, log, onRequest: (r) => rpc.observe(r), ...(rollupInputs ? { rollupInputs } : {}),
    });
    // EVM chains push new heads over WebSocket, so realtime does not wait for the next poll.
    const heads = chain.vm === 'evm' && chain.wsUrl ? new WsHeads(chain.wsUrl) : undefined;
    if (heads) sockets.push(heads);
    for (const stream of chainStreams) {
      added.push(
        new Follower(db, stream, {
          batchBlocks: config.batchBlocks, batchRows: config.batchRows, prefetch: config.prefetch, pollIntervalMs: config.pollIntervalMs, log,
          ...(heads ? { headSignal: heads.signal() } : {}),
          ...(chain.vm === 'platform' && onPlatformCommit ? { onCommit: onPlatformCommit } : {}),
        }),
      );
    }
    if (chain.vm === 'evm' && config.rollups) {
      // Rollups read what the block stream stored; one prefetch, since their input is the store itself.
      // While the blocks are backfilling, the rollups fold full batches: each batch has a fixed cost (its address
      // read, the watermark, the cumulative series), and trailing the block stream by one poll made a short batch every poll.
      const rollups = new EvmRollupStream(chain, db, rollupInputs) as BlockStream<unknown>;
      const blocks = added.find((f) => f.stream.name === 'blocks');
      added.push(new Follower(db, rollups, {
        batchBlocks: Math.max(config.batchBlocks, ROLLUP_BATCH_BLOCKS), prefetch: 1, pollIntervalMs: config.pollIntervalMs, log,
        ...(blocks ? { holdPartialBatches: () => blocks.metrics.state === 'backfill' } : {}),
      }));
    }
    followers.push(...added);
    return added;
  };
  for (const [i, nodeUrl] of config.nodeUrls.entries()) {
    const node = options.discovered?.[i] ?? (await discoverNode(nodeUrl, config.networkName ? { networkName: config.networkName } : {}));
    const network = await ensureNetwork(db, node.network);
    // L1 chains created while indexing: found when the P-chain commits a batch, or by the watcher's own rounds.
    const watcher = new ChainWatcher({
      nodeUrl, known: node.chains.map((c) => idToString(c.blockchainId)), log, rpc: { onRequest: (r) => rpc.observe(r) },
      ...(options.chainWatchIntervalMs !== undefined ? { intervalMs: options.chainWatchIntervalMs } : {}),
      onChain: async (discovered) => {
        if (controller.signal.aborted) return;
        const added = await follow(node, nodeUrl, network, discovered);
        for (const f of added) {
          log.info('following a new chain', { chain: f.label });
          group.start(f);
        }
        liveStreams();
      },
    });
    watchers.push(watcher);
    for (const discovered of node.chains) await follow(node, nodeUrl, network, discovered, () => watcher.poke());
  }
  const describe = (f: Follower<unknown>): FollowedStream => ({ label: f.label, metrics: f.metrics, gaps: () => listGaps(db, f.stream.chain.id, f.stream.name) });
  const liveStreams = () => {
    for (const f of followers.slice(streams.length)) streams.push(describe(f));
    return streams;
  };
  liveStreams();
  const opsServer = config.metricsPort > 0 ? await startOpsServer(config.metricsHost, config.metricsPort, liveStreams, rpc) : undefined;
  const metadata = config.nftMetadata.enabled
    ? new MetadataWorker(db, {
        fetch: { ...DEFAULT_METADATA_FETCH, ipfsGateway: config.nftMetadata.ipfsGateway, allowPrivateAddresses: config.nftMetadata.allowPrivateAddresses, timeoutMs: config.nftMetadata.timeoutMs, maxBytes: config.nftMetadata.maxBytes },
        log,
      })
    : undefined;
  const metadataRun = metadata?.run(controller.signal);
  // A store that lost blocks below its checkpoint (restored backup, rows deleted by hand) is reported, not trusted.
  const gapChecks = Promise.all(
    followers
      .filter((f) => f.stream.name === 'blocks')
      .map(async (f) => {
        const checkpoint = await readCheckpoint(db, f.stream.chain.id, 'blocks');
        if (!checkpoint) return;
        const gaps = await checkBlockGaps(db, f.stream.chain, f.stream.firstHeight, checkpoint.height);
        for (const gap of gaps) log.error('blocks missing from the store', { chain: f.label, from: gap.from.toString(), to: gap.to.toString() });
      }),
  ).catch((error: unknown) => log.warn('gap check failed', { error: (error as Error).message }));
  for (const f of followers) group.start(f);
  const watching = watchers.map((w) => w.run(controller.signal));
  const done = group.done;
  for (const f of followers) log.info('following', { chain: f.label });
  return {
    db,
    followers,
    streams,
    ...(opsServer ? { opsServer } : {}),
    done,
    async stop() {
      controller.abort();
      for (const socket of sockets) socket.close();
      await Promise.all(watching);
      await done.catch(() => {});
      await metadataRun;
      await gapChecks;
      if (opsServer) await new Promise((r) => opsServer.close(r));
      if (!options.db) await db.close();
    },
  };
}
