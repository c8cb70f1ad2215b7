import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The anvil binary shipped inside the npm package `@foundry-rs/anvil` (our speed peer). */
export function anvilBinary(): string {
  const bin = resolve(import.meta.dirname, `../node_modules/@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/bin/anvil`);
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}; run npm ci`);
  return bin;
}

export interface AnvilProcess { url: string; child: ChildProcess; stop(): Promise<void> }

/** Starts anvil on loopback and resolves once it answers eth_chainId; returns the time that took. */
export async function startAnvil(port: number, args: string[] = []): Promise<AnvilProcess & { readyMs: number }> {
  const started = performance.now();
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...args], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 20_000) throw new Error('anvil did not start');
    await new Promise((r) => setTimeout(r, 5));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    child,
    readyMs,
    stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }),
  };
}
