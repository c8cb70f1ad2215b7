import { describe, expect, it } from 'vitest';
import { RequestTracker } from '../request-tracker.js';
import { routerCheck } from './router.js';

describe('RequestTracker + routerCheck', () => {
  it('reports 0s with nothing outstanding', () => {
    const tracker = new RequestTracker(() => 0);
    expect(routerCheck(tracker)()).toEqual({ outstandingRequests: 0, longestRunningRequest: '0s' });
  });

  it('measures the oldest in-flight request and forgets ended ones', async () => {
    let now = 1000;
    const tracker = new RequestTracker(() => now);
    const a = tracker.begin();
    now = 1200;
    const b = tracker.begin();
    now = 1293.098;
    expect(routerCheck(tracker)()).toEqual({ outstandingRequests: 2, longestRunningRequest: '293.098ms' });
    tracker.end(a);
    expect(tracker.longestRunningMs()).toBeCloseTo(93.098);
    tracker.end(b);
    await tracker.track(() => { expect(tracker.outstanding()).toBe(1); });
    expect(tracker.outstanding()).toBe(0);
  });

  it('fails with both reasons past the limits', () => {
    let now = 0;
    const tracker = new RequestTracker(() => now);
    for (let i = 0; i < 3; i++) tracker.begin();
    now = 6 * 60_000;
    const check = routerCheck(tracker, { maxOutstandingRequests: 2 });
    expect(check).toThrow('the router is not healthy reason: number of outstanding requests 3 > 2, time for outstanding requests 6m0s > 5m0s');
    expect(routerCheck(new RequestTracker(() => 0))).not.toThrow();
  });
});
