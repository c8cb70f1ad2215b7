import type { TypedTransaction } from '@ethereumjs/tx';
import type { Address } from '@ethereumjs/util';

export interface PoolTx {
  tx: TypedTransaction;
  /** Network encoding (what eth_sendRawTransaction received). */
  raw: Uint8Array;
  hash: Uint8Array;
  hashHex: string;
  sender: Address;
  senderHex: string;
  nonce: bigint;
  /** Arrival order: blocks take txs first come, first served (nonce order within a sender). */
  seq: number;
}

/** geth's replacement rule: a same-nonce tx must raise both fee cap and tip by ≥ 10%. */
const PRICE_BUMP_PERCENT = 10n;

function feeCap(tx: TypedTransaction): bigint {
  return 'maxFeePerGas' in tx ? (tx.maxFeePerGas as bigint) : (tx as unknown as { gasPrice: bigint }).gasPrice;
}
function tipCap(tx: TypedTransaction): bigint {
  return 'maxPriorityFeePerGas' in tx ? (tx.maxPriorityFeePerGas as bigint) : (tx as unknown as { gasPrice: bigint }).gasPrice;
}
export { feeCap, tipCap };

/**
 * Pending transactions by sender and nonce. Gapped nonces wait (geth's queue) until the gap is filled;
 * `executable` yields, in arrival order, each sender's contiguous run from its state nonce.
 */
export class TxPool {
  private readonly bySender = new Map<string, Map<bigint, PoolTx>>();
  private readonly byHash = new Map<string, PoolTx>();
  private seq = 0;

  get size(): number {
    return this.byHash.size;
  }

  get(hashHex: string): PoolTx | undefined {
    return this.byHash.get(hashHex);
  }

  has(hashHex: string): boolean {
    return this.byHash.has(hashHex);
  }

  /** Adds a validated tx; throws geth's error if it collides with a pending one it cannot replace. */
  add(entry: Omit<PoolTx, 'seq'>): PoolTx {
    if (this.byHash.has(entry.hashHex)) throw new Error('already known');
    const queue = this.bySender.get(entry.senderHex) ?? new Map<bigint, PoolTx>();
    const old = queue.get(entry.nonce);
    if (old) {
      const bump = (v: bigint) => v + (v * PRICE_BUMP_PERCENT) / 100n;
      if (feeCap(entry.tx) < bump(feeCap(old.tx)) || tipCap(entry.tx) < bump(tipCap(old.tx)) ||
          feeCap(entry.tx) <= feeCap(old.tx) || tipCap(entry.tx) <= tipCap(old.tx)) {
        throw new Error('replacement transaction underpriced');
      }
      this.byHash.delete(old.hashHex);
    }
    const ptx: PoolTx = { ...entry, seq: old?.seq ?? this.seq++ };
    queue.set(entry.nonce, ptx);
    this.bySender.set(entry.senderHex, queue);
    this.byHash.set(entry.hashHex, ptx);
    return ptx;
  }

  remove(ptx: PoolTx): void {
    this.byHash.delete(ptx.hashHex);
    const queue = this.bySender.get(ptx.senderHex);
    if (!queue) return;
    if (queue.get(ptx.nonce)?.hashHex === ptx.hashHex) queue.delete(ptx.nonce);
    if (queue.size === 0) this.bySender.delete(ptx.senderHex);
  }

  /** Drops every tx of `senderHex` with a nonce below `nonce` (mined or made stale by another tx). */
  dropBelow(senderHex: string, nonce: bigint): void {
    const queue = this.bySender.get(senderHex);
    if (!queue) return;
    for (const [n, ptx] of queue) if (n < nonce) { queue.delete(n); this.byHash.delete(ptx.hashHex); }
    if (queue.size === 0) this.bySender.delete(senderHex);
  }

  /** Executable txs: per sender the contiguous nonces from its state nonce, merged by arrival order. */
  async executable(stateNonce: (senderHex: string) => Promise<bigint>): Promise<PoolTx[]> {
    const runs: PoolTx[][] = [];
    for (const [sender, queue] of this.bySender) {
      let n = await stateNonce(sender);
      const run: PoolTx[] = [];
      for (let p = queue.get(n); p; p = queue.get(++n)) run.push(p);
      if (run.length > 0) runs.push(run);
    }
    if (runs.length === 1) return runs[0]!;
    // Sort by arrival, but a tx never before its sender's lower nonce: key = max seq of its run so far.
    const keyed: { p: PoolTx; key: number; run: number; pos: number }[] = [];
    runs.forEach((run, r) => {
      let key = -1;
      run.forEach((p, pos) => { key = Math.max(key, p.seq); keyed.push({ p, key, run: r, pos }); });
    });
    keyed.sort((a, b) => a.key - b.key || a.run - b.run || a.pos - b.pos);
    return keyed.map((k) => k.p);
  }

  /** Highest pending nonce + 1 for a sender, if it has a contiguous run from `stateNonce` (eth_getTransactionCount "pending"). */
  pendingNonce(senderHex: string, stateNonce: bigint): bigint {
    const queue = this.bySender.get(senderHex);
    let n = stateNonce;
    while (queue?.has(n)) n++;
    return n;
  }

  /** Empties the pool (evm_revert, anvil_reset). */
  clear(): void {
    this.bySender.clear();
    this.byHash.clear();
  }

  /** Puts back a tx taken from `all()` earlier, keeping its arrival order (evm_revert). */
  restore(ptx: PoolTx): void {
    const queue = this.bySender.get(ptx.senderHex) ?? new Map<bigint, PoolTx>();
    queue.set(ptx.nonce, ptx);
    this.bySender.set(ptx.senderHex, queue);
    this.byHash.set(ptx.hashHex, ptx);
  }

  all(): PoolTx[] {
    return [...this.byHash.values()].sort((a, b) => a.seq - b.seq);
  }
}
