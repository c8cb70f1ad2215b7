import { encodePlatformBlock } from '../../../codec/platformvm/blocks.js';
import type { Mutex } from '../../../lib/mutex.js';
import type { ChainEngine } from '../../consensus/chain-engine.js';
import type { AcceptedContainer } from '../../consensus/types.js';
import { BlockProducer } from '../block-producer.js';

/**
 * The P-chain: its genesis state and block production. Each batch of decision transactions handed to
 * `buildStandardBlock` becomes one Banff standard block, wrapped by the engine and accepted at once.
 * Transaction validation and execution (UTXOs, staking) arrive with the primary-network work.
 */
export class PlatformChain {
  private readonly producer: BlockProducer;

  constructor(engine: ChainEngine, lock: Mutex, now?: () => bigint) {
    this.producer = new BlockProducer(engine, lock, ({ parentId, height, time, txs }) => encodePlatformBlock({ type: 'banff-standard', parentId, height, time, txs }), now);
  }

  get height(): bigint {
    return this.producer.height;
  }

  buildStandardBlock(txs: Uint8Array[]): Promise<AcceptedContainer> {
    return this.producer.produce(txs);
  }
}
