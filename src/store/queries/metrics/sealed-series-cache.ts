import type { PeriodUnit } from '../../rollups/periods.js';
import type { ChainMetric } from './chain-metrics.js';

/** The sealed values of one metric at one interval over one set of chains: period start → value. */
export interface SealedSeries {
  values: Map<number, number>;
  /** The sealed boundary when values were last added: periods starting before it were final then. */
  sealedBefore: number;
}

/**
 * Metric values of sealed periods, kept between requests. A period is sealed once every chain's rollup
 * watermark lies in a later period: the rollups only ever add to the periods of the blocks they fold, in block
 * order, so a sealed period's buckets never change again, and neither does its value. Only the open periods
 * (usually one) are read from the database on each request.
 *
 * The key carries each chain's first rolled-up block time, so rollups rebuilt from another start get fresh
 * entries; a watermark that moves back (rollups reset) clears the entry (see `entry`). Entries are evicted
 * least recently used first, to stay under `maxPoints` values in all.
 */
export class SealedSeriesCache {
  private readonly entries = new Map<string, SealedSeries>();
  private points = 0;

  constructor(private readonly maxPoints = 250_000) {}

  /** The entry for a series, created empty when absent; cleared when the chains' sealed boundary moved back. */
  entry(scope: string, metric: ChainMetric, unit: PeriodUnit, sealedBefore: number): SealedSeries {
    const key = `${scope}|${metric}|${unit}`;
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (sealedBefore < entry.sealedBefore) {
        this.points -= entry.values.size;
        entry.values.clear();
      }
    } else {
      entry = { values: new Map(), sealedBefore };
    }
    entry.sealedBefore = sealedBefore;
    this.entries.set(key, entry);
    return entry;
  }

  /** Records sealed values in an entry (from `entry`), then evicts the least recently used entries over the limit. */
  remember(entry: SealedSeries, values: Iterable<readonly [number, number]>): void {
    for (const [start, value] of values) {
      if (start >= entry.sealedBefore) continue;
      if (!entry.values.has(start)) this.points++;
      entry.values.set(start, value);
    }
    for (const [key, oldest] of this.entries) {
      if (this.points <= this.maxPoints || oldest === entry) break;
      this.points -= oldest.values.size;
      this.entries.delete(key);
    }
  }

  /** Values held, in all entries. */
  get size(): number {
    return this.points;
  }
}
