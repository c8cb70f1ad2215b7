import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CpuSplit, isLocalDatabase, parseSchedstat, pidsNamed, processTimes } from './cpu-split.js';

async function sleepUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
      const split = new CpuSplit(child.pid!, undefined);
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

  it('counts each database process for what it ran during the load, whether it started or ended meanwhile', async () => {
    // Children named like the database's processes (Linux takes a Node process's title as its command name).
    const name = `firnsplit${process.pid % 100_000}`;
    const spinner = (ms: number) => spawn(process.execPath, ['-e', `process.title = '${name}'; const t = Date.now() + ${ms}; while (Date.now() < t); setTimeout(() => {}, 5000)`], { stdio: 'ignore' });
    const before = spinner(200);
    let during: ReturnType<typeof spinner> | undefined;
    try {
      await sleepUntil(() => pidsNamed(name).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const split = new CpuSplit(process.pid, name);
      split.start();
      // The one that ran before ends during the load; a new one runs ~150 ms in it.
      before.kill();
      during = spinner(150);
      await sleepUntil(() => pidsNamed(name).length === 1 && pidsNamed(name)[0] === during!.pid);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const perRequest = split.take(1)!;
      expect(perRequest.postgres).toBeGreaterThanOrEqual(100_000);
      expect(perRequest.postgres).toBeLessThan(2_000_000);
    } finally {
      before.kill();
      during?.kill();
    }
  });

  it('leaves the database out when none of its processes is visible here', () => {
    const split = new CpuSplit(process.pid, 'no-such-command-firn');
    split.start();
    expect(split.take(1)!.postgres).toBeUndefined();
  });

  it('says nothing for a process that is gone', () => {
    const split = new CpuSplit(2 ** 22 + 12345, undefined);
    split.start();
    expect(split.take(1)).toBeUndefined();
  });
});
