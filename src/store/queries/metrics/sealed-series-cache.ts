import type { PeriodUnit } from '../../rollups/periods.js';
import type { ChainMetric } from './chain-metrics.js';
import type { MetricPoint } from './metric-series.js';

/**
 * The sealed points of one metric at one interval over one set of chains: period start → point. The point objects
 * are frozen and handed out as they are, request after request, so the API can memoise their JSON.
 */
export interface SealedSeries {
  points: Map<number, Readonly<MetricPoint>>;
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
 * least recently used first, to stay under `maxPoints` points in all.
 */
export class SealedSeriesCache {
  private readonly entries = new Map<string, SealedSeries>();
  private size_ = 0;

  constructor(private readonly maxPoints = 250_000) {}

  /** The entry for a series, created empty when absent; cleared when the chains' sealed boundary moved back. */
  entry(scope: string, metric: ChainMetric, unit: PeriodUnit, sealedBefore: number): SealedSeries {
    const key = `${scope}|${metric}|${unit}`;
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (sealedBefore < entry.sealedBefore) {
        this.size_ -= entry.points.size;
        entry.points.clear();
      }
    } else {
      entry = { points: new Map(), sealedBefore };
    }
    entry.sealedBefore = sealedBefore;
    this.entries.set(key, entry);
    return entry;
  }

  /** Records sealed points in an entry (from `entry`), freezing them, then evicts the least recently used entries over the limit. */
  remember(entry: SealedSeries, points: Iterable<Readonly<MetricPoint>>): void {
    for (const point of points) {
      if (point.timestamp >= entry.sealedBefore) continue;
      if (!entry.points.has(point.timestamp)) this.size_++;
      entry.points.set(point.timestamp, Object.freeze(point));
    }
    for (const [key, oldest] of this.entries) {
      if (this.size_ <= this.maxPoints || oldest === entry) break;
      this.size_ -= oldest.points.size;
      this.entries.delete(key);
    }
  }

  /** Points held, in all entries. */
  get size(): number {
    return this.size_;
  }
}
