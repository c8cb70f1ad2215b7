/**
 * Builds a devnet C-chain for the indexer benchmark by driving the EVM of an in-process devnet node
 * (manual mining): setup blocks deploy BenchToken and fund the senders, then every block carries
 * `txsPerBlock` transactions, a mix of AVAX transfers and ERC-20 `transfer` calls from the senders to a
 * pool of recipients, with block times a few seconds apart. Transactions are signed with native
 * secp256k1/keccak. The node's data dir is cached under bench/.cache/<key>/node, keyed by the parameters;
 * an interrupted run resumes from the chain's head.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNodeConfig } from '../../src/config/node-config.js';
import { startDevnetNode, type RunningNode } from '../../src/node/runtime/devnet-node.js';
import { compileBenchToken, deployData, transferData } from './bench-token.js';
import { CACHE_ROOT, cacheKey, type ChainParams } from './chain-params.js';
import { addressOf, createdAddress, keccakLabel, keyFromLabel, signEip1559 } from './eip1559-signer.js';

/** A generated chain on disk (bench/.cache/<key>/chain.json). */
export interface CachedChain {
  key: string;
  params: ChainParams;
  /** Serve it with `firn node --data-dir=<dataDir>` (default node options). */
  dataDir: string;
  /** Last block; blocks 1..setupBlocks deploy the token and fund the senders. */
  head: number;
  setupBlocks: number;
  transactions: number;
  ethTransfers: number;
  /** ERC-20 Transfer events on the token: the mint, the senders' funding and the workload's transfers. */
  erc20Transfers: number;
  token: string;
  tokenBlock: number;
  firstTimestamp: number;
  lastTimestamp: number;
  generationSeconds: number;
  generatedAt: string;
}

/** Written once the setup blocks are in, and refreshed while generating (resume after an interruption). */
interface Progress {
  setupBlocks: number;
  token: string;
  tokenBlock: number;
  setupTransactions: number;
  setupErc20Transfers: number;
  firstTimestamp: number;
  /** Workload transfers counted up to block `head` (a resumed run counts blocks after it from the chain). */
  head: number;
  eth: number;
  erc20: number;
  /** Seconds spent generating before this run. */
  seconds: number;
}

const GWEI = 10n ** 9n;
const FEES = { maxFeePerGas: 1000n * GWEI, maxPriorityFeePerGas: 1n };
const SENDER_AVAX = 100n * 10n ** 18n;
const SENDER_TOKENS = 10n ** 24n;
const TOKEN_SUPPLY = 10n ** 30n;
const ERC20_GAS = 80_000n;

interface Account {
  key: Uint8Array;
  address: Uint8Array;
  nonce: number;
}

