import { Worker } from 'node:worker_threads';

export interface HostHiccups {
  threads: number;
  seconds: number;
  /** Gaps over `thresholdMs` between consecutive clock reads of a spinning thread, over all threads. */
  count: number;
  longestMs: number;
  /** The time lost in those gaps, summed over the threads. */
  lostMs: number;
  thresholdMs: number;
}

// Runs in each worker: spin reading the clock; a gap between two reads is time the thread was runnable and did not run.
const SPINNER = `
const { parentPort, workerData } = require('node:worker_threads');
const { seconds, thresholdMs } = workerData;
const end = performance.now() + seconds * 1000;
let last = performance.now(), count = 0, longest = 0, lost = 0;
for (;;) {
  const t = performance.now();
  const gap = t - last;
  if (gap > thresholdMs) { count++; lost += gap; if (gap > longest) longest = gap; }
  last = t;
  if (t > end) break;
}
parentPort.postMessage({ count, longest, lost });
`;

/**
 * How much CPU time the host takes from this machine's threads while they want it: one spinning thread per core
 * for `seconds`, each counting the gaps in its clock reads. A VM whose hypervisor preempts its vCPUs (time the guest
 * does not always report as steal) shows gaps of several ms here, and they land on every latency tail measured on it,
 * the bare server's included; run it on an otherwise idle machine.
 */
export async function measureHostHiccups(threads: number, seconds = 5, thresholdMs = 1): Promise<HostHiccups> {
  const results = await Promise.all(
    Array.from({ length: threads }, () =>
      new Promise<{ count: number; longest: number; lost: number }>((resolve, reject) => {
        const worker = new Worker(SPINNER, { eval: true, workerData: { seconds, thresholdMs } });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    ),
  );
  return {
    threads,
    seconds,
    thresholdMs,
    count: results.reduce((n, r) => n + r.count, 0),
    longestMs: Math.max(0, ...results.map((r) => r.longest)),
    lostMs: results.reduce((n, r) => n + r.lost, 0),
  };
}

export function describeHostHiccups(h: HostHiccups): string {
  return `${h.threads} threads spinning for ${h.seconds} s lost ${h.lostMs.toFixed(0)} ms in ${h.count} gaps over ${h.thresholdMs} ms, the longest ${h.longestMs.toFixed(1)} ms`;
}
