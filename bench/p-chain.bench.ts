/**
 * P-chain benchmark (issue 4, "Performance"): BaseTx issued through platform.issueTx over keep-alive HTTP and
 * accepted (issueTx answers once the tx's block is durable). The node runs in a child process (the P-chain VM
 * behind a real HTTP server, LevelDB on disk); this process only sends. Every tx is signed before the clock
 * starts: ewoq's unlocked genesis UTXO is fanned out to N UTXOs first, then N independent one-input BaseTxs are
 * pre-signed and issued with BENCH_CONCURRENCY requests in flight. Each pays a fixed fee well above the dynamic
 * fee at the devnet's gas price (the surplus is burned, as AvalancheGo allows).
 *
 * BENCH_TXS (default 5000), BENCH_CONCURRENCY (default 64), P_BENCH_PROF=<dir> runs the node with --cpu-prof.
 * Writes the `p-chain` section of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import secp256k1 from 'secp256k1';
import { encodeHexWithChecksum } from '../src/codec/container/checksum-hex.js';
import { LinearWriter } from '../src/codec/linear/writer.js';
import { formatAddress } from '../src/lib/bech32-address.js';
import { compareBytes } from '../src/lib/bytes.js';
import { cb58Encode } from '../src/lib/cb58.js';
import { sha256 } from '../src/lib/hash.js';
import { hexToBytes } from '../src/lib/hex.js';
import { startPlatformHarness } from '../src/node/chains/platform/testing.js';
import { buildLocalGenesis, type NetworkGenesis } from '../src/node/genesis/index.js';
import { jsonPoster } from './http-client.js';
import { machine, writeSection } from './results.js';

const N = Number(process.env.BENCH_TXS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
/** Far above a one-input, one-output BaseTx's dynamic fee at the devnet's floor price (~4,000 nAVAX). */
const FEE = 1_000_000n;
/** Pays for a fan-out tx's FANOUT outputs (~1,100 gas each). */
const FANOUT_FEE = 100_000_000n;
/** Outputs per fan-out tx: ~80 KB, well inside a 256 KiB block. */
const FANOUT = 1000;
const AMOUNT = 10_000_000n;
const BASE_TX_TYPE = 34;
const START_OFFSET = 3600n;

const nowSeconds = (): bigint => BigInt(Math.floor(Date.now() / 1000));
/** Parent and child build the same genesis: the same start time, passed down. */
const genesisOf = (startTime: bigint): NetworkGenesis => buildLocalGenesis({ startTime });

