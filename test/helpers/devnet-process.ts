import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { freePort } from './free-port.js';

export { freePort };

const BIN = resolve(import.meta.dirname, '../../bin/firn.js');

/** Every node this test process started; a failed assertion must never leave one running after the file ends. */
const started = new Set<ChildProcess>();
/** Data directories made by tempDataDir, removed once the test file is done with them. */
const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await Promise.all([...started].map((child) => new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
  })));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
});

export interface DevnetProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Graceful stop (SIGTERM), resolves with the exit code. */
  stop(): Promise<number | null>;
  /** kill -9. */
  kill(): Promise<void>;
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'firn-node-'));
  tempDirs.add(dir);
  return dir;
}

/** Starts `firn node` as a real process and waits until /ext/health/liveness answers. */
export async function startDevnet(args: string[] = [], opts: { dataDir?: string; command?: string; waitHealthy?: boolean } = {}): Promise<DevnetProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? tempDataDir();
  const child = spawn(process.execPath, [BIN, opts.command ?? 'node', `--http-port=${port}`, `--data-dir=${dataDir}`, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIRN_LOG_DISPLAY_LEVEL: process.env.FIRN_LOG_DISPLAY_LEVEL ?? 'warn' },
  });
  started.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => { started.delete(child); r(code); }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  const readyPath = opts.waitHealthy === false ? '/ext/health/liveness' : '/ext/health';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`devnet exited with ${child.exitCode}:\n${out}`);
    try {
      const r = await fetch(url + readyPath);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`devnet did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `firn <args>` to completion and returns its exit code and output. */
export async function runFirn(args: string[], timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, output: out };
}

/** One avalanchego-dialect JSON-RPC call; returns the parsed body. */
export async function rpc(url: string, path: string, method: string, params?: unknown, id: unknown = 1): Promise<{ result?: any; error?: { code: number; message: string; data: unknown } }> {
  const body: Record<string, unknown> = { jsonrpc: '2.0', id, method };
  if (params !== undefined) body.params = params;
  const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await r.json()) as any;
}

/** A request with full control of the headers (fetch may not set Host). */
export async function rawRequest(url: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { request } = await import('node:http');
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
