import { idToString } from '../../../../lib/cb58.js';
import { inputUtxoIds, type AtomicTx } from './tx-codec.js';
import { hexOf } from '../../../../lib/hex.js';

interface Entry {
  tx: AtomicTx;
  /** Effective gas price (wei per gas), the mempool's priority. */
  gasPrice: bigint;
  /** Insertion order, to keep equal prices first-come first-served. */
  seq: number;
  spends: string[];
}

const DEFAULT_MAX_SIZE = 4096;
/** How many dropped txs are remembered for getAtomicTxStatus ("Dropped"). */
const DISCARDED_CACHE = 1024;

const hex = (b: Uint8Array) => hexOf(b);

/**
 * coreth's atomic mempool (atomic/txpool): txs waiting for a block ("pending"), those taken by the block
 * being built ("current"), and recently dropped ones. A tx conflicts with another when they spend a
 * common UTXO (or export from the same address and nonce); the higher gas price wins, as in coreth.
 */
export class AtomicMempool {
  private readonly pending = new Map<string, Entry>();
  private readonly current = new Map<string, Entry>();
  private readonly discarded = new Map<string, AtomicTx>();
  private readonly spenders = new Map<string, Entry>();
  private seq = 0;

  constructor(private readonly maxSize = DEFAULT_MAX_SIZE) {}

  get size(): number { return this.pending.size + this.current.size; }
  get hasPending(): boolean { return this.pending.size > 0; }

  /** A tx the mempool knows: pending or being built (`dropped` false), or recently dropped. */
  get(id: Uint8Array): { tx: AtomicTx; dropped: boolean } | undefined {
    const k = hex(id);
    const e = this.pending.get(k) ?? this.current.get(k);
    if (e) return { tx: e.tx, dropped: false };
    const d = this.discarded.get(k);
    return d ? { tx: d, dropped: true } : undefined;
  }

  /** Pending or being built. */
  has(id: Uint8Array): boolean {
    const k = hex(id);
    return this.pending.has(k) || this.current.has(k);
  }

  /** Adds a verified tx, replacing lower-priced conflicting ones; throws coreth's mempool errors. */
  add(tx: AtomicTx, gasPrice: bigint): void {
    const id = hex(tx.id);
    if (this.current.has(id)) throw new Error(`already known: tx ${idToString(tx.id)} is being built into a block`);
    if (this.pending.has(id)) throw new Error(`already known: tx ${idToString(tx.id)} is pending`);
    const spends = inputUtxoIds(tx).map(hex);
    const conflicts = new Map<string, Entry>();
    for (const s of spends) {
      const c = this.spenders.get(s);
      if (c) conflicts.set(hex(c.tx.id), c);
    }
    if (conflicts.size > 0) {
      let highest: Entry | undefined;
      for (const c of conflicts.values()) if (!highest || c.gasPrice > highest.gasPrice) highest = c;
      if (gasPrice <= highest!.gasPrice) {
        throw new Error(`conflict present: issued tx (${idToString(tx.id)}) gas price ${gasPrice} <= conflict tx (${idToString(highest!.tx.id)}) gas price ${highest!.gasPrice} (${conflicts.size} total conflicts in mempool)`);
      }
      for (const c of conflicts.values()) this.drop(c);
    }
    if (this.size >= this.maxSize) {
      let min: Entry | undefined;
      for (const e of this.pending.values()) if (!min || e.gasPrice < min.gasPrice) min = e;
      if (!min) throw new Error('mempool full');
      if (gasPrice <= min.gasPrice) throw new Error(`insufficient fee currentMin=${min.gasPrice} provided=${gasPrice}`);
      this.drop(min);
    }
    this.discarded.delete(id);
    const entry: Entry = { tx, gasPrice, seq: this.seq++, spends };
    this.pending.set(id, entry);
    for (const s of spends) this.spenders.set(s, entry);
  }

  /** Starts a block: every pending tx becomes current, highest gas price first. */
  beginBuild(): AtomicTx[] {
    const taken = [...this.pending.values()].sort((a, b) => (a.gasPrice === b.gasPrice ? a.seq - b.seq : a.gasPrice > b.gasPrice ? -1 : 1));
    for (const e of taken) {
      this.pending.delete(hex(e.tx.id));
      this.current.set(hex(e.tx.id), e);
    }
    return taken.map((e) => e.tx);
  }

  /** A current tx failed verification for the block: it leaves the mempool as Dropped. */
  discard(id: Uint8Array): void {
    const e = this.current.get(hex(id)) ?? this.pending.get(hex(id));
    if (e) this.drop(e);
  }

  /** The block is accepted with `included`; every other current tx waits for the next block. */
  finishBuild(included: readonly AtomicTx[]): void {
    for (const tx of included) this.remove(hex(tx.id));
    this.cancelBuild();
  }

  /** The block was abandoned: current txs wait for the next one. */
  cancelBuild(): void {
    for (const [k, e] of this.current) {
      this.current.delete(k);
      this.pending.set(k, e);
    }
  }

  private drop(e: Entry): void {
    const k = hex(e.tx.id);
    this.remove(k);
    this.discarded.set(k, e.tx);
    if (this.discarded.size > DISCARDED_CACHE) this.discarded.delete(this.discarded.keys().next().value as string);
  }

  private remove(k: string): void {
    const e = this.pending.get(k) ?? this.current.get(k);
    if (!e) return;
    this.pending.delete(k);
    this.current.delete(k);
    for (const s of e.spends) if (this.spenders.get(s) === e) this.spenders.delete(s);
  }
}
