import type { IndexerConfig } from '../../config/indexer-config.js';
import type { Log } from '../../lib/log.js';
import type { ChainRef } from '../../store/registry.js';
import type { PreparedEvmBatch } from '../../store/writers/evm/write-evm-batch.js';
import { writePrimaryRows } from '../../store/writers/primary/write-primary-rows.js';
import { cChainAtomicRows } from '../decode/atomic/atomic-rows.js';
import type { BlockStream } from '../pipeline/stream.js';
import { withDerivedWrites, type DerivedWrite } from '../pipeline/with-derived-writes.js';
import type { DiscoveredNode } from '../sources/node-discovery.js';
import type { RollupInputLog } from './rollup-input-log.js';
import { AvmBlockStream } from './avm-block-stream.js';
import { EvmBlockStream } from './evm-block-stream.js';
import { PlatformBlockStream } from './platform-block-stream.js';

export interface StreamContext {
  nodeUrl: string;
  node: DiscoveredNode;
  config: IndexerConfig;
  onRequest: (info: { url: string; calls: number; ms: number; ok: boolean }) => void;
  log: Log;
  /** An EVM chain's block stream hands its committed rollup inputs here, for the chain's rollup stream. */
  rollupInputs?: RollupInputLog;
}

/** The C-chain's atomic txs (block extra data) become primary-network rows, in the EVM batch's transaction. */
function cChainAtomicWrite(chain: ChainRef): DerivedWrite<PreparedEvmBatch> {
  return async (tx, batch) => {
    const blocks = batch.blocks
      .filter((b) => b.extData !== undefined && b.extData.length > 0)
      .map((b) => ({ height: b.number, hash: b.hash, timestamp: b.timestamp, extData: b.extData! }));
    if (blocks.length === 0) return;
    await writePrimaryRows(tx, cChainAtomicRows({ chain: chain.id, blockchainId: chain.blockchainId }, blocks));
  };
}

/** The block streams that index one chain. */
export function createStreams(chain: ChainRef, context: StreamContext): BlockStream<unknown>[] {
  const rpc = { onRequest: context.onRequest };
  const mode = (alias: 'P' | 'X') => (context.node.indexApi[alias] ? 'index' : 'by-height') as 'index' | 'by-height';
  switch (chain.vm) {
    case 'evm': {
      const stream = new EvmBlockStream(chain, {
        traces: context.config.internalTransactions ? 'auto' : 'off', ...rpc, ...(context.rollupInputs ? { rollupInputs: context.rollupInputs } : {}),
      });
      return [(chain.name === 'C' ? withDerivedWrites(stream, [cChainAtomicWrite(chain)]) : stream) as BlockStream<unknown>];
    }
    case 'platform':
      return [new PlatformBlockStream(chain, { nodeUrl: context.nodeUrl, mode: mode('P'), rpc }) as BlockStream<unknown>];
    case 'avm':
      return [new AvmBlockStream(chain, { nodeUrl: context.nodeUrl, mode: mode('X'), rpc }) as BlockStream<unknown>];
  }
}