/** Child: the P-chain node; prints its URL, runs until killed. */
async function runNode(startTime: bigint): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'firn-pbench-'));
  const node = await startPlatformHarness({ genesis: genesisOf(startTime), dataDir: join(dir, 'db'), now: nowSeconds });
  process.stdout.write(`URL ${node.url}\n`);
  process.on('SIGTERM', () => {
    void node.close().finally(() => {
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

// ── tx building (the platformvm BaseTx layout, signed with the native secp256k1 binding) ──

interface Spend { txId: Uint8Array; index: number; amount: bigint }

function output(amount: bigint, to: Uint8Array, asset: Uint8Array): Uint8Array {
  return new LinearWriter(80).fixed(asset, 32).u32(7).u64(amount).u64(0n).u32(1).u32(1).fixed(to, 20).finish();
}

function baseTx(g: NetworkGenesis, key: Uint8Array, from: Spend, outs: Uint8Array[]): { id: Uint8Array; bytes: Uint8Array } {
  const w = new LinearWriter(128 + outs.length * 80);
  w.u16(0).u32(BASE_TX_TYPE).u32(g.networkId).fixed(g.pChainId.id, 32);
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

/** ewoq's unlocked genesis UTXO (a TransferOutput, type 7), read from platform.getUTXOs' hex. */
async function genesisSpend(url: string, g: NetworkGenesis): Promise<Spend> {
  const { utxos } = await rpc(url, 'platform.getUTXOs', { addresses: [formatAddress('P', g.hrp, g.ewoq.shortId)], encoding: 'hex' });
  for (const hex of utxos as string[]) {
    const b = hexToBytes(hex).subarray(0, -4);
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    if (v.getUint32(2 + 32 + 4 + 32) !== 7) continue; // stakeable-locked
    return { txId: b.slice(2, 34), index: v.getUint32(34), amount: v.getBigUint64(2 + 32 + 4 + 32 + 4) };
  }
  throw new Error('ewoq has no unlocked P-chain UTXO');
}

async function runBench(): Promise<void> {
  const startTime = nowSeconds() - START_OFFSET;
  const g = genesisOf(startTime);
  const key = hexToBytes(g.ewoq.privateKeyHex);
  const ewoq = g.ewoq.shortId;
  const sink = sha256(Uint8Array.of(43)).subarray(0, 20);
  const prof = process.env.P_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.P_BENCH_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', import.meta.filename], {
    env: { ...process.env, P_BENCH_CHILD: String(startTime) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /URL (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
  const url = `${base}/ext/bc/P`;
  try {
    // Fan ewoq's genesis UTXO out to N UTXOs of AMOUNT, FANOUT per tx, chaining through the change.
    let change = await genesisSpend(url, g);
    const utxos: Spend[] = [];
    while (utxos.length < N) {
      const n = Math.min(FANOUT, N - utxos.length);
      const one = output(AMOUNT, ewoq, g.avaxAssetId.id);
      const rest = change.amount - AMOUNT * BigInt(n) - FANOUT_FEE;
      const changeOut = output(rest, ewoq, g.avaxAssetId.id);
      const outs = [...Array<Uint8Array>(n).fill(one), changeOut];
      const tx = baseTx(g, key, change, outs);
      await rpc(url, 'platform.issueTx', { tx: encodeHexWithChecksum(tx.bytes) });
      const first = indexOf(outs, one);
      for (let i = 0; i < n; i++) utxos.push({ txId: tx.id, index: first + i, amount: AMOUNT });
      change = { txId: tx.id, index: indexOf(outs, changeOut), amount: rest };
    }

    const signedAt = performance.now();
    const bodies = utxos.map((u) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.issueTx', params: { tx: encodeHexWithChecksum(baseTx(g, key, u, [output(AMOUNT - FEE, sink, g.avaxAssetId.id)]).bytes) } }));
    const signMs = performance.now() - signedAt;
    const h0 = BigInt((await rpc(url, 'platform.getHeight', {})).height);

    let next = 0;
    const failures: string[] = [];
    const load0 = loadavg()[0]!;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const r = await post(url, bodies[next++]!);
        if (r.error) failures.push(r.error.message);
      }
    }));
    const ms = performance.now() - started;
    const load1 = loadavg()[0]!;
    const h1 = BigInt((await rpc(url, 'platform.getHeight', {})).height);
    const sinkBalance = BigInt((await rpc(url, 'platform.getBalance', { addresses: [formatAddress('P', g.hrp, sink)] })).balance);
    if (failures.length > 0 || sinkBalance !== BigInt(N) * (AMOUNT - FEE)) {
      throw new Error(`${failures.length} txs failed (first: ${failures[0]}); sink ${cb58Encode(sink)} balance ${sinkBalance}`);
    }
    const tps = (N / ms) * 1000;
    const blocks = Number(h1 - h0);
    const md = [
      '## P-chain: BaseTx issued and accepted through platform.issueTx',
      '',
      `${machine()}. ${N} pre-signed one-input BaseTxs (signed in ${(signMs / 1000).toFixed(1)} s before timing), ${CONCURRENCY} requests in flight over keep-alive HTTP to a node in another process (LevelDB; Banff standard blocks wrapped in signed proposervm blocks). A request returns once its tx's block is accepted and durable; txs that arrive while a block is written go into the next block. 1-minute load average ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end${load1 > 1.5 ? ' (other work shared the machine)' : ''}.`,
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
    if (!process.env.P_BENCH_NO_WRITE) writeSection('p-chain', md);
  } finally {
    child.kill('SIGTERM');
    http.close();
  }
}

if (process.env.P_BENCH_CHILD) {
  await runNode(BigInt(process.env.P_BENCH_CHILD));
} else {
  await runBench();
}
