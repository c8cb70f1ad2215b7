import { readdirSync, readFileSync } from 'node:fs';

/** Time on a CPU and time runnable but waiting for one, in nanoseconds (Linux `schedstat`). */
export interface SchedTimes {
  runNs: number;
  waitNs: number;
}

/** The first two fields of a `/proc/…/schedstat` line: time on a CPU and time waiting on a run queue (ns). */
export function parseSchedstat(text: string): SchedTimes {
  const [run, wait] = text.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(run) || !Number.isFinite(wait)) throw new Error(`not a schedstat line: ${JSON.stringify(text)}`);
  return { runNs: run!, waitNs: wait! };
}

const add = (a: SchedTimes, b: SchedTimes): SchedTimes => ({ runNs: a.runNs + b.runNs, waitNs: a.waitNs + b.waitNs });
const ZERO: SchedTimes = { runNs: 0, waitNs: 0 };

/**
 * Every thread of a process, summed (a Node process's garbage-collector helpers and libuv pool run on threads of their
 * own); `main` is its first thread, the one running JavaScript. Undefined once the process is gone.
 */
export function processTimes(pid: number): { all: SchedTimes; main: SchedTimes } | undefined {
  try {
    const main = parseSchedstat(readFileSync(`/proc/${pid}/schedstat`, 'utf8'));
    let all = ZERO;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        all = add(all, parseSchedstat(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')));
      } catch {
        // a thread that ended meanwhile
      }
    }
    return { all, main };
  } catch {
    return undefined;
  }
}

/** The ids of this machine's processes whose command is `name` (every PostgreSQL process is `postgres`). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/** CPU time per request over a load, in µs; `postgres` is absent when the database runs on another machine. */
export interface CpuPerRequest {
  /** The Data API process, every thread. */
  server: number;
  /** Of it, its JavaScript thread: one core's worth caps the answers a second at 10^6 / serverMain. */
  serverMain: number;
  /** Of the Data API's JavaScript thread: time it was ready to run but waited for a core (others held both). */
  serverWaited: number;
  postgres?: number;
  /** This process: the load generator. */
  generator: number;
}

/**
 * Where the CPU time of a load went: the Data API process, the database server (every process of the command
 * `databaseProcess` on this machine: PostgreSQL's is `postgres`) and the load generator (this process), read from
 * Linux's per-thread scheduler statistics before and after. Each database process counts for what it ran in between:
 * one that started meanwhile (a new connection's backend) for all it ran, one that ended meanwhile (an autovacuum
 * worker) not at all, so neither shifts the others' figures. Undefined where /proc has no schedstat (another OS).
 */
export class CpuSplit {
  readonly #serverPid: number;
  #databaseProcess: string | undefined;
  #start: { server: { all: SchedTimes; main: SchedTimes }; database: Map<number, number>; generator: SchedTimes } | undefined;

  /** `databaseProcess`: the command name of the database server's processes, or undefined when it runs elsewhere. */
  constructor(serverPid: number, databaseProcess: string | undefined) {
    this.#serverPid = serverPid;
    this.#databaseProcess = databaseProcess;
  }

  /** Time on a CPU of each database process now, by pid. */
  #database(): Map<number, number> {
    const times = new Map<number, number>();
    if (this.#databaseProcess === undefined) return times;
    for (const pid of pidsNamed(this.#databaseProcess)) {
      const t = processTimes(pid);
      if (t) times.set(pid, t.all.runNs);
    }
    return times;
  }

  start(): void {
    const database = this.#database();
    // A local server whose processes this user cannot see (/proc mounted with hidepid) would read as no CPU at all.
    if (database.size === 0) this.#databaseProcess = undefined;
    const server = processTimes(this.#serverPid);
    const generator = processTimes(process.pid);
    this.#start = server && generator ? { server, database, generator: generator.all } : undefined;
  }

  /** The time since `start`, per request of `requests`. */
  take(requests: number): CpuPerRequest | undefined {
    const from = this.#start;
    const server = processTimes(this.#serverPid);
    const generator = processTimes(process.pid);
    if (!from || !server || !generator || requests <= 0) return undefined;
    const per = (ns: number) => ns / 1000 / requests;
    let database = 0;
    for (const [pid, runNs] of this.#database()) database += runNs - (from.database.get(pid) ?? 0);
    return {
      server: per(server.all.runNs - from.server.all.runNs),
      serverMain: per(server.main.runNs - from.server.main.runNs),
      serverWaited: per(server.main.waitNs - from.server.main.waitNs),
      ...(this.#databaseProcess !== undefined ? { postgres: per(database) } : {}),
      generator: per(generator.all.runNs - from.generator.runNs),
    };
  }
}

/** Whether a PostgreSQL URL names this machine: loopback, no host (the default socket), or a socket directory. */
export function isLocalDatabase(url: string): boolean {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined;
  if (query?.get('host')?.startsWith('/')) return true;
  const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?]*@)?([^/?]*)/i.exec(url)?.[1] ?? '';
  const host = authority.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return host === '' || host === 'localhost' || host === '::1' || host.startsWith('127.');
}
