import type { AcceptedContainer, AcceptSink } from '../../consensus/types.js';
import { key, prefixEnd, readU64, u64Key, utf8, type KvOp, type KvStore } from '../../storage/kv.js';

export type IndexKind = 'block' | 'tx' | 'vtx';

/** One accepted container as the index stores it. */
export interface IndexedContainer {
  /** Position in acceptance order; the first accepted container is 0. */
  index: bigint;
  id: Uint8Array;
  bytes: Uint8Array;
  /** This node's clock when it accepted the container, Unix nanoseconds. */
  acceptedAtNanos: bigint;
}

export interface ContainerIndexOptions {
  /** How many recently accepted or read containers to keep in memory (0 disables the cache). */
  cacheSize?: number;
}

/** What `prepare` hands back: the writes for the caller's batch, and what to run once it is durable. */
export interface PreparedAccept {
  ops: KvOp[];
  commit(): void;
  /** The caller's batch failed: release the reserved index so the next accept reuses it. */
  abort(): void;
}

// Same sub-prefixes as AvalancheGo's indexer (tx 0x01, vtx 0x02, block 0x03); only the bytes matter here.
const KIND_BYTE: Record<IndexKind, number> = { tx: 0x01, vtx: 0x02, block: 0x03 };
const BY_INDEX = 0x01;
const BY_ID = 0x02;
const ID_LEN = 32;
const HEADER_LEN = ID_LEN + 8 + 8;
const nothing = (): PreparedAccept => ({ ops: [], commit: () => {}, abort: () => {} });

/** Root prefix of every container index in the node's store. */
export const INDEX_PREFIX = utf8('idx/');

/**
 * The accepted containers of one chain and kind (AvalancheGo's `indexer/index.go`), in the node's KvStore:
 *   prefix ‖ 0x01 ‖ u64(index) → id ‖ i64(acceptedAtNanos) ‖ u64(height, 0 if none) ‖ bytes
 *   prefix ‖ 0x02 ‖ id         → u64(index)
 *
 * Accept is idempotent. `accept` checks the store; `prepare` must answer synchronously inside the engine's
 * accept, so it skips ids indexed or in flight in this session and, for earlier sessions, any block at or
 * below the height of the last block indexed before open (a linear chain accepts one block per height,
 * so such a block is a replay). Open reads one entry; nothing grows with the index but the read cache.
 */
export class ContainerIndex implements AcceptSink {
  private readonly byIndexPrefix: Uint8Array;
  private readonly byIdPrefix: Uint8Array;
  /** Containers visible to readers: [0, committed). */
  private committed: bigint;
  /** Next index to hand out; ahead of `committed` while a prepared accept is in flight. */
  private reserved: bigint;
  /** Height of the last block indexed before this session; replays at or below it are skipped. */
  private heightAtOpen: bigint;
  private highestHeight: bigint;
  /** Ids committed or in flight in this session, as latin1 strings (32 chars each). */
  private readonly sessionIds = new Set<string>();
  private readonly cache = new Map<bigint, IndexedContainer>();
  private readonly cacheSize: number;

  private constructor(
    private readonly db: KvStore,
    readonly chainId: Uint8Array,
    readonly kind: IndexKind,
    count: bigint,
    lastHeight: bigint,
    opts: ContainerIndexOptions,
  ) {
    const root = key(INDEX_PREFIX, chainId, Uint8Array.of(KIND_BYTE[kind]));
    this.byIndexPrefix = key(root, Uint8Array.of(BY_INDEX));
    this.byIdPrefix = key(root, Uint8Array.of(BY_ID));
    this.committed = count;
    this.reserved = count;
    this.heightAtOpen = lastHeight;
    this.highestHeight = lastHeight;
    this.cacheSize = opts.cacheSize ?? 1024;
  }

