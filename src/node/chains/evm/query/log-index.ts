import type { StoredBlock } from '../block-store.js';
import { keccak256 } from '../crypto.js';
import type { EvmChain } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';
import { toRpc } from '../rpc/codec.js';
import type { LogJson, LogMatcher } from './log-criteria.js';
import { logMatches } from './log-criteria.js';

/** One block's logs, rendered once (the JSON objects are shared by every answer; never mutate them). */
export interface BlockLogs {
  number: number;
  hash: string;
  logs: LogJson[];
}

/** The chain surface the index reads (EvmChain, or a fake in tests). */
export type IndexedChain = Pick<EvmChain, 'headBlock' | 'getBlockByNumber' | 'getBlockReceipts' | 'onBlock'> & Partial<Pick<EvmChain, 'onRewind'>>;

/** Rendered logs kept in memory, counted in logs; older blocks are re-read from the store. */
const CACHE_LOGS = 250_000;

export function renderBlockLogs(block: StoredBlock, receipts: StoredReceipt[]): BlockLogs {
  const number = Number(block.block.header.number);
  const hash = toRpc.hash(block.hash);
  const blockNumber = toRpc.quantity(number);
  const logs: LogJson[] = [];
  for (let i = 0; i < receipts.length; i++) {
    const raw = receipts[i]!.logs;
    if (raw.length === 0) continue;
    const transactionHash = toRpc.hash(keccak256(block.block.txs[i]!));
    const transactionIndex = toRpc.quantity(i);
    for (const [address, topics, data] of raw) {
      logs.push({
        address: toRpc.data(address), topics: topics.map(toRpc.data), data: toRpc.data(data), blockNumber, transactionHash,
        transactionIndex, blockHash: hash, logIndex: toRpc.quantity(logs.length), removed: false,
      });
    }
  }
  return { number, hash, logs };
}

/** First index in sorted `list` with value ≥ x. */
function lowerBound(list: number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

function slice(list: number[], from: number, to: number): number[] {
  return list.slice(lowerBound(list, from), lowerBound(list, to + 1));
}

function union(lists: number[][]): number[] {
  if (lists.length === 1) return lists[0]!;
  const all = lists.flat().sort((a, b) => a - b);
  return all.filter((v, i) => i === 0 || all[i - 1] !== v);
}

function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else { out.push(a[i]!); i++; j++; }
  }
  return out;
}

/**
 * An in-memory inverted index over the accepted chain's logs: for every address and topic, the ascending
 * numbers of the blocks holding a log with it, plus the list of all blocks with logs. A range query
 * intersects the posting lists of its criteria (the union within an OR position), so eth_getLogs touches
 * only blocks that hold a candidate log, whatever the range width. The index follows accepted blocks and
 * devnet rewinds, and catches up from the store (e.g. after a restart) before answering.
 */
export class LogIndex {
  /** Highest block number indexed, and its hash (to notice a rewind the index was not told about). */
  private top = -1;
  private topHash: string | undefined;
  private readonly withLogs: number[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly cache = new Map<number, BlockLogs>();
  private cachedLogs = 0;
  private syncing: Promise<void> | undefined;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly chain: IndexedChain, private readonly cacheLogs = CACHE_LOGS) {
    this.stops.push(chain.onBlock((block, receipts) => this.onAccepted(block, receipts)));
    if (chain.onRewind) this.stops.push(chain.onRewind((height) => this.truncate(Number(height))));
  }

  close(): void {
    for (const s of this.stops) s();
  }

  get indexedTop(): number {
    return this.top;
  }

  private onAccepted(block: StoredBlock, receipts: StoredReceipt[]): void {
    const n = Number(block.block.header.number);
    if (n <= this.top) this.truncate(n - 1);
    if (n === this.top + 1) this.add(renderBlockLogs(block, receipts));
  }

  private add(b: BlockLogs): void {
    this.top = b.number;
    this.topHash = b.hash;
    if (b.logs.length === 0) return;
    this.withLogs.push(b.number);
    const post = (key: string) => {
      const list = this.postings.get(key);
      if (!list) this.postings.set(key, [b.number]);
      else if (list[list.length - 1] !== b.number) list.push(b.number);
    };
    for (const log of b.logs) {
      post(log.address);
      for (const t of log.topics) post(t);
    }
    this.remember(b);
  }

