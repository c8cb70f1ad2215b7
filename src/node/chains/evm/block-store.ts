import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes, bytesToBigInt } from '@ethereumjs/util';
import { type KvOp, type KvStore, readU64, u64Key } from '../../storage/kv.js';
import { type BlockCodec, CORETH_BLOCK_CODEC } from './block-codec.js';
import { BlockCache } from './block-cache.js';
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

/** Heights whose hashes one read-ahead takes, and how many such windows are kept. */
const READ_AHEAD = 256n;
const AHEAD_WINDOWS = 16;

/**
 * Blocks, receipts and tx locations in the node's store. Writes are returned as KvOps (they travel in the
 * consensus engine's accept batch). Reads go through two caches: the blocks accepted last (the head's
 * neighbourhood, which BLOCKHASH and fee rules read again and again) and, apart from them, the few blocks read
 * from the store last. Kept apart so that a client reading the whole chain (an indexer's backfill) neither
 * pushes the recent blocks out nor keeps hundreds of blocks it will not ask for again alive in the heap.
 */
export class BlockStore {
  private readonly recent = new BlockCache(512);
  private readonly read = new BlockCache(32);
  /** Hashes read ahead of clients reading the chain in order (readAhead), and the last heights whose hash was not at hand. */
  private ahead: { from: bigint; hashes: Uint8Array[] }[] = [];
  private readonly misses: bigint[] = new Array<bigint>(32).fill(-2n);
  private missAt = 0;
  /** Counts `remember` calls: a read-ahead the head moved during is not kept (a devnet rewind may have replaced what it read). */
  private headMoves = 0;

  constructor(private readonly db: KvStore, private readonly keys: EvmKeys, private readonly codec: BlockCodec = CORETH_BLOCK_CODEC) {}

  /** The writes that make `block` the new head (with its txs' callTracer results, when they were recorded). */
  acceptOps(stored: StoredBlock, receipts: StoredReceipt[], txHashes: Uint8Array[], callTraces?: (string | undefined)[]): KvOp[] {
    const { block, hash, bytes } = stored;
    const n = block.header.number;
    const ops: KvOp[] = [
      { type: 'put', key: this.keys.block(n, hash), value: bytes },
      { type: 'put', key: this.keys.hashByNumber(n), value: hash },
      { type: 'put', key: this.keys.numberByHash(hash), value: u64Key(n) },
      { type: 'put', key: this.keys.receipts(n, hash), value: encodeReceipts(receipts, txHashes) },
      { type: 'put', key: this.keys.head(), value: hash },
    ];
    if (callTraces && callTraces.length > 0) {
      ops.push({ type: 'put', key: this.keys.callTraces(n, hash), value: Buffer.from(encodeCallTraces(callTraces)) });
    }
    txHashes.forEach((th, i) => {
      ops.push({ type: 'put', key: this.keys.txLookup(th), value: RLP.encode([hash, bigIntToUnpaddedBytes(n), bigIntToUnpaddedBytes(BigInt(i))]) });
    });
    return ops;
  }

  static wrap(block: CorethBlock, codec: BlockCodec = CORETH_BLOCK_CODEC): StoredBlock {
    return { block, hash: codec.headerHash(block.header), bytes: codec.encode(block) };
  }

  /** Keeps an accepted (or newly made head) block at hand; a block read earlier at its height (one a devnet rewind dropped) is let go. */
  remember(stored: StoredBlock): void {
    this.read.dropNumber(stored.block.header.number);
    this.recent.add(stored);
    this.ahead = [];
    this.headMoves++;
  }

  async headHash(): Promise<Uint8Array | undefined> {
    return plain(await this.db.get(this.keys.head()));
  }

