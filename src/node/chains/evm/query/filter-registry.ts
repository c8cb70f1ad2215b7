import { randomBytes } from 'node:crypto';
import type { StoredBlock } from '../block-store.js';
import type { EvmChain } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';
import { toRpc } from '../rpc/codec.js';
import { txJson } from '../rpc/render.js';
import type { PoolTx } from '../tx-pool.js';
import { getLogs, inFilterRange } from './get-logs.js';
import { LATEST, type LogCriteria, type LogJson, type LogMatcher, PENDING, compileMatcher, logMatches } from './log-criteria.js';
import { renderBlockLogs } from './log-index.js';
import { queryOptionsOf } from './options.js';

export const FILTER_NOT_FOUND = 'filter not found';

type Filter =
  | { kind: 'logs'; crit: LogCriteria; matcher: LogMatcher; logs: LogJson[]; deadline: number }
  | { kind: 'blocks'; hashes: string[]; deadline: number }
  | { kind: 'pendingTxs'; fullTx: boolean; txs: PoolTx[]; deadline: number };

/** geth's rpc.NewID: 0x + 16 random bytes in hex without leading zeros. */
function newFilterId(): string {
  return '0x' + randomBytes(16).toString('hex').replace(/^0+/, '');
}

/**
 * coreth's polling filters (eth/filters/api.go): eth_newFilter (accepted logs), eth_newBlockFilter
 * (accepted block hashes) and eth_newPendingTransactionFilter (txs entering the pool). Changes collect
 * until polled; a filter not polled by eth_getFilterChanges within the timeout (5 minutes) is removed.
 */
export class FilterRegistry {
  private readonly filters = new Map<string, Filter>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly chain: EvmChain, private readonly now: () => number = Date.now) {
    chain.onBlock((block, receipts) => this.onBlock(block, receipts));
    chain.onPendingTx((p) => this.onPendingTx(p));
    this.timer = setInterval(() => this.expire(), Math.max(1000, Math.min(this.timeoutMs, 60_000)));
    this.timer.unref();
  }

  private get timeoutMs(): number {
    return queryOptionsOf(this.chain).filterTimeoutMs;
  }

  get size(): number {
    this.expire();
    return this.filters.size;
  }

  private add(f: Filter): string {
    this.expire();
    const id = newFilterId();
    this.filters.set(id, f);
    return id;
  }

  newLogFilter(crit: LogCriteria): string {
    const from = crit.fromBlock ?? LATEST;
    const to = crit.toBlock ?? LATEST;
    // SubscribeAcceptedLogs' valid combinations
    const ok = (from === PENDING && to === PENDING) || (from === LATEST && to === LATEST) || (from >= 0n && to >= 0n && to >= from) ||
      (from >= LATEST && to === PENDING) || (from >= 0n && to === LATEST);
    if (!ok) throw new Error('invalid from and to block combination: from > to');
    return this.add({ kind: 'logs', crit, matcher: compileMatcher(crit), logs: [], deadline: this.now() + this.timeoutMs });
  }

  newBlockFilter(): string {
    return this.add({ kind: 'blocks', hashes: [], deadline: this.now() + this.timeoutMs });
  }

  newPendingTxFilter(fullTx: boolean): string {
    return this.add({ kind: 'pendingTxs', fullTx, txs: [], deadline: this.now() + this.timeoutMs });
  }

  uninstall(id: string): boolean {
    this.expire();
    return this.filters.delete(id);
  }

  /** eth_getFilterChanges: what arrived since the last poll; resets the filter's deadline. */
  changes(id: string): unknown[] {
    this.expire();
    const f = this.filters.get(id);
    if (!f) throw new Error(FILTER_NOT_FOUND);
    f.deadline = this.now() + this.timeoutMs;
    switch (f.kind) {
      case 'logs': { const out = f.logs; f.logs = []; return out; }
      case 'blocks': { const out = f.hashes; f.hashes = []; return out; }
      case 'pendingTxs': {
        const out = f.txs.map((p) => (f.fullTx ? txJson({ tx: p.tx, raw: p.raw, from: p.sender.bytes }) : toRpc.hash(p.hash)));
        f.txs = [];
        return out;
      }
    }
  }

  /** eth_getFilterLogs: the filter's criteria run as eth_getLogs (log filters only; the deadline is untouched). */
  async logs(id: string): Promise<LogJson[]> {
    this.expire();
    const f = this.filters.get(id);
    if (!f || f.kind !== 'logs') throw new Error(FILTER_NOT_FOUND);
    // GetFilterLogs skips GetLogs' range-order check but Filter.Logs still runs its own
    return getLogs(this.chain, f.crit);
  }

  private expire(): void {
    const now = this.now();
    for (const [id, f] of this.filters) if (f.deadline <= now) this.filters.delete(id);
  }

  private onBlock(block: StoredBlock, receipts: StoredReceipt[]): void {
    if (this.filters.size === 0) return;
    let rendered: LogJson[] | undefined;
    for (const f of this.filters.values()) {
      if (f.kind === 'blocks') f.hashes.push(toRpc.hash(block.hash));
      else if (f.kind === 'logs') {
        rendered ??= renderBlockLogs(block, receipts).logs;
        for (const log of rendered) if (inFilterRange(f.crit, log.blockNumber) && logMatches(log, f.matcher)) f.logs.push(log);
      }
    }
  }

  private onPendingTx(p: PoolTx): void {
    for (const f of this.filters.values()) if (f.kind === 'pendingTxs') f.txs.push(p);
  }

  close(): void {
    clearInterval(this.timer);
    this.filters.clear();
  }
}

const registries = new WeakMap<EvmChain, FilterRegistry>();

export function filtersOf(chain: EvmChain): FilterRegistry {
  let r = registries.get(chain);
  if (!r) {
    r = new FilterRegistry(chain);
    registries.set(chain, r);
  }
  return r;
}
