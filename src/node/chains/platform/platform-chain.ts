import { encodePlatformBlock } from '../../../codec/platformvm/blocks.js';
import type { Mutex } from '../../../lib/mutex.js';
import type { ChainEngine } from '../../consensus/chain-engine.js';
import type { AcceptedContainer } from '../../consensus/types.js';

/**
 * The P-chain: its genesis state and block production. Each batch of decision transactions handed to
 * `buildStandardBlock` becomes one Banff standard block, wrapped by the engine and accepted at once.
 * Transaction validation and execution (UTXOs, staking) arrive with the primary-network work.
 */
export class PlatformChain {
  constructor(
    private readonly engine: ChainEngine,
    private readonly lock: Mutex,
    private readonly now: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
  ) {}

  get height(): bigint {
    return this.engine.lastAccepted().height;
  }

  /** Builds and accepts one Banff standard block carrying these signed txs. */
  async buildStandardBlock(txs: Uint8Array[]): Promise<AcceptedContainer> {
    return this.lock.runExclusive(async () => {
      const parent = this.engine.lastAccepted();
      const time = this.now() > parent.timestamp ? this.now() : parent.timestamp;
      const block = encodePlatformBlock({ type: 'banff-standard', time, parentId: parent.innerId, height: parent.height + 1n, txs });
      return this.engine.accept({ id: block.id, bytes: block.bytes, height: parent.height + 1n, timestamp: time }, []);
    });
  }
}
