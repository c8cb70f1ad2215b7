import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The anvil binary shipped inside the npm package `@foundry-rs/anvil` (our speed peer). */
export function anvilBinary(): string {
  const bin = resolve(import.meta.dirname, `../node_modules/@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/bin/anvil`);
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}; run npm ci`);
  return bin;
}

export interface AnvilProcess {
  url: string;
  child: ChildProcess;
  /** anvil's stdout and stderr (little with --silent: panics, fatal errors); kept only if anvil died on its own. */
  logFile: string;
  /** Undefined while anvil runs; else how it ended, with the tail of its log if it ended on its own. */
  exited(): string | undefined;
  /** SIGTERM (SIGKILL after 5 s), resolves once the child is reaped; safe to call again or after a crash. */
  stop(): Promise<void>;
}

/** Every anvil still running when this process exits (with its log and home dirs): killed, so none is left orphaned. */
const running = new Map<ChildProcess, string[]>();
process.once('exit', () => {
  for (const [c, dirs] of running) {
    c.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts anvil on loopback and resolves once it answers eth_chainId; returns the time that took. */
export async function startAnvil(port: number, args: string[] = []): Promise<AnvilProcess & { readyMs: number }> {
  const logDir = mkdtempSync(join(tmpdir(), 'firn-anvil-'));
  const logFile = join(logDir, 'anvil.log');
  const fd = openSync(logFile, 'a');
  const started = performance.now();
  // anvil keeps block states under ~/.foundry/anvil/tmp (3–4 GB a bench round) and leaves them behind when
  // stopped: a home of its own, removed when it exits, keeps the disk (and a node's disk-space health) intact.
  const homeDir = mkdtempSync(join(tmpdir(), 'firn-anvil-home-'));
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...args], { stdio: ['ignore', fd, fd], env: { ...process.env, HOME: homeDir } });
  closeSync(fd);
  running.set(child, [logDir, homeDir]);
  let sent: NodeJS.Signals | undefined;
  let ended: string | undefined;
  const exit = new Promise<void>((r) => child.once('exit', (code, signal) => {
    running.delete(child);
    rmSync(homeDir, { recursive: true, force: true });
    ended = signal ? `killed by ${signal}` : `exited with code ${code}`;
    // anvil exits 0 on SIGTERM; anything else (a crash, a kill we did not send) keeps the log.
    if (sent && (code === 0 || signal === sent)) {
      rmSync(logDir, { recursive: true, force: true });
    } else {
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
      ended = `${ended} on its own${signal === 'SIGKILL' ? ' (a kill stop() did not send: e.g. the kernel OOM killer, see dmesg)' : ''}; log ${logFile}${tail ? `:\n${tail}` : ' (empty)'}`;
    }
    r();
  }));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      sent = 'SIGTERM';
      child.kill(sent);
      const t = setTimeout(() => child.kill((sent = 'SIGKILL')), 5000);
      await exit;
      clearTimeout(t);
    }
    await exit;
  };
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (ended) throw new Error(`anvil did not start: ${ended}`);
    if (performance.now() - started > 20_000) {
      await stop();
      throw new Error('anvil did not start within 20 s');
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const readyMs = performance.now() - started;
  return { url, child, logFile, readyMs, exited: () => ended, stop };
}