  static async open(db: KvStore, chainId: Uint8Array, kind: IndexKind, opts: ContainerIndexOptions = {}): Promise<ContainerIndex> {
    if (chainId.length !== ID_LEN) throw new Error(`chain id must be ${ID_LEN} bytes but is ${chainId.length}`);
    const root = key(INDEX_PREFIX, chainId, Uint8Array.of(KIND_BYTE[kind]));
    const byIndex = key(root, Uint8Array.of(BY_INDEX));
    let count = 0n;
    let lastHeight = 0n;
    for await (const [k, v] of db.iterate({ gte: byIndex, lt: prefixEnd(byIndex), reverse: true, limit: 1 })) {
      count = readU64(k, byIndex.length) + 1n;
      lastHeight = readU64(v, ID_LEN + 8);
    }
    return new ContainerIndex(db, chainId, kind, count, lastHeight, opts);
  }

  /** Number of containers accepted into this index. */
  get size(): bigint {
    return this.committed;
  }

  /** Height of the highest block indexed through `prepare` (0 when none): where a catch-up would resume. */
  get lastHeight(): bigint {
    return this.highestHeight;
  }

  /**
   * The writes that index an accepted engine container, for the caller's atomic batch (AcceptSink).
   * A replayed container gives no writes.
   */
  prepare(container: AcceptedContainer): PreparedAccept {
    if (container.height >= 1n && container.height <= this.heightAtOpen) return nothing();
    return this.prepareEntry(container.id, container.bytes, container.acceptedAtNanos, container.height);
  }

  /**
   * Devnet rewind (AcceptSink): the writes that drop every entry for a block above `height`. Entries are
   * in height order, so they are the newest ones; a later accept reuses their indexes.
   */
  async prepareRewind(height: bigint): Promise<{ ops: KvOp[]; commit(): void }> {
    const ops: KvOp[] = [];
    const dropped: string[] = [];
    let first = this.committed;
    for await (const [k, v] of this.db.iterate({ gte: this.byIndexPrefix, lt: prefixEnd(this.byIndexPrefix), reverse: true })) {
      if (readU64(v, ID_LEN + 8) <= height) break;
      const id = v.subarray(0, ID_LEN);
      ops.push({ type: 'del', key: Uint8Array.from(k) }, { type: 'del', key: key(this.byIdPrefix, id) });
      dropped.push(idKey(id));
      first = readU64(k, this.byIndexPrefix.length);
    }
    return {
      ops,
      commit: () => {
        if (ops.length === 0) return;
        this.committed = first;
        this.reserved = first;
        for (const id of dropped) this.sessionIds.delete(id);
        for (const i of [...this.cache.keys()]) if (i >= first) this.cache.delete(i);
        if (this.highestHeight > height) this.highestHeight = height;
        if (this.heightAtOpen > height) this.heightAtOpen = height;
      },
    };
  }

  /** Indexes one container in its own batch (tx/vtx indexes, which no engine batch carries). */
  async accept(id: Uint8Array, bytes: Uint8Array, acceptedAtNanos: bigint): Promise<void> {
    // Serialized, so concurrent accepts index in call order (the first of two duplicates wins).
    const run = this.acceptQueue.then(() => this.acceptNow(id, bytes, acceptedAtNanos));
    this.acceptQueue = run.catch(() => undefined);
    return run;
  }

  private acceptQueue: Promise<unknown> = Promise.resolve();

  private async acceptNow(id: Uint8Array, bytes: Uint8Array, acceptedAtNanos: bigint): Promise<void> {
    checkId(id);
    if ((await this.db.get(key(this.byIdPrefix, id))) !== undefined) return;
    const prepared = this.prepareEntry(id, bytes, acceptedAtNanos, 0n);
    if (prepared.ops.length === 0) return;
    try {
      await this.db.batch(prepared.ops);
    } catch (e) {
      prepared.abort();
      throw e;
    }
    prepared.commit();
  }

