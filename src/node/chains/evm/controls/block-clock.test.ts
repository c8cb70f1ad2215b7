import { describe, expect, it } from 'vitest';
import { BlockClock } from './block-clock.js';

describe('BlockClock', () => {
  it('follows the wall clock plus an offset, never before the parent', () => {
    let wall = 1_000_000;
    const c = new BlockClock(() => wall);
    expect(c.nextBlockMs(0n)).toBe(1_000_000n);
    expect(c.nextBlockMs(2_000_000n)).toBe(2_000_000n);
    expect(c.increase(60n)).toBe(60);
    expect(c.now()).toBe(1_060_000);
    wall += 500;
    expect(c.nextBlockMs(0n)).toBe(1_060_500n);
  });

  it('uses an exact timestamp once a block is built with it, then continues from it', () => {
    let wall = 1_000_000;
    const c = new BlockClock(() => wall);
    c.setNextBlockTimestamp(5_000n);
    expect(c.nextBlockMs(0n)).toBe(5_000_000n);
    // not consumed until a block is built
    expect(c.nextBlockMs(0n)).toBe(5_000_000n);
    c.blockBuilt(5_000_000n);
    wall += 2_000;
    expect(c.nextBlockMs(5_000_000n)).toBe(5_002_000n);
  });

  it('spaces blocks by a fixed interval, and saves and restores its state', () => {
    const c = new BlockClock(() => 1_000_000);
    c.setInterval(7n);
    expect(c.interval).toBe(7n);
    expect(c.nextBlockMs(10_000_000n)).toBe(10_007_000n);
    const saved = c.save();
    c.reset();
    expect(c.interval).toBeUndefined();
    c.restore(saved);
    expect(c.nextBlockMs(0n)).toBe(7_000n);
  });
});
