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

// Spins for a stretch of CPU time, not wall time, so a loaded machine that preempts the test cannot shorten it.
const spinCpuSource = (ms: number) =>
  `const s = process.cpuUsage(); for (;;) { const u = process.cpuUsage(s); if (u.user + u.system >= ${ms * 1000}) break; }`;
const busy = (ms: number) => {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return;
  }
};

/** A child process that spins for `ms` of CPU time, then idles; `spun` settles once it has. */
function spinner(ms: number, title?: string) {
  const setTitle = title === undefined ? '' : `process.title = '${title}';`;
  const child = spawn(process.execPath, ['-e', `${setTitle} ${spinCpuSource(ms)}; console.log('spun'); setTimeout(() => {}, 20000)`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const spun = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('spun')) resolve(); });
    child.on('exit', () => reject(new Error('the spinner ended before it had spun')));
  });
  spun.catch(() => {});
  return { child, spun };
}

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
    // A child that spins 150 ms of CPU stands for the server; this process spins 60 ms as the load generator.
    const { child, spun } = spinner(150);
    try {
      const split = new CpuSplit(child.pid!, undefined);
      split.start();
      busy(60);
      await spun;
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
    const before = spinner(200, name);
    let during: ReturnType<typeof spinner> | undefined;
    try {
      await before.spun;
      const split = new CpuSplit(process.pid, name);
      split.start();
      // The one that ran before ends during the load; a new one runs 150 ms of CPU in it.
      before.child.kill();
      during = spinner(150, name);
      await during.spun;
      await sleepUntil(() => pidsNamed(name).length === 1 && pidsNamed(name)[0] === during!.child.pid);
      const perRequest = split.take(1)!;
      expect(perRequest.postgres).toBeGreaterThanOrEqual(100_000);
      expect(perRequest.postgres).toBeLessThan(2_000_000);
    } finally {
      before.child.kill();
      during?.child.kill();
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
