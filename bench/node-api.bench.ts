/**
 * Node API benchmark (issue: devnet node part 1). Measures, against a real `firn node` process over HTTP:
 * cold start to healthy, index.getContainerRange(1024), index.getContainerByIndex, GET /ext/health — and,
 * as the peer in the same run, anvil's cold start and a trivial anvil JSON-RPC call. Writes docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { freePort } from '../test/helpers/free-port.js';
import { startAnvil } from './anvil.js';
import { machine, writeSection } from './results.js';
import { fmt, summarize, timed } from './stats.js';
import { firnNodeOptions } from './firn-node-options.js';

const BIN = resolve(import.meta.dirname, '../bin/firn.js');
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 1100);

async function startFirn(dataDir: string, port: number, extra: string[] = []) {
  const started = performance.now();
  const child = spawn(process.execPath, [...firnNodeOptions(), BIN, 'node', `--data-dir=${dataDir}`, `--http-port=${port}`, '--index-enabled', ...extra], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(url + '/ext/health')).status === 200) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 30_000) throw new Error('firn did not become healthy');
    await new Promise((r) => setTimeout(r, 5));
  }
  return { url, readyMs: performance.now() - started, stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }) };
}

async function post(url: string, body: string): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return r.json();
}


const median = (xs: number[]) => summarize(xs).p50;

async function main() {
  // Cold starts: a fresh data dir each time (genesis written), then a restart on an existing one.
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const f = await startFirn(mkdtempSync(join(tmpdir(), 'firn-bench-')), await freePort());
    cold.push(f.readyMs);
    await f.stop();
  }
  const anvilCold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const a = await startAnvil(await freePort());
    anvilCold.push(a.readyMs);
    await a.stop();
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'firn-bench-'));
  let firn = await startFirn(dataDir, await freePort());
  const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  const rpcUrl = firn.url + '/ext/bc/C/rpc';
  for (let nonce = 0; nonce < BLOCKS; nonce++) {
    const raw = await account.signTransaction({ chainId: 43112, type: 'eip1559', nonce, to: '0x000000000000000000000000000000000000dEaD', value: 1n, gas: 21_000n, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 1n });
    const r = await post(rpcUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }));
    if (r.error) throw new Error(r.error.message);
  }
  await firn.stop();
  firn = await startFirn(dataDir, await freePort());
  const warmStart = firn.readyMs;

  const indexUrl = firn.url + '/ext/index/C/block';
  const last = await post(indexUrl, '{"jsonrpc":"2.0","id":1,"method":"index.getLastAccepted","params":{}}');
  const count = Number(last.result.index) + 1;
  const range = await timed(100, () => post(indexUrl, '{"jsonrpc":"2.0","id":1,"method":"index.getContainerRange","params":{"startIndex":0,"numToFetch":1024,"encoding":"hex"}}'));
  let i = 0;
  const byIndex = await timed(3000, () => post(indexUrl, `{"jsonrpc":"2.0","id":1,"method":"index.getContainerByIndex","params":{"index":${(i++ * 7919) % count},"encoding":"hex"}}`));
  const health = await timed(3000, async () => (await fetch(firn.url + '/ext/health')).text());
  const info = await timed(3000, () => post(firn.url + '/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}'));
  await firn.stop();

  const anvil = await startAnvil(await freePort());
  const anvilCall = await timed(3000, () => post(anvil.url, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'));
  await anvil.stop();

  const r = { range: summarize(range), byIndex: summarize(byIndex), health: summarize(health), info: summarize(info), anvilCall: summarize(anvilCall) };
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const md = `## Node APIs (\`npm run bench:node\`)

${machine()}; server and client on the same 2 cores; sequential requests over keep-alive HTTP.
C-chain index filled with ${count} blocks (one transfer each). Peer: anvil 1.7.1 (\`@foundry-rs/anvil\`), same run.

| measure | Firn | target | peer (anvil) | Firn / peer |
|---|---|---|---|---|
| cold start to healthy, fresh data dir (median of 3) | ${fmt(median(cold))} | ≤ 3 s | ${fmt(median(anvilCold))} (to first eth_chainId) | ${ratio(median(cold), median(anvilCold))} |
| restart to healthy, ${count} blocks on disk | ${fmt(warmStart)} | — | — | — |
| \`index.getContainerRange\` numToFetch 1024, p50 / p99 | ${fmt(r.range.p50)} / ${fmt(r.range.p99)} | ≤ 50 ms | — | — |
| \`index.getContainerByIndex\` p50 / p99 | ${fmt(r.byIndex.p50)} / ${fmt(r.byIndex.p99)} | ≤ 1 ms p50 | ${fmt(r.anvilCall.p50)} (eth_chainId) | ${ratio(r.byIndex.p50, r.anvilCall.p50)} |
| \`GET /ext/health\` p50 / p99 | ${fmt(r.health.p50)} / ${fmt(r.health.p99)} | ≤ 1 ms p50 | ${fmt(r.anvilCall.p50)} (eth_chainId) | ${ratio(r.health.p50, r.anvilCall.p50)} |
| \`info.getNetworkID\` (dialect floor) p50 / p99 | ${fmt(r.info.p50)} / ${fmt(r.info.p99)} | — | ${fmt(r.anvilCall.p50)} / ${fmt(r.anvilCall.p99)} | ${ratio(r.info.p50, r.anvilCall.p50)} |

Cold-start samples: Firn ${cold.map(fmt).join(', ')}; anvil ${anvilCold.map(fmt).join(', ')}.`;
  writeSection('node', md);
  process.stdout.write(md + '\n');
}

await main();
