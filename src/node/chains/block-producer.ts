import type { Mutex } from '../../lib/mutex.js';
import type { ChainEngine } from '../consensus/chain-engine.js';
import type { AcceptedContainer } from '../consensus/types.js';

/** Encodes the VM's block that follows `parentId` at `height` with time `time` and these txs. */
export type EncodeBlock = (b: { parentId: Uint8Array; height: bigint; time: bigint; txs: Uint8Array[] }) => { id: Uint8Array; bytes: Uint8Array };

/**
 * Block production for a linear chain under instant finality: one block per call, built on the engine's
 * last accepted block, with a timestamp that never goes backwards, under the chain's block-building lock.
 */
export class BlockProducer {
  constructor(
    private readonly engine: ChainEngine,
    private readonly lock: Mutex,
    private readonly encode: EncodeBlock,
    private readonly now: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
  ) {}

  get height(): bigint {
    return this.engine.lastAccepted().height;
  }

  produce(txs: Uint8Array[]): Promise<AcceptedContainer> {
    return this.lock.runExclusive(async () => {
      const parent = this.engine.lastAccepted();
      const now = this.now();
      const time = now > parent.timestamp ? now : parent.timestamp;
      const height = parent.height + 1n;
      const block = this.encode({ parentId: parent.innerId, height, time, txs });
      return this.engine.accept({ id: block.id, bytes: block.bytes, height, timestamp: time }, []);
    });
  }
}
