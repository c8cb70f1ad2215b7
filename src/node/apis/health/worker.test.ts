import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_TAG, CheckFailure } from './check.js';
import type { HealthClock } from './clock.js';
import { formatRfc3339Nano } from '../../../lib/go/go-time.js';
import { HealthRegistry } from './registry.js';
import { HealthWorker } from './worker.js';

/** A clock that only moves when told; checks can advance it to simulate their own duration. */
class FakeClock implements HealthClock {
  constructor(public ns = BigInt(Date.parse('2024-03-26T23:44:45Z')) * 1_000_000n) {}
  nowNs(): bigint { return this.ns; }
  advance(ns: number): void { this.ns += BigInt(ns); }
}

const utc = (ns: bigint) => formatRfc3339Nano(ns, 0);
const T0 = '2024-03-26T23:44:45Z';

function makeWorker(opts: { monotonic?: boolean } = {}) {
  const clock = new FakeClock();
  const worker = new HealthWorker('health', { clock, formatTime: utc, ...opts });
  return { clock, worker };
}

describe('HealthWorker registration', () => {
  it('rejects the all tag and duplicate names with avalanchego wording', () => {
    const { worker } = makeWorker();
    expect(() => worker.register('x', () => 1, ['all'])).toThrow('restricted tag: "all"');
    worker.register('x', () => 1);
    expect(() => worker.register('x', () => 1)).toThrow('duplicate check: "x"');
  });

  it('starts every check as "not yet run" with the zero time', () => {
    const { worker } = makeWorker();
    worker.register('network', () => ({}), [APPLICATION_TAG]);
    const report = worker.report();
    expect(report.healthy).toBe(false);
    expect(report.body).toBe('{"checks":{"network":{"error":"not yet run","timestamp":"0001-01-01T00:00:00Z","duration":0}},"healthy":false}');
  });

  it('reports {} and healthy with no checks', () => {
    const { worker } = makeWorker();
    expect(worker.report().body).toBe('{"checks":{},"healthy":true}');
  });
});

describe('HealthWorker runs', () => {
  it('records message, timestamp at the end of the run and the duration in ns; sorts check names', async () => {
    const { clock, worker } = makeWorker();
    worker.register('router', () => { clock.advance(20_375); return { outstandingRequests: 0, longestRunningRequest: '0s' }; });
    worker.register('database', () => undefined);
    await worker.runChecks();
    const body = worker.report().body;
    expect(Object.keys(JSON.parse(body).checks)).toEqual(['database', 'router']);
    expect(body).toContain('"database":{"timestamp":"');
    const router = JSON.parse(body).checks.router;
    expect(router).toEqual({ message: { longestRunningRequest: '0s', outstandingRequests: 0 }, timestamp: router.timestamp, duration: 20375 });
    expect(body).toContain('"router":{"message":{"longestRunningRequest":"0s","outstandingRequests":0},"timestamp":');
    expect(worker.report().healthy).toBe(true);
  });

  it('counts contiguous failures, keeps the first failure time and resets on success', async () => {
    const { clock, worker } = makeWorker();
    let fail = true;
    worker.register('flaky', () => {
      if (fail) throw new CheckFailure('broken', { n: 1 });
      return 'ok';
    });
    await worker.runChecks();
    const first = worker.results().checks.flaky!;
    expect(first).toMatchObject({ error: 'broken', contiguousFailures: 1, details: { n: 1 } });
    expect(first.timeOfFirstFailureNs).toBe(first.timestampNs);
    expect(worker.report().body).toBe(`{"checks":{"flaky":{"message":{"n":1},"error":"broken","timestamp":"${T0}","duration":0,"contiguousFailures":1,"timeOfFirstFailure":"${T0}"}},"healthy":false}`);

    clock.advance(30_000_000_000);
    await worker.runChecks();
    const second = worker.results().checks.flaky!;
    expect(second.contiguousFailures).toBe(2);
    expect(second.timeOfFirstFailureNs).toBe(first.timestampNs);
    expect(second.timestampNs).toBe(first.timestampNs! + 30_000_000_000n);

    fail = false;
    await worker.runChecks();
    expect(worker.report().body).toBe('{"checks":{"flaky":{"message":"ok","timestamp":"2024-03-26T23:45:15Z","duration":0}},"healthy":true}');

    fail = true;
    clock.advance(1);
    await worker.runChecks();
    expect(worker.results().checks.flaky).toMatchObject({ contiguousFailures: 1, timeOfFirstFailureNs: clock.ns });
  });

  it('treats a plain thrown error as failure without a message, and runs checks concurrently', async () => {
    const { worker } = makeWorker();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    worker.register('slow', async () => { order.push('slow start'); await gate; order.push('slow end'); return 1; });
    worker.register('fast', async () => { order.push('fast'); release(); throw new Error('nope'); });
    await worker.runChecks();
    expect(order).toEqual(['slow start', 'fast', 'slow end']);
    const body = JSON.parse(worker.report().body);
    expect(body.checks.fast).toEqual({ error: 'nope', timestamp: T0, duration: 0, contiguousFailures: 1, timeOfFirstFailure: T0 });
  });

  it('readiness is monotonic: once passed, details stay and timestamps refresh', async () => {
    const { clock, worker } = makeWorker({ monotonic: true });
    let pending = ['sub1'];
    let calls = 0;
    worker.register('bootstrapped', () => {
      calls++;
      if (pending.length > 0) throw new CheckFailure('subnets not bootstrapped', pending);
      return [];
    }, [APPLICATION_TAG]);
    await worker.runChecks();
    expect(worker.results().checks.bootstrapped).toMatchObject({ error: 'subnets not bootstrapped', details: ['sub1'] });
    pending = [];
    await worker.runChecks();
    expect(worker.report().healthy).toBe(true);
    pending = ['sub2'];
    clock.advance(5_000);
    await worker.runChecks();
    const r = worker.results().checks.bootstrapped!;
    expect(r.error).toBeUndefined();
    expect(r.details).toEqual([]);
    expect(r.timestampNs).toBe(clock.ns);
    expect(calls).toBe(2);
  });
});

