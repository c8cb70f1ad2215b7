/**
 * X-chain benchmark (issue 4, "Performance"): BaseTx issued through avm.issueTx over keep-alive HTTP and
 * accepted (issueTx answers once the tx's block is durable). The node runs in a child process (the X-chain
 * VM behind a real HTTP server, LevelDB on disk, X/tx index on); this process only sends. Every tx is signed
 * before the clock starts: ewoq's genesis UTXO is fanned out to N UTXOs first, then N independent
 * one-input BaseTxs are pre-signed and issued with BENCH_CONCURRENCY requests in flight.
 *
 * BENCH_TXS (default 5000), BENCH_CONCURRENCY (default 64). Writes the `x-chain` section of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import secp256k1 from 'secp256k1';
import { encodeHexWithChecksum } from '../src/codec/container/checksum-hex.js';
import { LinearWriter } from '../src/codec/linear/writer.js';
import { compareBytes } from '../src/lib/bytes.js';
import { cb58Encode } from '../src/lib/cb58.js';
import { sha256 } from '../src/lib/hash.js';
import { hexToBytes } from '../src/lib/hex.js';
import { startStandaloneXNode } from '../src/node/chains/avm/standalone-x-node.js';
import { buildLocalGenesis, type NetworkGenesis } from '../src/node/genesis/index.js';
import { openLevelStore } from '../src/node/storage/kv.js';
import { jsonPoster } from './http-client.js';
import { machine, writeSection } from './results.js';

const N = Number(process.env.BENCH_TXS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const FEE = 1_000_000n;
const FANOUT = 2000;
const AMOUNT = 10_000_000n;

/** Child: the X-chain node; prints its URL, runs until killed. */
async function runNode(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'firn-xbench-'));
  const db = await openLevelStore(join(dir, 'db'));
  const node = await startStandaloneXNode(db, buildLocalGenesis());
  process.stdout.write(`URL ${node.url}\n`);
  process.on('SIGTERM', () => {
    void node.close().then(() => db.close()).finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

// ── a minimal keep-alive JSON-RPC client ──

let rpcId = 0;

const http = jsonPoster(CONCURRENCY);
const post = http.post;

async function rpc(url: string, method: string, params: unknown): Promise<any> {
  const r = await post(url, JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }));
  if (r.error) throw new Error(`${method}: ${r.error.message}`);
  return r.result;
}

// ── tx building (the avm BaseTx layout, signed with the native secp256k1 binding) ──

interface Spend { txId: Uint8Array; index: number; amount: bigint }

function output(amount: bigint, to: Uint8Array, asset: Uint8Array): Uint8Array {
  return new LinearWriter(80).fixed(asset, 32).u32(7).u64(amount).u64(0n).u32(1).u32(1).fixed(to, 20).finish();
}

function baseTx(g: NetworkGenesis, key: Uint8Array, from: Spend, outs: Uint8Array[]): { id: Uint8Array; bytes: Uint8Array } {
  const w = new LinearWriter(128 + outs.length * 80);
  w.u16(0).u32(0).u32(g.networkId).fixed(g.xChainId.id, 32);
  w.u32(outs.length);
  for (const o of [...outs].sort(compareBytes)) w.raw(o);
  w.u32(1).fixed(from.txId, 32).u32(from.index).fixed(g.avaxAssetId.id, 32).u32(5).u64(from.amount).u32(1).u32(0);
  w.u32(0); // memo
  const unsigned = w.finish();
  const { signature, recid } = secp256k1.ecdsaSign(sha256(unsigned), key);
  const signed = new LinearWriter(unsigned.length + 80).raw(unsigned).u32(1).u32(9).u32(1).raw(signature).u8(recid).finish();
  return { id: sha256(signed), bytes: signed };
}

/** Index of `bytes` among the tx's sorted outputs. */
function indexOf(outs: Uint8Array[], target: Uint8Array): number {
  return [...outs].sort(compareBytes).findIndex((o) => compareBytes(o, target) === 0);
}

