/**
 * What serving a backfill costs the devnet node, call by call (the node's share of `bench:indexer`). On the cached
 * bench chain (bench/chain-generator, BENCH_BLOCKS blocks, default 20,000), `firn node` runs in another process with
 * the Node options of `npm run firn`; every workload asks for each block of the chain once, in JSON-RPC batches of
 * 100 blocks with 4 batches in flight (as `firn index` did by default until 2026-11-29), and reads the node's CPU time from /proc.
 * Each workload runs twice; the table shows both rounds.
 *
 * Env: BENCH_BLOCKS, BENCH_NO_WRITE=1 (print only). Writes the `node-serving` section of docs/benchmarks.md.
 */
import { DEFAULT_PARAMS, paramsFromArgs } from './chain-generator/chain-params.js';
import { ensureChain } from './chain-generator/generate-chain.js';
import { cpuSeconds, logIndexBuilt, serveNode } from './chain-generator/processes.js';
import { jsonPoster } from './http-client.js';
import { machine, writeSection } from './results.js';
import { freePort } from '../test/helpers/free-port.js';

const BATCH_BLOCKS = 100;
const IN_FLIGHT = 4;
const ROUNDS = 2;

const log = (line: string) => process.stdout.write(line + '\n');

type Call = (tag: string) => { method: string; params: unknown[] };
type Http = ReturnType<typeof jsonPoster>;

/** The workloads: what each block is asked with, from the batch's bare dispatch to everything an indexer asks. */
const WORKLOADS: { label: string; calls: Call[] }[] = [
  { label: '`eth_chainId` (a call\'s dispatch, no block read)', calls: [() => ({ method: 'eth_chainId', params: [] })] },
  { label: '`eth_getBlockTransactionCountByNumber` (find and decode the block)', calls: [(t) => ({ method: 'eth_getBlockTransactionCountByNumber', params: [t] })] },
  { label: '`eth_getBlockByNumber`, header and tx hashes', calls: [(t) => ({ method: 'eth_getBlockByNumber', params: [t, false] })] },
  { label: '`eth_getBlockByNumber`, full transactions', calls: [(t) => ({ method: 'eth_getBlockByNumber', params: [t, true] })] },
  { label: '`eth_getBlockReceipts`', calls: [(t) => ({ method: 'eth_getBlockReceipts', params: [t] })] },
  {
    label: 'both (what `firn index --internal-transactions=false` asks)',
    calls: [(t) => ({ method: 'eth_getBlockByNumber', params: [t, true] }), (t) => ({ method: 'eth_getBlockReceipts', params: [t] })],
  },
  {
    label: 'both and `debug_traceBlockByNumber` (callTracer; `firn index` defaults)',
    calls: [
      (t) => ({ method: 'eth_getBlockByNumber', params: [t, true] }), (t) => ({ method: 'eth_getBlockReceipts', params: [t] }),
      (t) => ({ method: 'debug_traceBlockByNumber', params: [t, { tracer: 'callTracer' }] }),
    ],
  },
];

/** Asks for blocks [from, to] with `calls` each; returns the node's CPU µs and the reply bytes per block. */
async function serve(http: Http, rpcUrl: string, nodePid: number, from: number, to: number, calls: Call[]): Promise<{ cpuUs: number; bytes: number }> {
  const starts: number[] = [];
  for (let s = from; s <= to; s += BATCH_BLOCKS) starts.push(s);
  let next = 0;
  let bytes = 0;
  const before = cpuSeconds(nodePid)!;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < starts.length) {
      const s = starts[next++]!;
      const batch: unknown[] = [];
      for (let n = s; n < Math.min(s + BATCH_BLOCKS, to + 1); n++) {
        for (const call of calls) batch.push({ jsonrpc: '2.0', id: batch.length, ...call('0x' + n.toString(16)) });
      }
      const reply = await http.postRaw(rpcUrl, JSON.stringify(batch));
      bytes += reply.length;
      const failed = (JSON.parse(reply.toString('utf8')) as { error?: unknown }[]).find((r) => r.error !== undefined);
      if (failed) throw new Error(`the node answered an error: ${JSON.stringify(failed.error)}`);
    }
  }));
  const blocks = to - from + 1;
  return { cpuUs: ((cpuSeconds(nodePid)! - before) * 1e6) / blocks, bytes: bytes / blocks };
}

async function main() {
  const params = paramsFromArgs([], { ...DEFAULT_PARAMS, blocks: Number(process.env.BENCH_BLOCKS ?? 20_000) });
  const chain = await ensureChain(params, log);
  const port = await freePort();
  const { node, url } = await serveNode(chain.dataDir, port, { mining: false });
  const http = jsonPoster(IN_FLIGHT);
  try {
    await logIndexBuilt(url);
    const from = chain.setupBlocks + 1;
    const rows: string[] = [];
    for (const w of WORKLOADS) {
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) rounds.push(await serve(http, `${url}/ext/bc/C/rpc`, node.pid, from, chain.head, w.calls));
      log(`${w.label}: ${rounds.map((r) => `${r.cpuUs.toFixed(0)} µs`).join(', ')} of node CPU per block, ${(rounds[0]!.bytes / 1024).toFixed(1)} KiB per block`);
      rows.push(`| ${w.label} | ${rounds.map((r) => r.cpuUs.toFixed(0)).join(' / ')} | ${(rounds[0]!.bytes / 1024).toFixed(1)} KiB |`);
    }
    const md = `## Devnet node: serving a backfill, call by call (\`npm run bench:node-serving\`)

${machine()}. Chain: blocks ${from.toLocaleString('en')}–${chain.head.toLocaleString('en')} of the bench chain
(${chain.params.txsPerBlock} transactions a block, ${Math.round(chain.params.erc20Share * 100)} % of them ERC-20 transfers), served by \`firn node\` with the Node options of
\`npm run firn\`. Each block is asked for once per round, in JSON-RPC batches of ${BATCH_BLOCKS} blocks with ${IN_FLIGHT} batches in flight
(\`firn index\`'s defaults until 2026-11-29; it now keeps 8 in flight); the node's CPU (user + system, from /proc) is divided by the blocks. This is the node's share of
\`bench:indexer\`'s backfills, without the indexer and PostgreSQL competing for the cores.

| each block asked with | node CPU per block, µs (round 1 / 2) | reply per block |
|---|---|---|
${rows.join('\n')}`;
    if (process.env.BENCH_NO_WRITE === '1') log('BENCH_NO_WRITE: docs/benchmarks.md left as it is');
    else writeSection('node-serving', md);
    log(md);
  } finally {
    http.close();
    await node.stop();
  }
}

await main();
