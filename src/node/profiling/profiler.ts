import { mkdir, open, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { lockContentionReport } from '../../lib/mutex.js';

export const CPU_PROFILE_FILE = 'cpu.profile';
export const MEMORY_PROFILE_FILE = 'mem.profile';
export const LOCK_PROFILE_FILE = 'lock.profile';

/** Bytes between heap samples; Go's default MemProfileRate is the same 512 KiB. */
const HEAP_SAMPLING_INTERVAL = 512 * 1024;

export interface ProfilerOptions {
  /**
   * Sample heap allocations from construction on, so `memoryProfile` shows what is live since the node
   * started (like Go's always-on heap profile). Default true.
   */
  sampleHeap?: boolean;
}

/**
 * AvalancheGo's profiler (utils/profiler/profiler.go) over V8's inspector: `cpu.profile` is a V8
 * `.cpuprofile` (Chrome DevTools, speedscope), `mem.profile` a sampling heap profile in `.heapprofile`
 * format, `lock.profile` the mutex contention report of src/lib/mutex.ts as JSON. The directory is
 * created on each call, as AvalancheGo does.
 */
export class Profiler {
  private cpu: { session: Session; path: string } | undefined;
  /** Set synchronously by startCPU so two concurrent calls cannot both start a profile. */
  private cpuStarting = false;
  private heap: Promise<Session> | undefined;

  constructor(readonly dir: string, opts: ProfilerOptions = {}) {
    if (opts.sampleHeap ?? true) this.heap = startHeapSampling();
    // A failed start is reported by memoryProfile; never an unhandled rejection here.
    this.heap?.catch(() => undefined);
  }

  async startCPU(): Promise<void> {
    if (this.cpu || this.cpuStarting) throw new Error('cpu profiler already running');
    this.cpuStarting = true;
    try {
      await mkdir(this.dir, { recursive: true });
      const path = join(this.dir, CPU_PROFILE_FILE);
      await (await open(path, 'w')).close();
      const session = new Session();
      session.connect();
      try {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      } catch (e) {
        session.disconnect();
        throw e;
      }
      this.cpu = { session, path };
    } finally {
      this.cpuStarting = false;
    }
  }

  async stopCPU(): Promise<void> {
    const cpu = this.cpu;
    if (!cpu) throw new Error("cpu profiler doesn't exist");
    this.cpu = undefined;
    try {
      const { profile } = await cpu.session.post('Profiler.stop');
      await writeFile(cpu.path, JSON.stringify(profile));
    } finally {
      cpu.session.disconnect();
    }
  }

  get cpuRunning(): boolean {
    return this.cpu !== undefined;
  }

  async memoryProfile(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.heap ??= startHeapSampling();
    const session = await this.heap;
    const { profile } = await session.post('HeapProfiler.getSamplingProfile');
    await writeFile(join(this.dir, MEMORY_PROFILE_FILE), JSON.stringify(profile));
  }

  async lockProfile(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const report = { generatedAt: new Date().toISOString(), locks: lockContentionReport() };
    await writeFile(join(this.dir, LOCK_PROFILE_FILE), JSON.stringify(report, null, 2) + '\n');
  }

  /** Stops a running CPU profile (without writing it) and heap sampling. */
  async close(): Promise<void> {
    this.cpu?.session.disconnect();
    this.cpu = undefined;
    const heap = this.heap;
    this.heap = undefined;
    if (heap) {
      const session = await heap.catch(() => undefined);
      session?.disconnect();
    }
  }
}

async function startHeapSampling(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: HEAP_SAMPLING_INTERVAL });
  return session;
}
