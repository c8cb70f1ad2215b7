import type { Server } from 'node:http';
import type { IndexerConfig } from '../config/indexer-config.js';
import { idToString } from '../lib/cb58.js';
import { silentLog, type Log } from '../lib/log.js';
import { listGaps, readCheckpoint } from '../store/checkpoints.js';
import { checkBlockGaps } from '../store/gap-check.js';
import type { Database } from '../store/database/database.js';
import { openDatabase } from '../store/database/open-database.js';
import { migrate } from '../store/migrations/migrate.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../store/registry.js';
import { startOpsServer } from './ops/ops-server.js';
import type { FollowedStream } from './ops/indexer-status.js';
import { RpcLatency } from './ops/rpc-latency.js';
import { Follower } from './pipeline/follower.js';
import { DEFAULT_METADATA_FETCH } from './nft-metadata/fetch-token-metadata.js';
import { MetadataWorker } from './nft-metadata/metadata-worker.js';
import type { BlockStream } from './pipeline/stream.js';
import { discoverNode, type DiscoveredNode } from './sources/node-discovery.js';
import { WsHeads } from './sources/evm/ws-heads.js';
import { createStreams } from './streams/create-streams.js';
import { EvmRollupStream } from './streams/evm-rollup-stream.js';

export interface RunningIndexer {
  db: Database;
  followers: Follower<unknown>[];
  streams: FollowedStream[];
  opsServer?: Server;
  /** Resolves when every follower stopped; rejects with the first follower's fatal error. */
  done: Promise<void>;
  stop(): Promise<void>;
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
export async function startIndexer(config: IndexerConfig, options: { log?: Log; db?: Database; discovered?: DiscoveredNode[] } = {}): Promise<RunningIndexer> {
  const log = options.log ?? silentLog;
  const db = options.db ?? (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { directory: config.databaseDir }));
  const applied = await migrate(db);
  if (applied.length > 0) log.info('store migrated', { applied });
  const rpc = new RpcLatency();
  const followers: Follower<unknown>[] = [];
  const sockets: WsHeads[] = [];
  for (const [i, nodeUrl] of config.nodeUrls.entries()) {
    const node = options.discovered?.[i] ?? (await discoverNode(nodeUrl, config.networkName ? { networkName: config.networkName } : {}));
    const network = await ensureNetwork(db, node.network);
    for (const discovered of node.chains) {
      const chain = await ensureChain(db, { ...discovered, network });
      if (!selected(config, chain, idToString(chain.blockchainId))) continue;
      const streams: BlockStream<unknown>[] = createStreams(chain, { nodeUrl, node, config, log, onRequest: (r) => rpc.observe(r) });
      // EVM chains push new heads over WebSocket, so realtime does not wait for the next poll.
      const heads = chain.vm === 'evm' && chain.wsUrl ? new WsHeads(chain.wsUrl) : undefined;
      if (heads) sockets.push(heads);
      for (const stream of streams) {
        followers.push(
          new Follower(db, stream, {
            batchBlocks: config.batchBlocks, prefetch: config.prefetch, pollIntervalMs: config.pollIntervalMs, log,
            ...(heads ? { headSignal: (signal: AbortSignal) => heads.next(signal) } : {}),
          }),
        );
      }
      if (chain.vm === 'evm') {
        // Rollups read what the block stream stored; one prefetch, since their input is the store itself.
        const rollups = new EvmRollupStream(chain, db) as BlockStream<unknown>;
        followers.push(new Follower(db, rollups, { batchBlocks: Math.max(config.batchBlocks, 1000), prefetch: 1, pollIntervalMs: config.pollIntervalMs, log }));
      }
    }
  }
  const streams: FollowedStream[] = followers.map((f) => ({
    label: f.label,
    metrics: f.metrics,
    gaps: () => listGaps(db, f.stream.chain.id, f.stream.name),
  }));
  const opsServer = config.metricsPort > 0 ? await startOpsServer(config.metricsHost, config.metricsPort, () => streams, rpc) : undefined;
  const controller = new AbortController();
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
  const done = Promise.all(
    followers.map((f) =>
      f.run(controller.signal).catch((error: unknown) => {
        log.error('indexing stopped', { chain: f.label, error: (error as Error).message });
        controller.abort();
        throw error;
      }),
    ),
  ).then(() => undefined);
  done.catch(() => {});
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
      await done.catch(() => {});
      await metadataRun;
      await gapChecks;
      if (opsServer) await new Promise((r) => opsServer.close(r));
      if (!options.db) await db.close();
    },
  };
}
