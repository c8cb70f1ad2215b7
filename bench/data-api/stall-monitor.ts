import { constants, monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram, type PerformanceEntry } from 'node:perf_hooks';

/** What held up a process's event loop over a stretch of time: the longest delay and its garbage collections. */
export interface Stalls {
  /** Longest time a 2 ms timer waited past its due time, in ms: a stall every request in flight then waited out. */
  loopMaxMs: number;
  /** Longest single garbage-collection pause, and all of them together, in ms. */
  gcMaxMs: number;
  gcTotalMs: number;
  /** What the longest collection was: 'minor' (young generation), 'major' (the whole heap), 'incremental' or 'weakcb'. */
  gcMaxKind: string;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/**
 * Watches this process's event loop and garbage collector from `start()` until `take()`, which answers what it saw
 * and starts over. Cheap enough to stay on under load (a timer every 2 ms and one entry per collection).
 */
export class StallMonitor {
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 2 });
  private gcMaxMs = 0;
  private gcTotalMs = 0;
  private gcMaxKind = '';
  private readonly gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > this.gcMaxMs) {
        this.gcMaxMs = entry.duration;
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        this.gcMaxKind = kind === undefined ? '' : (GC_KINDS[kind] ?? String(kind));
      }
      this.gcTotalMs += entry.duration;
    }
  });

  start(): void {
    this.loop.enable();
    this.gc.observe({ entryTypes: ['gc'] });
  }

  take(): Stalls {
    const stalls = { loopMaxMs: this.loop.count === 0 ? 0 : this.loop.max / 1e6, gcMaxMs: this.gcMaxMs, gcTotalMs: this.gcTotalMs, gcMaxKind: this.gcMaxKind };
    this.loop.reset();
    this.gcMaxMs = 0;
    this.gcMaxKind = '';
    this.gcTotalMs = 0;
    return stalls;
  }
}

/** Reads how a process's Stalls look as one short phrase. */
export const stallText = (s: Stalls): string =>
  `loop ${s.loopMaxMs.toFixed(1)} ms, gc ${s.gcMaxMs.toFixed(1)} ms${s.gcMaxKind ? ` ${s.gcMaxKind}` : ''} (${s.gcTotalMs.toFixed(0)} in all)`;