async function runBench(): Promise<void> {
  const g = buildLocalGenesis();
  const key = hexToBytes(g.ewoq.privateKeyHex);
  const ewoq = g.ewoq.shortId;
  const sink = sha256(Uint8Array.of(42)).subarray(0, 20);
  const child = spawn(process.execPath, [...(process.env.X_BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.X_BENCH_PROF] : []), '--import', 'tsx', import.meta.filename], { env: { ...process.env, X_BENCH_CHILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /URL (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
  const url = `${base}/ext/bc/X`;
  try {
    // Fan ewoq's genesis UTXO out to N UTXOs of AMOUNT, FANOUT per tx, chaining through the change.
    let change: Spend = { txId: g.avaxAssetId.id, index: 0, amount: g.ewoq.xBalance };
    const utxos: Spend[] = [];
    while (utxos.length < N) {
      const n = Math.min(FANOUT, N - utxos.length);
      const one = output(AMOUNT, ewoq, g.avaxAssetId.id);
      const rest = change.amount - AMOUNT * BigInt(n) - FEE;
      const changeOut = output(rest, ewoq, g.avaxAssetId.id);
      const outs = [...Array<Uint8Array>(n).fill(one), changeOut];
      const tx = baseTx(g, key, change, outs);
      await rpc(url, 'avm.issueTx', { tx: encodeHexWithChecksum(tx.bytes) });
      const first = indexOf(outs, one);
      for (let i = 0; i < n; i++) utxos.push({ txId: tx.id, index: first + i, amount: AMOUNT });
      change = { txId: tx.id, index: indexOf(outs, changeOut), amount: rest };
    }

    const signedAt = performance.now();
    const bodies = utxos.map((u) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'avm.issueTx', params: { tx: encodeHexWithChecksum(baseTx(g, key, u, [output(AMOUNT - FEE, sink, g.avaxAssetId.id)]).bytes) } }));
    const signMs = performance.now() - signedAt;
    const h0 = BigInt((await rpc(url, 'avm.getHeight', {})).height);

    let next = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const r = await post(url, bodies[next++]!);
        if (r.error) failed++;
      }
    }));
    const ms = performance.now() - started;
    const h1 = BigInt((await rpc(url, 'avm.getHeight', {})).height);
    // A cb58 ShortID is an address avm.getBalance accepts.
    const sinkBalance = BigInt((await rpc(url, 'avm.getBalance', { address: cb58Encode(sink), assetID: 'AVAX' })).balance);
    if (failed > 0 || sinkBalance !== BigInt(N) * (AMOUNT - FEE)) throw new Error(`${failed} txs failed; sink balance ${sinkBalance}`);
    const tps = (N / ms) * 1000;
    const blocks = Number(h1 - h0);
    const md = [
      '## X-chain: BaseTx issued and accepted through avm.issueTx',
      '',
      `${machine()}. ${N} pre-signed one-input BaseTxs (signed in ${(signMs / 1000).toFixed(1)} s before timing), ${CONCURRENCY} requests in flight over keep-alive HTTP to a node in another process (LevelDB, X/tx index on). A request returns once its tx's block is accepted and durable; txs that arrive while a block is written go into the next block.`,
      '',
      '| metric | value |',
      '|---|---|',
      `| txs accepted | ${N} |`,
      `| wall time | ${(ms / 1000).toFixed(2)} s |`,
      `| **throughput** | **${tps.toFixed(0)} tx/s** (target ≥ 1,000) |`,
      `| blocks | ${blocks} (${(N / blocks).toFixed(1)} txs/block) |`,
      `| mean latency | ${((ms * CONCURRENCY) / N).toFixed(1)} ms |`,
    ].join('\n');
    process.stdout.write(md + '\n');
    writeSection('x-chain', md);
  } finally {
    child.kill('SIGTERM');
    http.close();
  }
}

if (process.env.X_BENCH_CHILD === '1') {
  await runNode();
} else {
  await runBench();
}
