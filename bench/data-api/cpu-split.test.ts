import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CpuSplit, isLocalDatabase, parseSchedstat, pidsNamed, processTimes } from './cpu-split.js';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('parseSchedstat', () => {
  it('reads the time on a CPU and the time waiting for one', () => {
    expect(parseSchedstat('351243616 299604386 743\n')).toEqual({ runNs: 351243616, waitNs: 299604386 });
  });

  it('rejects what is not a schedstat line', () => {
    expect(() => parseSchedstat('')).toThrow(/not a schedstat line/);
    expect(() => parseSchedstat('abc def')).toThrow(/not a schedstat line/);
  });
});

describe('isLocalDatabase', () => {
  it('tells loopback and socket URLs from remote ones', () => {
    expect(isLocalDatabase('postgres://postgres@127.0.0.1:5432/x')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@localhost/x')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@[::1]:5432/x')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@/x?host=/var/run/postgresql')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@db.example.com:5432/x')).toBe(false);
    expect(isLocalDatabase('postgres://postgres@10.0.0.5/x')).toBe(false);
  });
});

describe.skipIf(!existsSync('/proc/self/schedstat'))('CpuSplit (Linux)', () => {
  it('counts this process\'s CPU time on its JavaScript thread', () => {
    const before = processTimes(process.pid)!;
    busy(60);
    const after = processTimes(process.pid)!;
    expect(after.main.runNs - before.main.runNs).toBeGreaterThanOrEqual(40e6);
    expect(after.all.runNs).toBeGreaterThanOrEqual(after.main.runNs);
  });

  it('finds processes by command name', () => {
    expect(pidsNamed('no-such-command-firn')).toEqual([]);
  });

  it('splits a stretch of time between a server process and this one, per request', async () => {
    // A child that spins ~150 ms stands for the server; this process spins ~60 ms as the load generator.
    const child = spawn(process.execPath, ['-e', 'const t = Date.now() + 150; while (Date.now() < t); setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
    try {
      const split = new CpuSplit(child.pid!, false);
      split.start();
      busy(60);
      await new Promise((resolve) => setTimeout(resolve, 900));
      const perRequest = split.take(10)!;
      expect(perRequest.postgres).toBeUndefined();
      expect(perRequest.server).toBeGreaterThanOrEqual(100_000 / 10);
      expect(perRequest.serverMain).toBeGreaterThanOrEqual(100_000 / 10);
      expect(perRequest.serverMain).toBeLessThanOrEqual(perRequest.server);
      expect(perRequest.generator).toBeGreaterThanOrEqual(40_000 / 10);
      expect(perRequest.serverWaited).toBeGreaterThanOrEqual(0);
    } finally {
      child.kill();
    }
  });

  it('reports PostgreSQL when its processes are visible here, and leaves it out when none is', () => {
    // Asked for a local PostgreSQL either way: whether one shows in /proc decides.
    const split = new CpuSplit(process.pid, true);
    split.start();
    busy(20);
    const perRequest = split.take(1)!;
    if (pidsNamed('postgres').length === 0) expect(perRequest.postgres).toBeUndefined();
    else expect(perRequest.postgres).toBeGreaterThanOrEqual(0);
  });

  it('says nothing for a process that is gone', () => {
    const split = new CpuSplit(2 ** 22 + 12345, false);
    split.start();
    expect(split.take(1)).toBeUndefined();
  });
});
