import type { HealthClock } from './clock.js';
import { systemClock } from './clock.js';
import type { TimeFormatter } from './result.js';
import { HealthWorker, type HealthReport } from './worker.js';

export type HealthKind = 'readiness' | 'health' | 'liveness';

export interface HealthRegistryOptions {
  clock?: HealthClock;
  formatTime?: TimeFormatter;
}

/**
 * The node's health service (avalanchego api/health/health.go): three independent workers. Readiness
 * checks are monotonic; liveness has no checks on a current node.
 */
export class HealthRegistry {
  readonly readiness: HealthWorker;
  readonly health: HealthWorker;
  readonly liveness: HealthWorker;

  constructor(opts: HealthRegistryOptions = {}) {
    const clock = opts.clock ?? systemClock();
    const shared = { clock, ...(opts.formatTime ? { formatTime: opts.formatTime } : {}) };
    this.readiness = new HealthWorker('readiness', { ...shared, monotonic: true });
    this.health = new HealthWorker('health', shared);
    this.liveness = new HealthWorker('liveness', shared);
  }

  worker(kind: HealthKind): HealthWorker {
    return this[kind];
  }

  report(kind: HealthKind, tags: string[] = []): HealthReport {
    return this[kind].report(tags);
  }

  start(frequencyMs: number): void {
    this.readiness.start(frequencyMs);
    this.health.start(frequencyMs);
    this.liveness.start(frequencyMs);
  }

  /** One immediate run of every worker (tests, and a refresh right after chains are created). */
  async runAll(): Promise<void> {
    await Promise.all([this.readiness.runChecks(), this.health.runChecks(), this.liveness.runChecks()]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.readiness.stop(), this.health.stop(), this.liveness.stop()]);
  }
}
