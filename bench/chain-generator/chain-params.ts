import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** What the generated chain looks like; the cache is keyed by all of it. */
export interface ChainParams {
  /** Blocks after the setup blocks (token deploy, sender funding), each with `txsPerBlock` transactions. */
  blocks: number;
  txsPerBlock: number;
  /** Accounts sending the workload, funded from the dev accounts in the setup blocks. */
  senders: number;
  /** Addresses receiving it (ETH and tokens), picked at random. */
  recipients: number;
  /** Share of ERC-20 `transfer` calls; the rest are plain AVAX transfers. */
  erc20Share: number;
  /** Block spacing in whole seconds of chain time, uniform in [min, max]. */
  minBlockSeconds: number;
  maxBlockSeconds: number;
  /** Unix seconds of block 1. */
  startTime: number;
  seed: number;
}

/** Changes whenever the generator would build a different chain from the same parameters (2: the node stores the callTracer results it records while building; 3: its stored receipts keep their tx hashes). */
export const GENERATOR_VERSION = 3;

export const DEFAULT_PARAMS: ChainParams = {
  blocks: 100_000,
  txsPerBlock: 10,
  senders: 200,
  recipients: 5_000,
  erc20Share: 0.5,
  minBlockSeconds: 2,
  maxBlockSeconds: 4,
  startTime: Date.UTC(2026, 0, 1) / 1000,
  seed: 1,
};

export const CACHE_ROOT = resolve(import.meta.dirname, '../.cache');

export function cacheKey(params: ChainParams): string {
  const digest = createHash('sha256').update(JSON.stringify({ v: GENERATOR_VERSION, ...params })).digest('hex').slice(0, 12);
  return `c-chain-${params.blocks}x${params.txsPerBlock}-${digest}`;
}

/** Parameters from `--name=value` flags over the defaults (e.g. `--blocks=5000`). */
export function paramsFromArgs(args: readonly string[], base: ChainParams = DEFAULT_PARAMS): ChainParams {
  const out: ChainParams = { ...base };
  for (const arg of args) {
    const m = /^--([a-zA-Z-]+)=(.+)$/.exec(arg);
    if (!m) continue;
    const key = m[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof ChainParams;
    if (!(key in out)) continue;
    const value = Number(m[2]);
    if (!Number.isFinite(value)) throw new Error(`--${m[1]} needs a number`);
    out[key] = value;
  }
  return out;
}