describe('HealthWorker tags', () => {
  async function tagged() {
    const { worker } = makeWorker();
    worker.register('network', () => 'n', [APPLICATION_TAG]);
    worker.register('P', () => { throw new Error('p down'); }, ['primary']);
    worker.register('X', () => 'x', ['primary']);
    worker.register('L1', () => 'l', ['subnetA']);
    await worker.runChecks();
    return worker;
  }
  const names = (w: HealthWorker, tags: string[]) => Object.keys(JSON.parse(w.report(tags).body).checks);

  it('no tags → all; a tag → its checks plus application checks; unknown tags add nothing; all → everything', async () => {
    const w = await tagged();
    expect(names(w, [])).toEqual(['L1', 'P', 'X', 'network']);
    expect(names(w, ['subnetA'])).toEqual(['L1', 'network']);
    expect(names(w, ['primary', 'subnetA'])).toEqual(['L1', 'P', 'X', 'network']);
    expect(names(w, ['nope'])).toEqual(['network']);
    expect(names(w, [''])).toEqual(['network']);
    expect(names(w, ['nope', 'all'])).toEqual(['L1', 'P', 'X', 'network']);
  });

  it('healthy covers only the included checks', async () => {
    const w = await tagged();
    expect(w.report().healthy).toBe(false);
    expect(w.report(['primary']).healthy).toBe(false);
    expect(w.report(['subnetA']).healthy).toBe(true);
    expect(w.results(['subnetA']).healthy).toBe(true);
  });
});

describe('HealthWorker caching and scheduling', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('serves a cached report without re-running checks, and rebuilds it after results change', async () => {
    const { clock, worker } = makeWorker();
    let runs = 0;
    worker.register('c', () => { runs++; return runs; });
    await worker.runChecks();
    const a = worker.report();
    for (let i = 0; i < 100; i++) expect(worker.report()).toBe(a);
    expect(runs).toBe(1);
    clock.advance(1);
    await worker.runChecks();
    const b = worker.report();
    expect(b).not.toBe(a);
    expect(JSON.parse(b.body).checks.c.message).toBe(2);
    expect(worker.report(['x', 'x'])).toBe(worker.report(['x']));
  });

  it('start runs at once and then every frequency; stop ends it', async () => {
    vi.useFakeTimers();
    const registry = new HealthRegistry({ clock: new FakeClock(), formatTime: utc });
    let runs = 0;
    registry.health.register('c', () => { runs++; return runs; });
    registry.start(30_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(4);
    await registry.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toBe(4);
    expect(registry.report('liveness').body).toBe('{"checks":{},"healthy":true}');
  });
});
