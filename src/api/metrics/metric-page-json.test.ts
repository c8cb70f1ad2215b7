import { describe, expect, it } from 'vitest';
import { metricPointsJson, serializeMetricPage } from './metric-page-json.js';

describe('serializeMetricPage', () => {
  it('writes what JSON.stringify writes, for pages with and without the rest of the body', () => {
    const results = [{ timestamp: 1_700_000_000, value: 12 }, Object.freeze({ timestamp: 1_699_996_400, value: 0.125 }), { timestamp: 0, value: -0 }];
    for (const body of [
      { results },
      { results, nextPageToken: '3d22deea-ea64-4d30-8a1e-c2a353b67e90' },
      { results: [], status: 200, lastRun: 1_700_000_123, nextPageToken: 'a"b', nextPageStartKey: 'a"b' },
    ]) {
      expect(JSON.parse(serializeMetricPage(body))).toEqual(JSON.parse(JSON.stringify(body)));
      expect(serializeMetricPage(body).length).toBe(JSON.stringify(body).length);
    }
  });

  it('writes a value that is not a finite number as null, as JSON does', () => {
    expect(metricPointsJson([{ timestamp: 1, value: Number.NaN }])).toBe(JSON.stringify([{ timestamp: 1, value: Number.NaN }]));
  });

  it('reuses the text of a frozen point and writes unfrozen points anew', () => {
    const shared = Object.freeze({ timestamp: 3600, value: 5 });
    const first = metricPointsJson([shared]);
    expect(metricPointsJson([shared])).toBe(first);
    const open = { timestamp: 7200, value: 1 };
    expect(metricPointsJson([open])).toBe('[{"timestamp":7200,"value":1}]');
    open.value = 2;
    expect(metricPointsJson([open])).toBe('[{"timestamp":7200,"value":2}]');
  });
});
