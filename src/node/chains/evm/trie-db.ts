import type { BatchDBOp, DB, EncodingOpts } from '@ethereumjs/util';
import type { KvOp, KvStore } from '../../storage/kv.js';
import { key } from '../../storage/kv.js';

type Value = string | Uint8Array;

/**
 * The state trie's database: nodes (and contract code) are content-addressed, keyed by the hex strings
 * ethereumjs' CheckpointDB hands down. Writes stay in `pending` until the block that produced them is
 * accepted — they leave as KvOps in the same batch as the block, so a crash never leaves half a state.
 * Reads fall through to the store.
 */
export class TrieDb implements DB<string, Value> {
  readonly pending = new Map<string, Uint8Array>();
  /**
   * Recently read or written nodes. Every state update walks the trie from the root, and a LevelDB read
   * per node costs more than executing a transfer; nodes never change under a key, so caching is safe.
   */
  private readonly cache = new Map<string, Uint8Array>();

  constructor(private readonly store: KvStore, private readonly prefix: Uint8Array, private readonly cacheMax = 100_000) {}

  private remember(k: string, v: Uint8Array): void {
    if (this.cache.size >= this.cacheMax) {
      // drop the oldest tenth in one go (Map keeps insertion order)
      let n = Math.ceil(this.cacheMax / 10);
      for (const old of this.cache.keys()) { this.cache.delete(old); if (--n === 0) break; }
    }
    this.cache.set(k, v);
  }

  private storeKey(hexKey: string): Uint8Array {
    return key(this.prefix, Buffer.from(hexKey, 'hex'));
  }

  async get(k: string, _opts?: EncodingOpts): Promise<Value | undefined> {
    const hit = this.pending.get(k) ?? this.cache.get(k);
    if (hit !== undefined) return hit;
    const v = await this.store.get(this.storeKey(k));
    if (v !== undefined) this.remember(k, v);
    return v;
  }

  async put(k: string, v: Value, _opts?: EncodingOpts): Promise<void> {
    this.pending.set(k, toBytes(v));
  }

  async del(_k: string): Promise<void> {
    // Nodes are shared between versions of the state (no pruning): never delete.
  }

  async batch(ops: BatchDBOp<string, Value>[]): Promise<void> {
    for (const op of ops) if (op.type === 'put') this.pending.set(op.key, toBytes(op.value));
  }

  shallowCopy(): DB<string, Value> {
    return this;
  }

  async open(): Promise<void> {}

  /** Takes every pending write as KvOps; call `forget` with the same keys once they are durable. */
  drain(): { ops: KvOp[]; keys: string[] } {
    const ops: KvOp[] = [];
    const keys: string[] = [];
    for (const [k, v] of this.pending) {
      ops.push({ type: 'put', key: this.storeKey(k), value: v });
      keys.push(k);
    }
    return { ops, keys };
  }

  forget(keys: string[]): void {
    for (const k of keys) {
      const v = this.pending.get(k);
      if (v === undefined) continue;
      this.pending.delete(k);
      this.remember(k, v);
    }
  }
}

/** A throw-away layer over a TrieDb for eth_call / estimateGas: reads through, writes vanish with it. */
export class ScratchDb implements DB<string, Value> {
  private readonly writes = new Map<string, Uint8Array>();
  constructor(private readonly base: DB<string, Value>) {}
  /** Trie nodes written so far (all kept in memory). */
  get size(): number {
    return this.writes.size;
  }
  async get(k: string): Promise<Value | undefined> {
    return this.writes.get(k) ?? this.base.get(k);
  }
  async put(k: string, v: Value): Promise<void> {
    this.writes.set(k, toBytes(v));
  }
  async del(): Promise<void> {}
  async batch(ops: BatchDBOp<string, Value>[]): Promise<void> {
    for (const op of ops) if (op.type === 'put') this.writes.set(op.key, toBytes(op.value));
  }
  shallowCopy(): DB<string, Value> {
    return this;
  }
  async open(): Promise<void> {}
}

function toBytes(v: Value | unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return new Uint8Array(Buffer.from(v, 'hex'));
  throw new Error('trie db: unsupported value');
}
