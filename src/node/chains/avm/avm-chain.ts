import { encodeAvmStandardBlock } from '../../../codec/avm/blocks.js';
import type { Mutex } from '../../../lib/mutex.js';
import type { ChainEngine } from '../../consensus/chain-engine.js';
import type { AcceptedContainer } from '../../consensus/types.js';
import { BlockProducer } from '../block-producer.js';

/**
 * The X-chain (post-Cortina, linear): its genesis state and block production. Each batch of signed txs
 * handed to `buildStandardBlock` becomes one avm StandardBlock, wrapped by the engine and accepted at
 * once. Transaction validation and execution arrive with the primary-network work.
 */
export class AvmChain {
  private readonly producer: BlockProducer;

  constructor(engine: ChainEngine, lock: Mutex, now?: () => bigint) {
    this.producer = new BlockProducer(engine, lock, ({ parentId, height, time, txs }) => encodeAvmStandardBlock({ parentId, height, time, txs }), now);
  }

  get height(): bigint {
    return this.producer.height;
  }

  buildStandardBlock(txs: Uint8Array[]): Promise<AcceptedContainer> {
    return this.producer.produce(txs);
  }
}