/** mulberry32: a small seeded PRNG, so a parameter set always describes the same kind of chain. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (b: Uint8Array) => '0x' + Buffer.from(b).toString('hex');

export function chainDir(params: ChainParams): string {
  return join(CACHE_ROOT, cacheKey(params));
}

/** The cached chain for these parameters, generating it first when absent. */
export async function ensureChain(params: ChainParams, log: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<CachedChain> {
  const dir = chainDir(params);
  const done = join(dir, 'chain.json');
  if (existsSync(done)) {
    const chain = JSON.parse(readFileSync(done, 'utf8')) as CachedChain;
    log(`chain cache hit: ${dir} (${chain.head} blocks, ${chain.transactions} txs, generated in ${chain.generationSeconds.toFixed(0)} s)`);
    return chain;
  }
  const chain = await generate(params, dir, log);
  writeFileSync(done, JSON.stringify(chain, null, 2));
  return chain;
}

async function startNode(dataDir: string): Promise<RunningNode> {
  const { config } = loadNodeConfig([`--data-dir=${dataDir}`, '--no-mining', '--http-port=0', '--log-level=warn', '--log-display-level=error'], {});
  const node = await startDevnetNode(config);
  if (!node) throw new Error(`the devnet node in ${dataDir} did not start (see ${dataDir}/logs)`);
  return node;
}

async function generate(params: ChainParams, dir: string, log: (line: string) => void): Promise<CachedChain> {
  const started = performance.now();
  const dataDir = join(dir, 'node');
  const progressFile = join(dir, 'progress.json');
  let progress: Progress | undefined = existsSync(progressFile) ? (JSON.parse(readFileSync(progressFile, 'utf8')) as Progress) : undefined;
  if (!progress) rmSync(dir, { recursive: true, force: true }); // an interrupted setup starts over
  mkdirSync(dir, { recursive: true });
  log(`${progress ? 'resuming' : 'generating'} chain ${cacheKey(params)}: ${params.blocks} blocks × ${params.txsPerBlock} txs, ${params.senders} senders, ${params.recipients} recipients`);

  const node = await startNode(dataDir);
  const evm = node.cChain.evm;
  const rand = prng(params.seed + Number(evm.headNumber));
  const nextTime = (prev: number) => prev + params.minBlockSeconds + Math.floor(rand() * (params.maxBlockSeconds - params.minBlockSeconds + 1));
  const sign = (from: Account, fields: { to?: Uint8Array; value: bigint; data: Uint8Array; gasLimit: bigint }) =>
    signEip1559({ chainId: evm.chainId, nonce: from.nonce++, ...FEES, ...fields }, from.key);

  const senders: Account[] = [];
  for (let i = 0; i < params.senders; i++) {
    const key = keyFromLabel(`firn-bench/sender/${i}`);
    senders.push({ key, address: addressOf(key), nonce: Number(await evm.getNonce(addressOf(key))) });
  }
  const recipients: Uint8Array[] = [];
  for (let i = 0; i < params.recipients; i++) recipients.push(keccakLabel(`firn-bench/recipient/${i}`).slice(12));

  let lastTime = Number(evm.headBlock.block.header.timestamp);
  /** Sends `txs` and mines them into one block at the next block time; checks none was dropped. */
  const mineBlock = async (txs: Uint8Array[]) => {
    for (const raw of txs) await evm.sendRawTransaction(raw);
    lastTime = evm.headNumber === 0n ? params.startTime : nextTime(lastTime);
    evm.clock.setNextBlockTimestamp(BigInt(lastTime));
    const [block] = await evm.mine(1);
    const got = block?.block.txs.length ?? 0;
    if (got !== txs.length) throw new Error(`block ${block?.block.header.number} holds ${got} of ${txs.length} transactions (see ${dataDir}/logs)`);
  };

  try {
    if (!progress) {
      const devs: Account[] = node.genesis.devAccounts.map((a) => {
        const key = Buffer.from(a.privateKey.slice(2), 'hex');
        return { key, address: addressOf(key), nonce: 0 };
      });
      const owner = devs[0]!;
      const setup: Uint8Array[] = [];
      const token = createdAddress(owner.address, owner.nonce);
      setup.push(sign(owner, { value: 0n, data: deployData(compileBenchToken(), TOKEN_SUPPLY), gasLimit: 2_000_000n }));
      senders.forEach((s, i) => {
        setup.push(sign(devs[i % devs.length]!, { to: s.address, value: SENDER_AVAX, data: new Uint8Array(0), gasLimit: 21_000n }));
        setup.push(sign(owner, { to: token, value: 0n, data: transferData(s.address, SENDER_TOKENS), gasLimit: ERC20_GAS }));
      });
      for (let i = 0; i < setup.length; i += params.txsPerBlock) await mineBlock(setup.slice(i, i + params.txsPerBlock));
      progress = {
        setupBlocks: Number(evm.headNumber), token: hex(token), tokenBlock: 1, setupTransactions: setup.length,
        setupErc20Transfers: 1 + senders.length, firstTimestamp: params.startTime, head: Number(evm.headNumber), eth: 0, erc20: 0, seconds: 0,
      };
      writeFileSync(progressFile, JSON.stringify(progress));
    }

    const token = Buffer.from(progress.token.slice(2), 'hex');
    const target = progress.setupBlocks + params.blocks;
    const runStart = performance.now();
    const fromHead = Number(evm.headNumber);
    const gap = await countWorkload(node, progress.head + 1, fromHead, token);
    let eth = progress.eth + gap.eth;
    let erc20 = progress.erc20 + gap.erc20;
    let reported = runStart;
    let cursor = 0;
    for (let n = fromHead + 1; n <= target; n++) {
      const txs: Uint8Array[] = new Array(params.txsPerBlock);
      for (let k = 0; k < params.txsPerBlock; k++) {
        const from = senders[cursor++ % senders.length]!;
        const to = recipients[Math.floor(rand() * recipients.length)]!;
        const isErc20 = rand() < params.erc20Share;
        if (isErc20) erc20++;
        else eth++;
        txs[k] = isErc20
          ? sign(from, { to: token, value: 0n, data: transferData(to, 1n + BigInt(Math.floor(rand() * 1e12))), gasLimit: ERC20_GAS })
          : sign(from, { to, value: 1n + BigInt(Math.floor(rand() * 1e12)), data: new Uint8Array(0), gasLimit: 21_000n });
      }
      await mineBlock(txs);
      const now = performance.now();
      if (now - reported > 10_000 || n === target) {
        reported = now;
        const done = n - fromHead;
        const rate = (done * 1000) / (now - runStart);
        writeFileSync(progressFile, JSON.stringify({ ...progress, head: n, eth, erc20, seconds: progress.seconds + (now - started) / 1000 }));
        log(`  block ${n}/${target}: ${rate.toFixed(0)} blocks/s, ${(rate * params.txsPerBlock).toFixed(0)} tx/s, ETA ${((target - n) / rate).toFixed(0)} s`);
      }
    }
    const generationSeconds = progress.seconds + (performance.now() - started) / 1000;
    const chain: CachedChain = {
      key: cacheKey(params), params, dataDir, head: target, setupBlocks: progress.setupBlocks,
      transactions: progress.setupTransactions + eth + erc20, ethTransfers: eth,
      erc20Transfers: progress.setupErc20Transfers + erc20, token: progress.token, tokenBlock: progress.tokenBlock,
      firstTimestamp: progress.firstTimestamp, lastTimestamp: lastTime, generationSeconds, generatedAt: new Date().toISOString(),
    };
    log(`generated ${chain.head} blocks, ${chain.transactions} txs (${chain.erc20Transfers} ERC-20 transfers) in ${generationSeconds.toFixed(0)} s`);
    return chain;
  } finally {
    await node.stop();
  }
}

/** AVAX and ERC-20 transfers in blocks from..to (each workload tx is one or the other): the blocks an interrupted run built after its last progress note. */
async function countWorkload(node: RunningNode, from: number, to: number, token: Uint8Array): Promise<{ eth: number; erc20: number }> {
  const evm = node.cChain.evm;
  const tokenHex = hex(token);
  let eth = 0;
  let erc20 = 0;
  for (let n = from; n <= to; n++) {
    const block = await evm.getBlockByNumber(BigInt(n));
    if (!block) throw new Error(`block ${n} is missing`);
    for (const tx of evm.blockTransactions(block)) {
      if (tx.to && hex(tx.to.bytes) === tokenHex) erc20++;
      else eth++;
    }
  }
  return { eth, erc20 };
}
