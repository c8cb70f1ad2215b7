import type { StoredBlock } from './block-store.js';
import { feeCap, tipCap } from './tx-pool.js';
import type { TypedTransaction } from '@ethereumjs/tx';

/** coreth's gas price oracle defaults (eth/gasprice, plugin/evm/config). */
export const ORACLE = {
  blocks: 40,
  percentile: 40n,
  maxLookbackSeconds: 80n,
  maxPrice: 150_000_000_000n,
  /** tx-pool-price-limit: the floor for a suggestion. */
  minPrice: 1n,
} as const;

export interface OracleChain {
  headBlock: StoredBlock;
  getBlockByNumber(n: bigint): Promise<StoredBlock | undefined>;
  blockTransactions(block: StoredBlock): TypedTransaction[];
}

export function effectiveTip(tx: TypedTransaction, baseFee: bigint): bigint {
  const room = feeCap(tx) - baseFee;
  return tipCap(tx) < room ? tipCap(tx) : room;
}

/**
 * eth_maxPriorityFeePerGas: the 40th percentile of the effective tips of txs in the last 40 blocks
 * (not older than 80 s before now), clamped to [minPrice, 150 gwei]; with no samples, the last answer.
 * Cached per head.
 */
export class GasOracle {
  private last: bigint = ORACLE.minPrice;
  private cache: { head: string; tip: bigint } | undefined;

  constructor(private readonly chain: OracleChain, private readonly nowMs: () => number) {}

  async suggestTip(): Promise<bigint> {
    const head = this.chain.headBlock;
    const key = Buffer.from(head.hash).toString('hex');
    if (this.cache?.head === key) return this.cache.tip;
    const nowS = BigInt(Math.floor(this.nowMs() / 1000));
    const tips: bigint[] = [];
    for (let i = 0n; i < BigInt(ORACLE.blocks) && head.block.header.number - i >= 0n; i++) {
      const b = i === 0n ? head : await this.chain.getBlockByNumber(head.block.header.number - i);
      if (!b || b.block.header.timestamp + ORACLE.maxLookbackSeconds < nowS) break;
      const baseFee = b.block.header.baseFee ?? 0n;
      for (const tx of this.chain.blockTransactions(b)) tips.push(effectiveTip(tx, baseFee));
    }
    let tip = this.last;
    if (tips.length > 0) {
      tips.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      tip = tips[Number((BigInt(tips.length - 1) * ORACLE.percentile) / 100n)]!;
    }
    if (tip > ORACLE.maxPrice) tip = ORACLE.maxPrice;
    if (tip < ORACLE.minPrice) tip = ORACLE.minPrice;
    this.last = tip;
    this.cache = { head: key, tip };
    return tip;
  }
}
