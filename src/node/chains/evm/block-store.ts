import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes, bytesToBigInt } from '@ethereumjs/util';
import type { KvOp, KvStore } from '../../storage/kv.js';
import { type BlockCodec, CORETH_BLOCK_CODEC } from './block-codec.js';
import { decodeCallTraces, encodeCallTraces } from './tracing/stored-call-traces.js';
import type { CorethBlock } from './coreth-block.js';
import type { EvmKeys } from './keys.js';
import { type StoredReceipt, decodeReceipts, encodeReceipts } from './receipts.js';
import { hexOf } from '../../../lib/hex.js';

export interface StoredBlock {
  block: CorethBlock;
  hash: Uint8Array;
  bytes: Uint8Array;
}

export interface TxLocation {
  blockHash: Uint8Array;
  blockNumber: bigint;
  index: number;
}

/**
 * LevelDB hands back Buffers; callers compare hashes as plain Uint8Arrays, and a plain array's `subarray` (decoders
 * take hundreds of views of a block) skips Buffer's own constructor.
 */
function plain(b: Uint8Array | undefined): Uint8Array | undefined {
  return b === undefined || b.constructor === Uint8Array ? b : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

const hex = (b: Uint8Array) => hexOf(b);

/**
 * Blocks, receipts and tx locations in the node's store. Writes are returned as KvOps (they travel in the
 * consensus engine's accept batch); reads go through a small cache of recent blocks.
 */
export class BlockStore {
  private readonly recent = new Map<string, StoredBlock>();
  private readonly recentByNumber = new Map<bigint, string>();
  private static readonly CACHE = 512;

  constructor(private readonly db: KvStore, private readonly keys: EvmKeys, private readonly codec: BlockCodec = CORETH_BLOCK_CODEC) {}

  /** The writes that make `block` the new head (with its txs' callTracer results, when they were recorded). */
  acceptOps(stored: StoredBlock, receipts: StoredReceipt[], txHashes: Uint8Array[], callTraces?: (string | undefined)[]): KvOp[] {
    const { block, hash, bytes } = stored;
    const n = block.header.number;
    const ops: KvOp[] = [
      { type: 'put', key: this.keys.block(hash), value: bytes },
      { type: 'put', key: this.keys.hashByNumber(n), value: hash },
      { type: 'put', key: this.keys.receipts(hash), value: encodeReceipts(receipts) },
      { type: 'put', key: this.keys.head(), value: hash },
    ];
    if (callTraces && callTraces.length > 0) {
      ops.push({ type: 'put', key: this.keys.callTraces(hash), value: Buffer.from(encodeCallTraces(callTraces)) });
    }
    txHashes.forEach((th, i) => {
      ops.push({ type: 'put', key: this.keys.txLookup(th), value: RLP.encode([hash, bigIntToUnpaddedBytes(n), bigIntToUnpaddedBytes(BigInt(i))]) });
    });
    return ops;
  }

  static wrap(block: CorethBlock, codec: BlockCodec = CORETH_BLOCK_CODEC): StoredBlock {
    return { block, hash: codec.headerHash(block.header), bytes: codec.encode(block) };
  }

  remember(stored: StoredBlock): void {
    const h = hex(stored.hash);
    this.recent.set(h, stored);
    this.recentByNumber.set(stored.block.header.number, h);
    if (this.recent.size > BlockStore.CACHE) {
      const oldest = this.recent.keys().next().value as string;
      const old = this.recent.get(oldest)!;
      this.recent.delete(oldest);
      if (this.recentByNumber.get(old.block.header.number) === oldest) this.recentByNumber.delete(old.block.header.number);
    }
  }

  async headHash(): Promise<Uint8Array | undefined> {
    return plain(await this.db.get(this.keys.head()));
  }

  async hashByNumber(n: bigint): Promise<Uint8Array | undefined> {
    const h = this.recentByNumber.get(n);
    if (h !== undefined) return this.recent.get(h)!.hash;
    return plain(await this.db.get(this.keys.hashByNumber(n)));
  }

  async byHash(hash: Uint8Array): Promise<StoredBlock | undefined> {
    const hit = this.recent.get(hex(hash));
    if (hit) return hit;
    const bytes = plain(await this.db.get(this.keys.block(hash)));
    if (!bytes) return undefined;
    const stored = { block: this.codec.decode(bytes), hash, bytes };
    this.remember(stored);
    return stored;
  }

  async byNumber(n: bigint): Promise<StoredBlock | undefined> {
    const hash = await this.hashByNumber(n);
    return hash ? this.byHash(hash) : undefined;
  }

  async receipts(hash: Uint8Array): Promise<StoredReceipt[] | undefined> {
    const bytes = plain(await this.db.get(this.keys.receipts(hash)));
    return bytes ? decodeReceipts(bytes) : undefined;
  }

  /** The callTracer result of each of the block's txs as JSON bytes ('null' where none was recorded); undefined if the block has none stored. */
  async callTraceJson(hash: Uint8Array): Promise<Uint8Array[] | undefined> {
    const bytes = plain(await this.db.get(this.keys.callTraces(hash)));
    return bytes ? decodeCallTraces(bytes) : undefined;
  }

  async txLocation(txHash: Uint8Array): Promise<TxLocation | undefined> {
    const bytes = await this.db.get(this.keys.txLookup(txHash));
    if (!bytes) return undefined;
    const [blockHash, num, idx] = RLP.decode(bytes) as Uint8Array[];
    return { blockHash: plain(blockHash)!, blockNumber: bytesToBigInt(num!), index: Number(bytesToBigInt(idx!)) };
  }
}
