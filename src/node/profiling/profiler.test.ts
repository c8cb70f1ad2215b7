import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mutex } from '../../lib/mutex.js';
import { Profiler } from './profiler.js';
import { formatStacktrace } from './stacktrace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function newProfiler(opts?: { sampleHeap?: boolean }): { profiler: Profiler; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'firn-prof-'));
  const dir = join(root, 'profiles');
  const profiler = new Profiler(dir, opts);
  cleanups.push(async () => {
    await profiler.close();
    rmSync(root, { recursive: true, force: true });
  });
  return { profiler, dir };
}

function busy(ms: number): number {
  const end = Date.now() + ms;
  let x = 0;
  while (Date.now() < end) x += Math.sqrt(x + 1);
  return x;
}

describe('Profiler', () => {
  it('writes a V8 .cpuprofile between startCPU and stopCPU', async () => {
    const { profiler, dir } = newProfiler({ sampleHeap: false });
    await profiler.startCPU();
    // Created (empty) at once, as AvalancheGo creates cpu.profile on start.
    expect(statSync(join(dir, 'cpu.profile')).size).toBe(0);
    await expect(profiler.startCPU()).rejects.toThrow('cpu profiler already running');
    busy(50);
    await profiler.stopCPU();
    const profile = JSON.parse(readFileSync(join(dir, 'cpu.profile'), 'utf8'));
    expect(Array.isArray(profile.nodes)).toBe(true);
    expect(profile.nodes.length).toBeGreaterThan(1);
    expect(profile.nodes[0]).toMatchObject({ id: 1, callFrame: { functionName: '(root)' } });
    expect(typeof profile.startTime).toBe('number');
    expect(profile.endTime).toBeGreaterThan(profile.startTime);
    expect(profile.samples.length).toBeGreaterThan(0);
    expect(profile.timeDeltas).toHaveLength(profile.samples.length);
    const names = new Set(profile.nodes.map((n: { callFrame: { functionName: string } }) => n.callFrame.functionName));
    expect(names.has('busy')).toBe(true);
    await expect(profiler.stopCPU()).rejects.toThrow("cpu profiler doesn't exist");
  });

  it('can run a second CPU profile after the first', async () => {
    const { profiler, dir } = newProfiler({ sampleHeap: false });
    await profiler.startCPU();
    await profiler.stopCPU();
    rmSync(dir, { recursive: true });
    await profiler.startCPU();
    expect(profiler.cpuRunning).toBe(true);
    await profiler.stopCPU();
    expect(JSON.parse(readFileSync(join(dir, 'cpu.profile'), 'utf8')).nodes.length).toBeGreaterThan(0);
  });

  it('stopCPU without a running profile fails', async () => {
    const { profiler } = newProfiler({ sampleHeap: false });
    await expect(profiler.stopCPU()).rejects.toThrow("cpu profiler doesn't exist");
  });

  it('writes a sampling heap profile to mem.profile', async () => {
    const { profiler, dir } = newProfiler();
    await profiler.memoryProfile(); // heap sampling starts asynchronously; this waits for it
    const keep: number[][] = [];
    for (let i = 0; i < 200; i++) keep.push(new Array(10_000).fill(i));
    await profiler.memoryProfile();
    const profile = JSON.parse(readFileSync(join(dir, 'mem.profile'), 'utf8'));
    expect(profile.head.callFrame.functionName).toBe('(root)');
    expect(Array.isArray(profile.samples)).toBe(true);
    expect(profile.samples.length).toBeGreaterThan(0);
    expect(profile.samples[0]).toHaveProperty('size');
    expect(keep).toHaveLength(200);
  });

  it('writes the lock contention report to lock.profile', async () => {
    const { profiler, dir } = newProfiler({ sampleHeap: false });
    const m = new Mutex('profiler-test/lock');
    await Promise.all([m.runExclusive(() => new Promise((r) => setTimeout(r, 5))), m.runExclusive(() => 1)]);
    await profiler.lockProfile();
    const report = JSON.parse(readFileSync(join(dir, 'lock.profile'), 'utf8'));
    const lock = report.locks.find((l: { name: string }) => l.name === 'profiler-test/lock');
    expect(lock).toMatchObject({ acquisitions: 2, contended: 1 });
    expect(lock.stacks).toHaveLength(1);
  });

  it('formats a stack trace with the JS stack and parked lock waiters', async () => {
    const m = new Mutex('stacktrace-test/lock');
    let release!: () => void;
    const holder = m.runExclusive(() => new Promise<void>((r) => (release = r)));
    const waiter = m.runExclusive(() => undefined);
    const text = formatStacktrace();
    release();
    await Promise.all([holder, waiter]);
    expect(text).toContain('== JavaScript stack ==');
    expect(text).toContain('formatStacktrace');
    expect(text).toContain('lock stacktrace-test/lock, waiting');
    expect(text).not.toMatch(/PATH=/);
  });
});