  private prepareEntry(id: Uint8Array, bytes: Uint8Array, acceptedAtNanos: bigint, height: bigint): PreparedAccept {
    checkId(id);
    const idk = idKey(id);
    if (this.sessionIds.has(idk)) return nothing();

    const index = this.reserved++;
    this.sessionIds.add(idk);
    const value = new Uint8Array(HEADER_LEN + bytes.length);
    value.set(id, 0);
    const view = new DataView(value.buffer);
    view.setBigInt64(ID_LEN, acceptedAtNanos);
    view.setBigUint64(ID_LEN + 8, height);
    value.set(bytes, HEADER_LEN);
    const ops: KvOp[] = [
      { type: 'put', key: key(this.byIndexPrefix, u64Key(index)), value },
      { type: 'put', key: key(this.byIdPrefix, id), value: u64Key(index) },
    ];
    let settled = false;
    return {
      ops,
      commit: () => {
        if (settled) return;
        settled = true;
        if (index >= this.committed) this.committed = index + 1n;
        if (height > this.highestHeight) this.highestHeight = height;
        this.remember({ index, id: Uint8Array.from(id), bytes: Uint8Array.from(bytes), acceptedAtNanos });
      },
      abort: () => {
        if (settled) return;
        settled = true;
        this.sessionIds.delete(idk);
        // Only the newest reservation can be handed back without leaving a hole.
        if (this.reserved === index + 1n) this.reserved = index;
      },
    };
  }

  async isAccepted(id: Uint8Array): Promise<boolean> {
    return (await this.getIndex(id)) !== undefined;
  }

  async getIndex(id: Uint8Array): Promise<bigint | undefined> {
    if (id.length !== ID_LEN) return undefined;
    const v = await this.db.get(key(this.byIdPrefix, id));
    if (v === undefined) return undefined;
    const index = readU64(v, 0);
    return index < this.committed ? index : undefined;
  }

  async getByIndex(index: bigint): Promise<IndexedContainer | undefined> {
    if (index < 0n || index >= this.committed) return undefined;
    const hit = this.cache.get(index);
    if (hit) {
      this.cache.delete(index);
      this.cache.set(index, hit);
      return hit;
    }
    const v = await this.db.get(key(this.byIndexPrefix, u64Key(index)));
    if (v === undefined) throw new Error(`container index ${this.kind} is missing index ${index}`);
    const c = decodeEntry(index, v);
    this.remember(c);
    return c;
  }

  async getById(id: Uint8Array): Promise<IndexedContainer | undefined> {
    const index = await this.getIndex(id);
    return index === undefined ? undefined : this.getByIndex(index);
  }

  async getLastAccepted(): Promise<IndexedContainer | undefined> {
    return this.committed === 0n ? undefined : this.getByIndex(this.committed - 1n);
  }

  /** Containers at [start, start+count), cut short at the end of the index; one range scan. */
  async getRange(start: bigint, count: number): Promise<IndexedContainer[]> {
    if (count <= 0 || start < 0n || start >= this.committed) return [];
    const end = minBig(start + BigInt(count), this.committed);
    const out: IndexedContainer[] = [];
    const gte = key(this.byIndexPrefix, u64Key(start));
    const lt = key(this.byIndexPrefix, u64Key(end));
    let expected = start;
    for await (const [k, v] of this.db.iterate({ gte, lt })) {
      const index = readU64(k, this.byIndexPrefix.length);
      if (index !== expected) throw new Error(`container index ${this.kind} is missing index ${expected}`);
      out.push(decodeEntry(index, v));
      expected++;
    }
    if (expected !== end) throw new Error(`container index ${this.kind} is missing index ${expected}`);
    return out;
  }

  private remember(c: IndexedContainer): void {
    if (this.cacheSize <= 0) return;
    this.cache.delete(c.index);
    this.cache.set(c.index, c);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }
}

function decodeEntry(index: bigint, v: Uint8Array): IndexedContainer {
  if (v.length < HEADER_LEN) throw new Error(`container index entry ${index} is truncated`);
  const view = new DataView(v.buffer, v.byteOffset, v.byteLength);
  return {
    index,
    // Plain copies: LevelDB hands back Buffers, views into a pooled allocation.
    id: new Uint8Array(v.subarray(0, ID_LEN)),
    acceptedAtNanos: view.getBigInt64(ID_LEN),
    bytes: new Uint8Array(v.subarray(HEADER_LEN)),
  };
}

function checkId(id: Uint8Array): void {
  if (id.length !== ID_LEN) throw new Error(`container id must be ${ID_LEN} bytes but is ${id.length}`);
}

function idKey(id: Uint8Array): string {
  return Buffer.from(id.buffer, id.byteOffset, id.byteLength).toString('latin1');
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
