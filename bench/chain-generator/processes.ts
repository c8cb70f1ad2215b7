/** Child processes of the indexer benchmark (`firn node`, `firn index`, Ponder) and what /proc says about them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { firnNodeOptions } from '../firn-node-options.js';

/** `firn` (see bench-cli.ts), run with `node --import tsx`. */
export const FIRN_CLI = ['--import', 'tsx', resolve(import.meta.dirname, 'bench-cli.ts')];

export interface Child {
  child: ChildProcess;
  pid: number;
  /** The last 20,000 characters of stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

export function startChild(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Child {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  running.add(child);
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 40_000) out = out.slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // BENCH_LOG_DIR: keep each child's whole output too (debugging a run)
  if (process.env.BENCH_LOG_DIR) {
    const file = createWriteStream(resolve(process.env.BENCH_LOG_DIR, `${args.find((a) => !a.startsWith('-') && !a.includes('/') && a !== 'tsx') ?? 'child'}-${child.pid}.log`));
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => {
    running.delete(child);
    r(code);
  }));
  return {
    child,
    pid: child.pid,
    output: () => out.slice(-20_000),
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `firn <args>`, with the Node options `npm run firn` uses and FIRN_NODE_OPTIONS (more node flags, e.g. --cpu-prof). */
export function startFirn(args: string[], env: NodeJS.ProcessEnv = {}): Child {
  return startChild(process.execPath, [...firnNodeOptions(), ...FIRN_CLI, ...args], {
    env: { ...process.env, FIRN_LOG_DISPLAY_LEVEL: 'warn', ...env },
  });
}

export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>, child?: Child, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.child.exitCode !== null || child.child.signalCode !== null)) {
      throw new Error(`${what}: the process exited (${child.child.exitCode ?? child.child.signalCode}):\n${child.output()}`);
    }
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: timed out after ${timeoutMs} ms${child ? `:\n${child.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** `firn node` serving a data dir; resolves once /ext/health answers 200. */
export async function serveNode(dataDir: string, port: number, opts: { mining: boolean }): Promise<{ node: Child; url: string }> {
  const args = ['node', `--data-dir=${dataDir}`, `--http-port=${port}`, '--log-level=warn'];
  if (!opts.mining) args.push('--no-mining');
  const node = startFirn(args);
  const url = `http://127.0.0.1:${port}`;
  await waitFor('firn node', 300_000, async () => ((await fetch(url + '/ext/health')).status === 200 ? true : undefined), node, 100);
  return { node, url };
}

/**
 * Resolves once the node's in-memory eth_getLogs index covers its stored chain: after a start the node builds it in
 * the background, and a query waits for that. Benches call it before any clock starts, so that work is not counted.
 */
export async function logIndexBuilt(url: string): Promise<void> {
  const r = await fetch(`${url}/ext/bc/C/rpc`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: 'latest', address: '0x' + '00'.repeat(20) }] }),
  });
  const body = (await r.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`eth_getLogs: ${body.error.message}`);
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far; undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime (fields 14, 15)
  } catch {
    return undefined;
  }
}

function statusKb(pid: number, field: string): number | undefined {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Peak resident set size (VmHWM) in bytes; undefined once the process is gone. */
export function peakRss(pid: number): number | undefined {
  return statusKb(pid, 'VmHWM');
}

/** Resident set size now (VmRSS) in bytes. */
export function currentRss(pid: number): number | undefined {
  return statusKb(pid, 'VmRSS');
}

/**
 * The resident set split: anonymous memory (heaps: what the process holds) and file-backed pages (its binary
 * and the files it maps, e.g. LevelDB tables: page cache the kernel reclaims under pressure).
 */
export function rssParts(pid: number): { anon: number; file: number } | undefined {
  const anon = statusKb(pid, 'RssAnon');
  const file = statusKb(pid, 'RssFile');
  return anon === undefined || file === undefined ? undefined : { anon, file };
}

/** A process and its descendants (to sum CPU and RSS over a tool that may fork). */
export function treePids(pid: number): number[] {
  const out = [pid];
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    for (const c of children) out.push(...treePids(c));
  } catch {
    // gone
  }
  return out;
}