  async hashByNumber(n: bigint): Promise<Uint8Array | undefined> {
    const hit = this.recent.byNumber(n) ?? this.read.byNumber(n);
    if (hit) return hit.hash;
    for (const w of this.ahead) {
      const i = Number(n - w.from);
      if (i >= 0 && i < w.hashes.length) return w.hashes[i];
    }
    const hash = plain(await this.db.get(this.keys.hashByNumber(n)));
    const sequential = this.misses.includes(n - 1n);
    this.misses[this.missAt++ % this.misses.length] = n;
    if (hash && sequential) await this.readAhead(n + 1n);
    return hash;
  }

  /**
   * The hashes of the heights after `from`, read in one pass over the store: a client reading the chain in order (an
   * indexer's backfill, several ranges at once) otherwise costs a point read per block for its hash alone, as much as
   * reading the block. A few windows are kept, the oldest dropped first; all of them whenever the head moves (`remember`).
   */
  private async readAhead(from: bigint): Promise<void> {
    const hashes: Uint8Array[] = [];
    const moves = this.headMoves;
    const gte = this.keys.hashByNumber(from);
    for await (const [key, value] of this.db.iterate({ gte, lt: this.keys.hashByNumber(from + READ_AHEAD), limit: Number(READ_AHEAD) })) {
      if (readU64(key, gte.length - 8) !== from + BigInt(hashes.length)) break;
      hashes.push(plain(value)!);
    }
    if (hashes.length === 0 || moves !== this.headMoves) return;
    if (this.ahead.length >= AHEAD_WINDOWS) this.ahead.shift();
    this.ahead.push({ from, hashes });
    // the miss after this window is the next height in order too: read ahead again then
    this.misses[this.missAt++ % this.misses.length] = from + BigInt(hashes.length) - 1n;
  }

  async byHash(hash: Uint8Array): Promise<StoredBlock | undefined> {
    const hit = this.cached(hash);
    if (hit) return hit;
    const bytes = await this.db.get(this.keys.numberByHash(hash));
    return bytes ? this.load(readU64(bytes), hash) : undefined;
  }

  async byNumber(n: bigint): Promise<StoredBlock | undefined> {
    const hash = await this.hashByNumber(n);
    return hash ? this.at(n, hash) : undefined;
  }

  /** The block with this number and hash (one read when the caller knows both, as a tx lookup does). */
  async at(n: bigint, hash: Uint8Array): Promise<StoredBlock | undefined> {
    return this.cached(hash) ?? this.load(n, hash);
  }

  async receipts(n: bigint, hash: Uint8Array): Promise<StoredReceipt[] | undefined> {
    const bytes = plain(await this.db.get(this.keys.receipts(n, hash)));
    return bytes ? decodeReceipts(bytes) : undefined;
  }

  /** The callTracer result of each of the block's txs as JSON bytes ('null' where none was recorded); undefined if the block has none stored. */
  async callTraceJson(n: bigint, hash: Uint8Array): Promise<Uint8Array[] | undefined> {
    const bytes = plain(await this.db.get(this.keys.callTraces(n, hash)));
    return bytes ? decodeCallTraces(bytes) : undefined;
  }

  private cached(hash: Uint8Array): StoredBlock | undefined {
    const key = hex(hash);
    return this.recent.byHash(key) ?? this.read.byHash(key);
  }

  private async load(n: bigint, hash: Uint8Array): Promise<StoredBlock | undefined> {
    const bytes = plain(await this.db.get(this.keys.block(n, hash)));
    if (!bytes) return undefined;
    const stored = { block: this.codec.decode(bytes), hash, bytes };
    this.read.add(stored);
    return stored;
  }

  async txLocation(txHash: Uint8Array): Promise<TxLocation | undefined> {
    const bytes = await this.db.get(this.keys.txLookup(txHash));
    if (!bytes) return undefined;
    const [blockHash, num, idx] = RLP.decode(bytes) as Uint8Array[];
    return { blockHash: plain(blockHash)!, blockNumber: bytesToBigInt(num!), index: Number(bytesToBigInt(idx!)) };
  }
}
