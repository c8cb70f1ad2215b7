import { idToString } from '../../../lib/cb58.js';
import { compareBytes } from '../../../lib/bytes.js';
import { key, prefixEnd, utf8, type KvOp, type KvStore } from '../../storage/kv.js';

/** An atomic UTXO put into shared memory for another chain, with the addresses (traits) that own it. */
export interface AtomicElement {
  /** The UTXO id (txID ‖ u32 output index as AvalancheGo keys it: sha-derived 32-byte input id). */
  key: Uint8Array;
  /** The UTXO bytes. */
  value: Uint8Array;
  /** 20-byte addresses able to spend it. */
  traits: Uint8Array[];
}

/** What one chain does to the shared memory it has with a peer chain, when it accepts a block. */
export interface AtomicRequests {
  /** Elements the accepting chain consumes from what the peer exported to it. */
  removes: Uint8Array[];
  /** Elements the accepting chain exports to the peer. */
  puts: AtomicElement[];
}

/**
 * AvalancheGo's shared memory (chains/atomic): for each ordered pair of chains, the UTXOs one chain
 * exported to the other, indexed by key and by owner address. A chain's view is "what peers exported
 * to me". `apply` returns the writes for the accepting chain's block batch, so an export or import is
 * durable exactly when its block is.
 */
export class SharedMemory {
  constructor(private readonly db: KvStore) {}

  /** The store of UTXOs that `from` exported to `to`. */
  private prefix(from: Uint8Array, to: Uint8Array): Uint8Array {
    return utf8(`atomic/${idToString(from)}/${idToString(to)}/`);
  }

  /** Values of these keys that `peer` exported to `self`; throws `not found` for a missing one, as AvalancheGo does. */
  async get(self: Uint8Array, peer: Uint8Array, keys: Uint8Array[]): Promise<Uint8Array[]> {
    const p = this.prefix(peer, self);
    const values = await this.db.getMany(keys.map((k) => key(p, utf8('v/'), k)));
    return values.map((v) => {
      if (!v) throw new Error('not found');
      return v;
    });
  }

  /** Whether each key is still available to `self` from `peer`. */
  async has(self: Uint8Array, peer: Uint8Array, keys: Uint8Array[]): Promise<boolean[]> {
    const p = this.prefix(peer, self);
    const values = await this.db.getMany(keys.map((k) => key(p, utf8('v/'), k)));
    return values.map((v) => v !== undefined);
  }

  /**
   * UTXOs `peer` exported to `self` owned by any of `traits`, ordered by (trait, key), starting after
   * (startTrait, startKey) when given; at most `limit`. AvalancheGo's Indexed, used by getUTXOs paging.
   */
  async indexed(self: Uint8Array, peer: Uint8Array, traits: Uint8Array[], limit: number, start?: { trait: Uint8Array; key: Uint8Array }): Promise<{ values: Uint8Array[]; lastTrait?: Uint8Array; lastKey?: Uint8Array }> {
    const p = this.prefix(peer, self);
    const sorted = [...traits].sort(compareBytes);
    const values: Uint8Array[] = [];
    let lastTrait: Uint8Array | undefined;
    let lastKey: Uint8Array | undefined;
    for (const trait of sorted) {
      if (start && compareBytes(trait, start.trait) < 0) continue;
      const base = key(p, utf8('t/'), trait);
      const gte = start && compareBytes(trait, start.trait) === 0 ? key(base, start.key, new Uint8Array([0])) : base;
      for await (const [k] of this.db.iterate({ gte, lt: prefixEnd(base) })) {
        const utxoKey = k.slice(base.length);
        const [v] = await this.db.getMany([key(p, utf8('v/'), utxoKey)]);
        if (!v) continue;
        values.push(v);
        lastTrait = trait;
        lastKey = utxoKey;
        if (values.length >= limit) return { values, lastTrait, lastKey };
      }
    }
    return { values, ...(lastTrait ? { lastTrait, lastKey } : {}) };
  }

  /**
   * The writes for `self` accepting a block with these requests per peer chain: removes consume what the
   * peer exported to `self`; puts export to the peer. Include them in the block's batch.
   */
  async applyOps(self: Uint8Array, requests: Map<string, { peer: Uint8Array } & AtomicRequests>): Promise<KvOp[]> {
    const ops: KvOp[] = [];
    for (const { peer, removes, puts } of requests.values()) {
      const inbound = this.prefix(peer, self);
      if (removes.length > 0) {
        const existing = await this.db.getMany(removes.map((k) => key(inbound, utf8('o/'), k)));
        removes.forEach((k, i) => {
          ops.push({ type: 'del', key: key(inbound, utf8('v/'), k) });
          ops.push({ type: 'del', key: key(inbound, utf8('o/'), k) });
          for (const trait of decodeTraits(existing[i])) ops.push({ type: 'del', key: key(inbound, utf8('t/'), trait, k) });
        });
      }
      const outbound = this.prefix(self, peer);
      for (const e of puts) {
        ops.push({ type: 'put', key: key(outbound, utf8('v/'), e.key), value: e.value });
        ops.push({ type: 'put', key: key(outbound, utf8('o/'), e.key), value: encodeTraits(e.traits) });
        for (const trait of e.traits) ops.push({ type: 'put', key: key(outbound, utf8('t/'), trait, e.key), value: new Uint8Array(0) });
      }
    }
    return ops;
  }
}

function encodeTraits(traits: Uint8Array[]): Uint8Array {
  return key(new Uint8Array([traits.length]), ...traits);
}

function decodeTraits(raw: Uint8Array | undefined): Uint8Array[] {
  if (!raw || raw.length === 0) return [];
  const n = raw[0]!;
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) out.push(raw.slice(1 + i * 20, 1 + (i + 1) * 20));
  return out;
}
