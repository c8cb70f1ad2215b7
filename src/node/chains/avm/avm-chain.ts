import { encodeAvmStandardBlock } from '../../../codec/avm/blocks.js';
import type { Mutex } from '../../../lib/mutex.js';
import type { ChainEngine } from '../../consensus/chain-engine.js';
import type { AcceptedContainer } from '../../consensus/types.js';

/**
 * The X-chain (post-Cortina, linear): its genesis state and block production. Each batch of signed txs
 * handed to `buildStandardBlock` becomes one avm StandardBlock, wrapped by the engine and accepted at
 * once. Transaction validation and execution arrive with the primary-network work.
 */
export class AvmChain {
  constructor(
    private readonly engine: ChainEngine,
    private readonly lock: Mutex,
    private readonly now: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
  ) {}

  get height(): bigint {
    return this.engine.lastAccepted().height;
  }

  async buildStandardBlock(txs: Uint8Array[]): Promise<AcceptedContainer> {
    return this.lock.runExclusive(async () => {
      const parent = this.engine.lastAccepted();
      const time = this.now() > parent.timestamp ? this.now() : parent.timestamp;
      const height = parent.height + 1n;
      const block = encodeAvmStandardBlock({ parentId: parent.innerId, height, time, txs });
      return this.engine.accept({ id: block.id, bytes: block.bytes, height, timestamp: time }, []);
    });
  }
}
