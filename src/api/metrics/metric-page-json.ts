import type { MetricPoint } from '../../store/queries/metrics/metric-series.js';

/** JSON of frozen points: the sealed-series cache freezes the points it hands out request after request. */
const pointJson = new WeakMap<object, string>();

function numberJson(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** `[{"timestamp":…,"value":…},…]`, the text of frozen (shared, immutable) points written once and reused. */
export function metricPointsJson(points: readonly Readonly<MetricPoint>[]): string {
  const parts = new Array<string>(points.length);
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    let text = pointJson.get(point);
    if (text === undefined) {
      text = `{"timestamp":${numberJson(point.timestamp)},"value":${numberJson(point.value)}}`;
      if (Object.isFrozen(point)) pointJson.set(point, text);
    }
    parts[i] = text;
  }
  return `[${parts.join(',')}]`;
}

/** A metrics page's body: its points and a few small fields (nextPageToken, status, lastRun, …). */
export interface MetricPage {
  results: readonly Readonly<MetricPoint>[];
  [field: string]: unknown;
}

/**
 * Serializer of a metrics page, `{results: [points], ...}` (the rest of the body is small): what Fastify's schema
 * serializer would write, without building the 2,160-point text of an hourly page anew on every request.
 */
export function serializeMetricPage(body: MetricPage): string {
  const { results, ...rest } = body;
  const tail = JSON.stringify(rest);
  return `{"results":${metricPointsJson(results)}${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}
