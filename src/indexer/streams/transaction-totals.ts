import { periodStart } from '../../store/rollups/periods.js';
import type { TransactionHourTotals } from '../../store/rollups/transaction-rollup.js';
import type { EvmTransactionRecord } from '../../store/writers/evm/evm-batch.js';

type Totaled = Pick<EvmTransactionRecord, 'blockNumber' | 'blockTimestamp' | 'gasUsed' | 'effectiveGasPrice'>;

/**
 * Each block's transaction totals as the transaction rollup sums them (count, gas used, fees, gas price sum and
 * maximum), gathered as a range is decoded. Blocks without transactions have no entry.
 */
export class BlockTransactionTotals {
  private readonly blocks: number[] = [];
  private readonly hours: number[] = [];
  private readonly txs: number[] = [];
  private readonly gasUsed: bigint[] = [];
  private readonly fees: bigint[] = [];
  private readonly priceSums: bigint[] = [];
  private readonly priceMaxes: bigint[] = [];

  /** Adds transactions, in block order. */
  add(transactions: readonly Totaled[]): void {
    let i = this.blocks.length - 1;
    for (const t of transactions) {
      const block = Number(t.blockNumber);
      if (i < 0 || this.blocks[i] !== block) {
        this.blocks.push(block);
        this.hours.push(periodStart(Number(t.blockTimestamp), 'hour'));
        this.txs.push(0);
        this.gasUsed.push(0n);
        this.fees.push(0n);
        this.priceSums.push(0n);
        this.priceMaxes.push(t.effectiveGasPrice);
        i = this.blocks.length - 1;
      }
      const price = t.effectiveGasPrice;
      this.txs[i]!++;
      this.gasUsed[i]! += t.gasUsed;
      this.fees[i]! += t.gasUsed * price;
      this.priceSums[i]! += price;
      if (price > this.priceMaxes[i]!) this.priceMaxes[i] = price;
    }
  }

  /** Adds the totals of blocks [from, to] to `into`. */
  collect(from: bigint, to: bigint, into: HourlyTransactionTotals): void {
    const lo = Number(from);
    const hi = Number(to);
    for (let i = 0; i < this.blocks.length; i++) {
      const block = this.blocks[i]!;
      if (block >= lo && block <= hi) into.add(this.hours[i]!, this.txs[i]!, this.gasUsed[i]!, this.fees[i]!, this.priceSums[i]!, this.priceMaxes[i]!);
    }
  }
}

/** Transaction totals summed by hour. */
export class HourlyTransactionTotals {
  private readonly byHour = new Map<number, TransactionHourTotals>();

  add(hour: number, txs: number, gasUsed: bigint, fees: bigint, priceSum: bigint, priceMax: bigint): void {
    const h = this.byHour.get(hour);
    if (!h) {
      this.byHour.set(hour, { hour, txs, gasUsed, fees, priceSum, priceMax });
      return;
    }
    h.txs += txs;
    h.gasUsed += gasUsed;
    h.fees += fees;
    h.priceSum += priceSum;
    if (priceMax > h.priceMax) h.priceMax = priceMax;
  }

  list(): TransactionHourTotals[] {
    return [...this.byHour.values()];
  }
}
