import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StallMonitor, stallText } from './stall-monitor.js';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('StallMonitor', () => {
  it('reports the longest time the event loop was held, and starts over on each take', async () => {
    const monitor = new StallMonitor();
    monitor.start();
    await sleep(20);
    busy(60);
    await sleep(20);
    const held = monitor.take();
    expect(held.loopMaxMs).toBeGreaterThanOrEqual(50);
    await sleep(30);
    expect(monitor.take().loopMaxMs).toBeLessThan(held.loopMaxMs);
  });

  it('adds up the garbage collections it saw and names the longest one\'s kind', async () => {
    const monitor = new StallMonitor();
    monitor.start();
    let keep: unknown[] = [];
    for (let i = 0; i < 200; i++) keep = [Array.from({ length: 10_000 }, (_, j) => ({ j }))];
    expect(keep).toHaveLength(1);
    await sleep(50); // collections are reported to the observer asynchronously
    const seen = monitor.take();
    expect(seen.gcTotalMs).toBeGreaterThan(0);
    expect(seen.gcMaxMs).toBeLessThanOrEqual(seen.gcTotalMs);
    expect(['minor', 'major', 'incremental', 'weakcb']).toContain(seen.gcMaxKind);
    expect(stallText(seen)).toMatch(/^loop \d+\.\d ms, gc \d+\.\d ms (minor|major|incremental|weakcb) \(\d+ in all\)$/);
  });
});
