import type { ChainBucket } from './chain-buckets.js';

/** The chain metrics of the Metrics API (`ChainMetric`). */
export const CHAIN_METRICS = [
  'activeAddresses', 'activeSenders', 'cumulativeTxCount', 'cumulativeAddresses', 'cumulativeContracts', 'cumulativeDeployers',
  'contracts', 'deployers', 'gasUsed', 'txCount', 'avgGps', 'maxGps', 'avgTps', 'maxTps', 'avgGasPrice', 'maxGasPrice', 'feesPaid',
] as const;
export type ChainMetric = (typeof CHAIN_METRICS)[number];

/** Metrics of the rolling-window route (`ChainRollingWindowMetric`). */
export const ROLLING_WINDOW_METRICS = [
  'gasUsed', 'txCount', 'avgGps', 'maxGps', 'avgTps', 'maxTps', 'avgGasPrice', 'maxGasPrice', 'feesPaid', 'contracts', 'deployers',
  'activeAddresses', 'activeSenders',
] as const satisfies readonly ChainMetric[];
export type RollingWindowMetric = (typeof ROLLING_WINDOW_METRICS)[number];

export function isChainMetric(value: string): value is ChainMetric {
  return (CHAIN_METRICS as readonly string[]).includes(value);
}

export function isRollingWindowMetric(value: string): value is RollingWindowMetric {
  return (ROLLING_WINDOW_METRICS as readonly string[]).includes(value);
}

/** Metrics that are running totals from the first rolled-up block: empty periods carry the previous total. */
export function isCumulative(metric: ChainMetric): boolean {
  return metric.startsWith('cumulative');
}

/**
 * One chain at one period: its bucket (absent when the chain had no block then) and, for running totals, its
 * latest bucket at or before the period.
 */
export interface ChainPeriod {
  bucket?: ChainBucket;
  latest?: ChainBucket;
}

/** a ÷ b for bigints, as a double rounded once (Number(a) / Number(b) would round three times). */
export function ratio(a: bigint, b: bigint): number {
  if (b === 0n) return 0;
  const q = a / b;
  return Number(q) + Number(a - q * b) / Number(b);
}

/**
 * Seconds an average rate divides by: from the block before the period (or, for the period holding the first
 * block rolled up, that block) to the period's last block; at least one second.
 */
export function rateSeconds(b: ChainBucket): number {
  const start = b.previousBlockTimestamp ?? b.firstBlockTimestamp ?? 0;
  return Math.max(1, (b.lastBlockTimestamp ?? start) - start);
}

function hasBlocks(b: ChainBucket | undefined): b is ChainBucket {
  return b !== undefined && b.blockCount > 0n;
}

function sum(periods: readonly ChainPeriod[], pick: (b: ChainBucket) => bigint, of: 'bucket' | 'latest' = 'bucket'): number {
  let total = 0n;
  for (const p of periods) {
    const b = p[of];
    if (b) total += pick(b);
  }
  return Number(total);
}

function sumNumbers(periods: readonly ChainPeriod[], pick: (b: ChainBucket) => number): number {
  let total = 0;
  for (const p of periods) if (hasBlocks(p.bucket)) total += pick(p.bucket);
  return total;
}

/**
 * The value of `metric` over one period across the chains of a scope. Counts, sums, running totals and rates
 * add up across chains (the TPS of several chains is the sum of theirs; for maxTps/maxGps that sum is an upper
 * bound of the joint maximum); avgGasPrice is the transaction-weighted average; maxGasPrice the maximum.
 * A chain without blocks in the period contributes 0 (its running totals carry over).
 */
export function metricValue(metric: ChainMetric, periods: readonly ChainPeriod[]): number {
  switch (metric) {
    case 'txCount': return sum(periods, (b) => b.txCount);
    case 'gasUsed': return sum(periods, (b) => b.gasUsed);
    case 'feesPaid': return sum(periods, (b) => b.feesPaid);
    case 'activeAddresses': return sum(periods, (b) => b.activeAddresses);
    case 'activeSenders': return sum(periods, (b) => b.activeSenders);
    case 'contracts': return sum(periods, (b) => b.contracts);
    case 'deployers': return sum(periods, (b) => b.deployers);
    case 'cumulativeTxCount': return sum(periods, (b) => b.cumulativeTxCount, 'latest');
    case 'cumulativeAddresses': return sum(periods, (b) => b.cumulativeAddresses, 'latest');
    case 'cumulativeContracts': return sum(periods, (b) => b.cumulativeContracts, 'latest');
    case 'cumulativeDeployers': return sum(periods, (b) => b.cumulativeDeployers, 'latest');
    case 'avgTps': return sumNumbers(periods, (b) => Number(b.txCount) / rateSeconds(b));
    case 'avgGps': return sumNumbers(periods, (b) => Number(b.blockGasUsed) / rateSeconds(b));
    case 'maxTps': return sumNumbers(periods, (b) => b.maxTps ?? 0);
    case 'maxGps': return sumNumbers(periods, (b) => b.maxGps ?? 0);
    case 'avgGasPrice': {
      let prices = 0n;
      let txs = 0n;
      for (const p of periods) {
        if (!p.bucket) continue;
        prices += p.bucket.gasPriceSum;
        txs += p.bucket.txCount;
      }
      return ratio(prices, txs);
    }
    case 'maxGasPrice': {
      let max = 0n;
      for (const p of periods) if (p.bucket?.gasPriceMax !== undefined && p.bucket.gasPriceMax > max) max = p.bucket.gasPriceMax;
      return Number(max);
    }
  }
}
