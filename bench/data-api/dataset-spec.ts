import { idFromString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';

/**
 * What the Data API benchmark's dataset holds: a mainnet-shaped network (name `mainnet`, hrp `avax`, the
 * real P-, X- and C-chain ids) with `evmTxs` C-chain transactions and about `primaryTxs` primary-network
 * transactions. Everything else follows from these numbers and the seed, so a stored dataset can be
 * recognised by its checkpoint alone.
 */
export interface DatasetSpec {
  /**
   * Bump when the generator or the store's writers change what is written (5: UTXO owners packed with each UTXO): a
   * stored dataset of another version is rebuilt, so the benchmark reads what the current writers write.
   */
  version: number;
  evmTxs: number;
  /** P-chain and X-chain txs other than rewards, plus C-chain atomic txs (rewards come on top). */
  primaryTxs: number;
  seed: number;
}

export const DATASET_VERSION = 5;

export function datasetSpec(env: NodeJS.ProcessEnv = process.env): DatasetSpec {
  return {
    version: DATASET_VERSION,
    evmTxs: Number(env.BENCH_EVM_TXS ?? 1_000_000),
    primaryTxs: Number(env.BENCH_PRIMARY_TXS ?? 100_000),
    seed: Number(env.BENCH_SEED ?? 20_240_601),
  };
}

export function datasetId(spec: DatasetSpec): string {
  return `firn-data-api-v${spec.version}-evm${spec.evmTxs}-primary${spec.primaryTxs}-seed${spec.seed}`;
}

/** The chain ends here (unix seconds, 2025-06-01T00:00:00Z); the API's clock starts at this instant. */
export const DATASET_NOW = 1_748_736_000;
/** The primary network's history: two years before DATASET_NOW. */
export const PRIMARY_SPAN_SECONDS = 730 * 86_400;

/** C-chain blocks: 8 transactions per block on average, one block every 2 seconds, ending a minute before DATASET_NOW. */
export const EVM_TXS_PER_BLOCK = 8;
export const EVM_BLOCK_SECONDS = 2;

export function evmBlockCount(spec: DatasetSpec): number {
  return Math.ceil(spec.evmTxs / EVM_TXS_PER_BLOCK);
}

export function evmStartTime(spec: DatasetSpec): number {
  return DATASET_NOW - 60 - evmBlockCount(spec) * EVM_BLOCK_SECONDS;
}

export function evmBlockTime(spec: DatasetSpec, n: number): number {
  return evmStartTime(spec) + n * EVM_BLOCK_SECONDS;
}

/** The C-chain block at (or right after) unix time `t`. */
export function evmBlockAt(spec: DatasetSpec, t: number): number {
  return Math.max(0, Math.ceil((t - evmStartTime(spec)) / EVM_BLOCK_SECONDS));
}

/** Block hashes are derived, so the expected checkpoint is known before (and without) building. */
export function derivedHash(spec: DatasetSpec, kind: string, n: number): Uint8Array {
  return sha256(new TextEncoder().encode(`${datasetId(spec)}/${kind}/${n}`));
}

export const NETWORK = {
  name: 'mainnet',
  networkId: 1,
  hrp: 'avax',
  isTestnet: false,
  avaxAssetId: idFromString('FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'),
};

export const P_CHAIN_ID = new Uint8Array(32);
export const X_CHAIN_ID = idFromString('2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM');
export const C_CHAIN_ID = idFromString('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5');
export const PRIMARY_SUBNET_ID = new Uint8Array(32);
export const C_CHAIN_EVM_ID = 43114n;

/** The checkpoint stream every block stream writes (the Data API's chain status reads it). */
export const BLOCKS_STREAM = 'blocks';
