import type { IndexerConfig } from '../../config/indexer-config.js';
import type { Log } from '../../lib/log.js';
import type { ChainRef } from '../../store/registry.js';
import type { BlockStream } from '../pipeline/stream.js';
import type { DiscoveredNode } from '../sources/node-discovery.js';
import { EvmBlockStream } from './evm-block-stream.js';

export interface StreamContext {
  nodeUrl: string;
  node: DiscoveredNode;
  config: IndexerConfig;
  onRequest: (info: { url: string; calls: number; ms: number; ok: boolean }) => void;
  log: Log;
}

/** The block streams that index one chain. */
export function createStreams(chain: ChainRef, context: StreamContext): BlockStream<unknown>[] {
  switch (chain.vm) {
    case 'evm':
      return [
        new EvmBlockStream(chain, {
          traces: context.config.internalTransactions ? 'auto' : 'off',
          onRequest: context.onRequest,
        }) as BlockStream<unknown>,
      ];
    default:
      return [];
  }
}
