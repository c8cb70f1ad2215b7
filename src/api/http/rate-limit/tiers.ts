import type { RateTier } from '../../../config/api-config.js';

/** Named route weights in compute units, or a number of units. */
export type RouteWeight = string | number;

export interface RateLimitTable {
  /** Budgets per minute (and per UTC day); `anonymous` applies to requests without a key. */
  tiers: Record<string, RateTier>;
  weights: Record<string, number>;
}

/** The Data API's published tiers and weights (data-api.md §3.2). */
export const DATA_API_RATE_LIMITS: RateLimitTable = {
  tiers: {
    anonymous: { cuPerMinute: 6_000, cuPerDay: 1_200_000 },
    free: { cuPerMinute: 8_000, cuPerDay: 2_000_000 },
    base: { cuPerMinute: 10_000, cuPerDay: 3_750_000 },
    growth: { cuPerMinute: 14_000, cuPerDay: 11_200_000 },
    pro: { cuPerMinute: 20_000, cuPerDay: 25_000_000 },
  },
  weights: { free: 1, small: 10, medium: 20, large: 50, xl: 100, xxl: 200 },
};

/** The Metrics API's: one tier for everyone, different weights (metrics-api.md §7). */
export const METRICS_API_RATE_LIMITS: RateLimitTable = {
  tiers: {
    anonymous: { cuPerMinute: 8_000 },
    free: { cuPerMinute: 8_000 },
  },
  weights: { free: 1, small: 20, medium: 100, large: 500, xl: 1_000, xxl: 3_000 },
};

export function weightUnits(weight: RouteWeight, weights: Record<string, number>): number {
  if (typeof weight === 'number') return weight;
  const units = weights[weight];
  if (units === undefined) throw new Error(`unknown route weight "${weight}" (known: ${Object.keys(weights).join(', ')})`);
  return units;
}