  private remember(b: BlockLogs): void {
    if (this.cache.has(b.number)) return;
    this.cache.set(b.number, b);
    this.cachedLogs += b.logs.length;
    while (this.cachedLogs > this.cacheLogs && this.cache.size > 1) {
      const [oldest, old] = this.cache.entries().next().value as [number, BlockLogs];
      this.cache.delete(oldest);
      this.cachedLogs -= old.logs.length;
    }
  }

  /** Forgets every block above `height`. */
  private truncate(height: number): void {
    if (height >= this.top) return;
    const trim = (list: number[]) => { while (list.length > 0 && list[list.length - 1]! > height) list.pop(); };
    trim(this.withLogs);
    for (const [key, list] of this.postings) {
      trim(list);
      if (list.length === 0) this.postings.delete(key);
    }
    for (const [n, b] of this.cache) {
      if (n > height) { this.cache.delete(n); this.cachedLogs -= b.logs.length; }
    }
    this.top = height;
    this.topHash = undefined;
  }

  private reset(): void {
    this.truncate(-1);
  }

  /** Brings the index to the chain's head (one catch-up at a time). */
  sync(): Promise<void> {
    this.syncing ??= this.catchUp().finally(() => { this.syncing = undefined; });
    return this.syncing;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const head = this.chain.headBlock;
      const headN = Number(head.block.header.number);
      const headHash = toRpc.hash(head.hash);
      if (this.top > headN) this.truncate(headN);
      if (this.top >= 0 && this.topHash === undefined) {
        const b = await this.chain.getBlockByNumber(BigInt(this.top));
        if (b) this.topHash = toRpc.hash(b.hash);
        else { this.reset(); continue; }
      }
      if (this.top === headN && this.topHash !== headHash) { this.reset(); continue; }
      if (this.top === headN) return;
      const n = this.top + 1;
      const block = await this.chain.getBlockByNumber(BigInt(n));
      if (!block) return;
      const receipts = (await this.chain.getBlockReceipts(block)) ?? [];
      if (this.top + 1 === n) this.add(renderBlockLogs(block, receipts));
    }
  }

  /** Ascending numbers of the blocks in [from, to] that may hold a matching log. */
  candidates(from: number, to: number, m: LogMatcher): number[] {
    const lists: number[][] = [];
    const collect = (keys: Iterable<string>) => lists.push(union([...keys].map((k) => slice(this.postings.get(k) ?? [], from, to))));
    if (m.addresses) collect(m.addresses);
    for (const t of m.topics) if (t) collect(t);
    if (lists.length === 0) return slice(this.withLogs, from, to);
    lists.sort((a, b) => a.length - b.length);
    let out = lists[0]!;
    for (let i = 1; i < lists.length && out.length > 0; i++) out = intersect(out, lists[i]!);
    return out;
  }

  /** A block's rendered logs, from memory or the store. */
  async blockLogs(n: number): Promise<BlockLogs | undefined> {
    const hit = this.cache.get(n);
    if (hit) return hit;
    const block = await this.chain.getBlockByNumber(BigInt(n));
    if (!block) return undefined;
    const b = renderBlockLogs(block, (await this.chain.getBlockReceipts(block)) ?? []);
    if (n <= this.top) this.remember(b);
    return b;
  }

  /** Matching logs of blocks [from, to] (clamped to the indexed range), in chain order. */
  async query(from: number, to: number, m: LogMatcher): Promise<LogJson[]> {
    await this.sync();
    const out: LogJson[] = [];
    for (const n of this.candidates(from, Math.min(to, this.top), m)) {
      const b = await this.blockLogs(n);
      if (!b) continue;
      for (const log of b.logs) if (logMatches(log, m)) out.push(log);
    }
    return out;
  }
}

const indexes = new WeakMap<object, LogIndex>();

/** The chain's log index, created (and attached to its events) on first use. */
export function logIndexOf(chain: IndexedChain): LogIndex {
  let idx = indexes.get(chain);
  if (!idx) {
    idx = new LogIndex(chain);
    indexes.set(chain, idx);
  }
  return idx;
}

/**
 * Attaches the index at node start so it follows every accepted block from then on, and indexes the
 * blocks already in the store in the background (otherwise the first eth_getLogs pays for that).
 */
export function startLogIndex(chain: IndexedChain): LogIndex {
  const idx = logIndexOf(chain);
  void idx.sync().catch(() => undefined);
  return idx;
}
