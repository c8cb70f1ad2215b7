import { ALL_TAG, APPLICATION_TAG, CheckFailure, type HealthCheck } from './check.js';
import { systemClock, type HealthClock } from './clock.js';
import { goJsonString, goQuote } from '../../../lib/go/go-json.js';
import { localTimeFormatter, NOT_YET_RUN, resultJson, type CheckResult, type TimeFormatter } from './result.js';

export interface WorkerOptions {
  clock?: HealthClock;
  formatTime?: TimeFormatter;
  /** Readiness semantics: once a check passes with details, those details are kept and it never fails again. */
  monotonic?: boolean;
}

/** A report ready to serve: the JSON body (no trailing newline) and the verdict. */
export interface HealthReport {
  body: string;
  healthy: boolean;
}

interface Entry {
  check: HealthCheck;
  tags: string[];
  result: CheckResult;
  /** resultJson(result), computed when the result changes. */
  json: string;
}

/** Most distinct tag sets whose reports are kept; past it the cache starts over. */
const MAX_CACHED_TAG_SETS = 128;

/**
 * One of the three avalanchego health workers (api/health/worker.go): registered checks, their last
 * results, tag filtering, and a periodic runner. Reports are serialized once per change of results
 * and tag set, so serving one is a map lookup.
 */
export class HealthWorker {
  private readonly entries = new Map<string, Entry>();
  /** tag → names of checks carrying it (every check is under `all`). */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly clock: HealthClock;
  private readonly formatTime: TimeFormatter;
  private readonly monotonic: boolean;
  /** Bumped on every registration or result change; cached reports of an older version are stale. */
  private version = 0;
  private readonly cache = new Map<string, HealthReport & { version: number }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;

  constructor(readonly name: string, opts: WorkerOptions = {}) {
    this.clock = opts.clock ?? systemClock();
    this.formatTime = opts.formatTime ?? localTimeFormatter;
    this.monotonic = opts.monotonic ?? false;
  }

  register(name: string, check: HealthCheck, tags: string[] = []): void {
    if (tags.includes(ALL_TAG)) throw new Error(`restricted tag: ${goQuote(ALL_TAG)}`);
    if (this.entries.has(name)) throw new Error(`duplicate check: ${goQuote(name)}`);
    for (const tag of [...tags, ALL_TAG]) {
      const names = this.byTag.get(tag) ?? new Set<string>();
      names.add(name);
      this.byTag.set(tag, names);
    }
    const wrapped = this.monotonic ? monotonicCheck(check) : check;
    this.entries.set(name, { check: wrapped, tags: [...tags], result: NOT_YET_RUN, json: resultJson(NOT_YET_RUN, this.formatTime) });
    this.version++;
  }

  /** Check names, sorted. */
  names(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** The last result of every check selected by the tags (avalanchego `Results(tags...)`). */
  results(tags: string[] = []): { checks: Record<string, CheckResult>; healthy: boolean } {
    const checks: Record<string, CheckResult> = {};
    let healthy = true;
    for (const name of this.select(tags)) {
      const result = this.entries.get(name)!.result;
      checks[name] = result;
      if (result.error !== undefined) healthy = false;
    }
    return { checks, healthy };
  }

  /** `{"checks":{...},"healthy":bool}` for the tags, from cache when results have not changed. */
  report(tags: string[] = []): HealthReport {
    const key = tags.length === 0 ? ALL_TAG : [...new Set(tags)].sort().join('\u0000');
    const hit = this.cache.get(key);
    if (hit && hit.version === this.version) return hit;
    let healthy = true;
    const parts: string[] = [];
    for (const name of this.select(tags)) {
      const entry = this.entries.get(name)!;
      if (entry.result.error !== undefined) healthy = false;
      parts.push(`${goJsonString(name)}:${entry.json}`);
    }
    const report = { body: `{"checks":{${parts.join(',')}},"healthy":${healthy}}`, healthy, version: this.version };
    if (this.cache.size >= MAX_CACHED_TAG_SETS && !hit) this.cache.clear();
    this.cache.set(key, report);
    return report;
  }

  /** Runs every registered check once, concurrently; resolves when all have recorded their result. */
  async runChecks(): Promise<void> {
    const snapshot = [...this.entries].map(([name, entry]) => ({ name, check: entry.check }));
    await Promise.all(snapshot.map(({ name, check }) => this.runCheck(name, check)));
  }

  /** Runs all checks now, then every `frequencyMs`; a tick is skipped while the previous run is going. */
  start(frequencyMs: number): void {
    if (this.timer !== undefined) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.runChecks().finally(() => { this.running = undefined; });
    };
    this.timer = setInterval(tick, frequencyMs);
    this.timer.unref?.();
    tick();
  }

  /** Stops the periodic runner and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private select(tags: string[]): string[] {
    const wanted = tags.length === 0 ? [ALL_TAG] : tags;
    if (wanted.includes(ALL_TAG)) return this.names();
    const names = new Set<string>(this.byTag.get(APPLICATION_TAG));
    for (const tag of wanted) for (const name of this.byTag.get(tag) ?? []) names.add(name);
    return [...names].sort();
  }

  private async runCheck(name: string, check: HealthCheck): Promise<void> {
    const start = this.clock.nowNs();
    let details: unknown;
    let error: string | undefined;
    try {
      details = await check();
    } catch (e) {
      if (e instanceof CheckFailure) details = e.details;
      error = e instanceof Error ? e.message : String(e);
    }
    const end = this.clock.nowNs();
    const entry = this.entries.get(name);
    if (!entry) return;
    const prev = entry.result;
    const result: CheckResult = { details, timestampNs: end, durationNs: Number(end - start), contiguousFailures: 0 };
    if (error !== undefined) {
      result.error = error;
      result.contiguousFailures = prev.contiguousFailures + 1;
      result.timeOfFirstFailureNs = prev.contiguousFailures > 0 ? prev.timeOfFirstFailureNs : end;
    }
    entry.result = result;
    entry.json = resultJson(result, this.formatTime);
    this.version++;
  }
}

/** avalanchego RegisterMonotonicCheck: after the first pass with details, return them without running. */
function monotonicCheck(check: HealthCheck): HealthCheck {
  let passed: unknown;
  return async () => {
    if (passed !== undefined && passed !== null) return passed;
    const details = await check();
    passed = details;
    return details;
  };
}
