import { idToString } from '../../../lib/cb58.js';
import { key, prefixEnd, u64Key, utf8, type KvOp, type KvStore } from '../../storage/kv.js';
import type { AtomicElement } from '../shared-memory/shared-memory.js';
import { decodeUtxo, encodeUtxo, inputIdOf, parseAvmTx, type AvmTx, type Utxo } from './tx-codec.js';

/** A UTXO with its id (UTXOID.InputID()). */
export interface KeyedUtxo {
  inputId: Uint8Array;
  utxo: Utxo;
}

/** What one accepted tx does to the X-chain's state. */
export interface TxEffect {
  tx: AvmTx;
  /** UTXOs of this chain it spends (inputs and operation inputs). */
  consumed: KeyedUtxo[];
  produced: KeyedUtxo[];
  /** Shared memory: imported keys to remove from `peer`'s exports, or UTXOs exported to `peer`. */
  atomic?: { peer: Uint8Array; removes: Uint8Array[]; puts: AtomicElement[] };
}

export interface StoredBlock {
  id: Uint8Array;
  bytes: Uint8Array;
  height: bigint;
}

/**
 * The X-chain's persistent state (vms/avm/state): UTXOs by id and by owner address, accepted txs (assets
 * are their CreateAssetTxs) and blocks by height and id. Writes come out as KvOps for the block's batch.
 *
 *   avm/<chain>/u/<utxoID>           → UTXO bytes
 *   avm/<chain>/a/<addr20><utxoID>   → ''
 *   avm/<chain>/t/<txID>             → signed tx bytes
 *   avm/<chain>/h/<u64 height>       → blockID ‖ block bytes
 *   avm/<chain>/b/<blockID>          → u64 height
 */
export class AvmState {
  private readonly p: Uint8Array;
  /** Parsed txs that assets are looked up by (assets never change once accepted). */
  private readonly assetCache = new Map<string, AvmTx | null>();
  /**
   * Recently created UTXOs that are still unspent, as on disk (updated by `committed` once a block is
   * durable): most txs spend outputs of recent txs, so most lookups skip the store.
   */
  private readonly recent = new Map<string, Utxo>();

  constructor(private readonly db: KvStore, chainId: Uint8Array) {
    this.p = utf8(`avm/${idToString(chainId)}/`);
  }

  private k(kind: string, ...parts: Uint8Array[]): Uint8Array {
    return key(this.p, utf8(kind), ...parts);
  }

  async isInitialized(): Promise<boolean> {
    return (await this.db.get(this.k('init'))) !== undefined;
  }

  async getUtxo(inputId: Uint8Array): Promise<Utxo | undefined> {
    const hit = this.recent.get(latin1(inputId));
    if (hit) return hit;
    const raw = await this.db.get(this.k('u/', inputId));
    return raw ? decodeUtxo(raw) : undefined;
  }

  async getUtxoBytes(inputId: Uint8Array): Promise<Uint8Array | undefined> {
    return this.db.get(this.k('u/', inputId));
  }

  async getTx(txId: Uint8Array): Promise<Uint8Array | undefined> {
    return this.db.get(this.k('t/', txId));
  }

  /** The accepted tx with this id, parsed (cached: used for asset lookups). */
  async getParsedTx(txId: Uint8Array): Promise<AvmTx | undefined> {
    const k = Buffer.from(txId).toString('latin1');
    const hit = this.assetCache.get(k);
    if (hit !== undefined) return hit ?? undefined;
    const raw = await this.getTx(txId);
    if (!raw) return undefined;
    const tx = parseAvmTx(raw);
    // Only assets are worth keeping; other txs are looked up by id rarely.
    if (tx.kind === 'CreateAssetTx') this.assetCache.set(k, tx);
    return tx;
  }

  /** UTXO ids owned by `addr`, in id order, strictly after `after` when given; at most `limit`. */
  async utxoIdsOf(addr: Uint8Array, after: Uint8Array | undefined, limit: number): Promise<Uint8Array[]> {
    const base = this.k('a/', addr);
    const gte = after ? key(base, after, Uint8Array.of(0)) : base;
    const out: Uint8Array[] = [];
    if (limit <= 0) return out;
    for await (const [k] of this.db.iterate({ gte, lt: prefixEnd(base), limit })) out.push(Uint8Array.from(k.subarray(base.length)));
    return out;
  }

  async blockAt(height: bigint): Promise<StoredBlock | undefined> {
    const raw = await this.db.get(this.k('h/', u64Key(height)));
    return raw ? { id: raw.slice(0, 32), bytes: raw.slice(32), height } : undefined;
  }

  async heightOf(blockId: Uint8Array): Promise<bigint | undefined> {
    const raw = await this.db.get(this.k('b/', blockId));
    return raw ? new DataView(raw.buffer, raw.byteOffset, 8).getBigUint64(0) : undefined;
  }

  /** Writes of an accepted block: the block record and, in order, each tx's effects. */
  blockOps(block: StoredBlock, effects: readonly TxEffect[]): KvOp[] {
    const ops: KvOp[] = [
      { type: 'put', key: this.k('h/', u64Key(block.height)), value: key(block.id, block.bytes) },
      { type: 'put', key: this.k('b/', block.id), value: u64Key(block.height) },
    ];
    for (const e of effects) this.effectOps(e, ops);
    return ops;
  }

  /** Called once a block's batch is durable: keeps the UTXO cache in step with the store. */
  committed(effects: readonly TxEffect[]): void {
    for (const e of effects) {
      for (const c of e.consumed) this.recent.delete(latin1(c.inputId));
      for (const p of e.produced) this.recent.set(latin1(p.inputId), p.utxo);
    }
    let excess = this.recent.size - RECENT_UTXOS;
    for (const k of this.recent.keys()) {
      if (excess-- <= 0) break;
      this.recent.delete(k);
    }
  }

  /** The genesis: its block at height 0, its txs and their UTXOs, and the initialized mark. */
  genesisOps(block: StoredBlock, effects: readonly TxEffect[]): KvOp[] {
    return [...this.blockOps(block, effects), { type: 'put', key: this.k('init'), value: Uint8Array.of(1) }];
  }

  private effectOps(e: TxEffect, ops: KvOp[]): void {
    ops.push({ type: 'put', key: this.k('t/', e.tx.id), value: e.tx.bytes });
    for (const { inputId, utxo } of e.consumed) {
      ops.push({ type: 'del', key: this.k('u/', inputId) });
      for (const addr of utxo.out.owners.addrs) ops.push({ type: 'del', key: this.k('a/', addr, inputId) });
    }
    for (const { inputId, utxo } of e.produced) {
      ops.push({ type: 'put', key: this.k('u/', inputId), value: encodeUtxo(utxo) });
      for (const addr of utxo.out.owners.addrs) ops.push({ type: 'put', key: this.k('a/', addr, inputId), value: new Uint8Array(0) });
    }
  }
}

const RECENT_UTXOS = 200_000;

function latin1(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
}

export function keyed(utxo: Utxo): KeyedUtxo {
  return { inputId: inputIdOf(utxo), utxo };
}
