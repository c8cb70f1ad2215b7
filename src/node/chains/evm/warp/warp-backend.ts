import { parseUnsignedMessage, type UnsignedWarpMessage } from '../../../../codec/warp/unsigned-message.js';
import { compareBytes } from '../../../../lib/bytes.js';
import { bytesToHex } from '../../../../lib/hex.js';
import { key, prefixEnd, u64Key, utf8, type KvOp, type KvStore } from '../../../storage/kv.js';
import type { WarpMessageSource } from '../../../warp/message-source.js';
import { WARP_ADDRESS } from '../../subnet-evm/precompiles/addresses.js';
import { SEND_WARP_MESSAGE_EVENT, decodeBytesArg } from '../../subnet-evm/precompiles/warp.js';
import type { StoredBlock } from '../block-store.js';
import type { EvmChain } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';

/**
 * An EVM chain's warp backend (warp/backend.go): the SendWarpMessage logs of the warp precompile are parsed
 * (the warp config's Accept hook) and their unsigned messages written in the accepting block's own batch, so
 * a message is known exactly when its block is — to warp_getMessage and the validators' ACP-118 signing,
 * after a restart or a kill too. Each message also gets a key under the height that first emitted it, so a
 * devnet rewind forgets the messages of the blocks it drops (and only those). Hash payloads attest accepted
 * blocks, looked up by block hash. `db` must be the store the chain's acceptor writes to.
 */
export class EvmWarpBackend implements WarpMessageSource {
  private readonly unsubscribe: () => void;
  private readonly byHeight: Uint8Array;

  constructor(private readonly o: { db: KvStore; chainId: Uint8Array; chain: EvmChain; onError?: (e: Error) => void }) {
    this.byHeight = utf8(`warp/evm-h/${bytesToHex(o.chainId)}/`);
    this.unsubscribe = o.chain.addAcceptWriter({
      acceptOps: (block, receipts) => this.acceptOps(block, receipts),
      rewindOps: (height) => this.rewindOps(height),
    });
  }

  private key(messageId: Uint8Array): Uint8Array {
    return utf8(`warp/evm/${bytesToHex(this.o.chainId)}/${bytesToHex(messageId)}`);
  }

  /** The accept hook: the writes storing every new SendWarpMessage the block's receipts carry. */
  async acceptOps(block: StoredBlock, receipts: readonly StoredReceipt[]): Promise<KvOp[]> {
    const ops: KvOp[] = [];
    const seen = new Set<string>();
    for (const msg of this.sentMessages(receipts)) {
      const id = bytesToHex(msg.id);
      // an identical message sent again keeps the height of its first block
      if (seen.has(id) || (await this.getMessage(msg.id)) !== undefined) continue;
      seen.add(id);
      ops.push({ type: 'put', key: this.key(msg.id), value: msg.bytes });
      ops.push({ type: 'put', key: key(this.byHeight, u64Key(block.block.header.number), msg.id), value: new Uint8Array(0) });
    }
    return ops;
  }

  /** The rewind hook: deletes the messages first sent above `height`. */
  async rewindOps(height: bigint): Promise<KvOp[]> {
    const ops: KvOp[] = [];
    for await (const [k] of this.o.db.iterate({ gte: key(this.byHeight, u64Key(height + 1n)), lt: prefixEnd(this.byHeight) })) {
      ops.push({ type: 'del', key: k }, { type: 'del', key: this.key(k.subarray(this.byHeight.length + 8)) });
    }
    return ops;
  }

  /** The unsigned messages of the warp precompile's SendWarpMessage logs, in log order. */
  private *sentMessages(receipts: readonly StoredReceipt[]): Generator<UnsignedWarpMessage> {
    for (const r of receipts) {
      for (const [address, topics, data] of r.logs) {
        if (compareBytes(address, WARP_ADDRESS) !== 0 || !topics[0] || compareBytes(topics[0], SEND_WARP_MESSAGE_EVENT) !== 0) continue;
        try {
          yield parseUnsignedMessage(decodeBytesArg(data));
        } catch (e) {
          this.o.onError?.(new Error(`failed to parse warp log data into unsigned message: ${(e as Error).message}`));
        }
      }
    }
  }

  /** The unsigned message bytes of an accepted SendWarpMessage, if this chain emitted it. */
  async getMessage(messageId: Uint8Array): Promise<Uint8Array | undefined> {
    return this.o.db.get(this.key(messageId));
  }

  async hasMessage(chainId: Uint8Array, messageId: Uint8Array): Promise<boolean> {
    return compareBytes(chainId, this.o.chainId) === 0 && (await this.getMessage(messageId)) !== undefined;
  }

  async hasAcceptedBlock(chainId: Uint8Array, blockId: Uint8Array): Promise<boolean> {
    return compareBytes(chainId, this.o.chainId) === 0 && (await this.o.chain.getBlockByHash(blockId)) !== undefined;
  }

  close(): void {
    this.unsubscribe();
  }
}
