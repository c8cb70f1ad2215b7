import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './devnet-process.js';

const BIN = fileURLToPath(new URL('../../bin/firn.js', import.meta.url));
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

export interface IndexerProcess {
  child: ChildProcess;
  opsUrl: string;
  output: () => string;
  /** GET /ready: status and body. */
  ready(): Promise<{ status: number; body: any }>;
  kill(): Promise<void>;
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/** `firn index` as its own process, JSON logs, with its ops server on a free port. */
export async function startIndexerProcess(args: string[]): Promise<IndexerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'index', `--metrics-port=${port}`, '--log-format=json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => {
    started.delete(child);
    r(code);
  }));
  const opsUrl = `http://127.0.0.1:${port}`;
  return {
    child,
    opsUrl,
    output: () => out,
    exited,
    async ready() {
      try {
        const r = await fetch(`${opsUrl}/ready`);
        return { status: r.status, body: await r.json() };
      } catch {
        return { status: 0, body: undefined };
      }
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Wait until the indexer reports every stream caught up (and no gap). */
export async function waitUntilCaughtUp(indexer: IndexerProcess, timeoutMs = 120_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (indexer.child.exitCode !== null) throw new Error(`indexer exited with ${indexer.child.exitCode}:\n${indexer.output()}`);
    const r = await indexer.ready();
    if (r.status === 200 && r.body.streams.every((s: any) => s.lag === '0')) return r.body;
    if (Date.now() > deadline) throw new Error(`indexer did not catch up: ${JSON.stringify(r.body)}\n${indexer.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
