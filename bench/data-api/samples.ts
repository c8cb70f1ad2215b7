import type { Queryable } from '../../src/store/database/database.js';
import type { DatasetChains } from './build-dataset.js';
import { KeyRing } from './keys.js';
import type { DatasetSpec } from './dataset-spec.js';

/** The ids the lookup rows ask for, by kind. */
export interface LookupIds {
  evmTxHashes: Uint8Array[];
  evmBlockNumbers: bigint[];
  evmBlockHashes: Uint8Array[];
  contracts: Uint8Array[];
  nfts: { contract: Uint8Array; tokenId: bigint }[];
  pTxIds: Uint8Array[];
  xTxIds: Uint8Array[];
  cTxIds: Uint8Array[];
  pBlockIds: Uint8Array[];
  xBlockHeights: bigint[];
  subnetIds: Uint8Array[];
}

/** Things to ask the API about, drawn from the stored dataset (so a reused dataset needs no generator run). */
export interface Samples extends LookupIds {
  evmLastBlock: bigint;
  l1SubnetId?: Uint8Array;
  /** The account in the most P-/X-chain txs (an exchange wallet), and its C-chain address. */
  hotAddress: Uint8Array;
  hotEvmAddress: Uint8Array;
  /** Nodes with the most validations, and the one with the most delegators. */
  busyNodeIds: Uint8Array[];
  popularNodeId: Uint8Array;
  /** A reward address with many delegations. */
  rewardAddress: Uint8Array;
  /** Time range of the P-chain's txs (unix seconds). */
  pFirstTime: bigint;
  pLastTime: bigint;
  counts: Record<string, number>;
  /**
   * Other ids of the same kinds, none of them in the lists above, so a row's own ids are still first-time when the
   * row starts: the server builds answers for them before the rows.
   */
  firstTime: LookupIds;
}

/**
 * How many first-time ids of each kind (fewer when the dataset has fewer outside the sample). Enough for a lookup's
 * code to reach the CPU of a process that has served for long: a fresh process (response cache off, PostgreSQL's
 * buffers warm) spent 760, 355, 285, 260, 225 and 220 µs a request on six rounds of 2,000 first-time P-chain txs by
 * id (2026-12-01).
 */
const FIRST_TIME = 10_000;

/**
 * How many ids a lookup row's sample holds at most (its requests go round them; the row's warm-up asks for half of
 * them, so the other half are first-time answers among its first measured requests).
 */
export const SAMPLE_SIZE = 2_000;

/**
 * The samples the mixed workload draws its lookups from: each lookup sample's first fifth. Samples are taken in a fixed
 * order, so that is the sample the rows rotated over while a row was 5,000 requests over 400 ids, except for the EVM
 * block numbers (spread over the chain by a formula of the sample's size: a fifth of them are as spread). Longer rows
 * need more ids to keep their share of first-time answers; the mix keeps the workload it had.
 */
export function mixSamples(samples: Samples): Samples {
  const fifth = <T>(list: T[]): T[] => list.slice(0, Math.max(1, Math.floor(list.length / 5)));
  return {
    ...samples,
    evmTxHashes: fifth(samples.evmTxHashes), evmBlockNumbers: fifth(samples.evmBlockNumbers), evmBlockHashes: fifth(samples.evmBlockHashes),
    contracts: fifth(samples.contracts), nfts: fifth(samples.nfts), pTxIds: fifth(samples.pTxIds), xTxIds: fifth(samples.xTxIds),
    cTxIds: fifth(samples.cTxIds), pBlockIds: fifth(samples.pBlockIds), xBlockHeights: fifth(samples.xBlockHeights), subnetIds: fifth(samples.subnetIds),
  };
}

async function column<T>(db: Queryable, sql: string, params: unknown[], pick: (r: Record<string, unknown>) => T): Promise<T[]> {
  const { rows } = await db.query(sql, params);
  return rows.map(pick);
}

const bytes = (v: unknown) => new Uint8Array(v as Uint8Array);

export async function loadSamples(db: Queryable, spec: DatasetSpec, chains: DatasetChains): Promise<Samples> {
  const { P, X, C } = chains;
  const sample = (table: string, col: string, where: string, n = SAMPLE_SIZE) =>
    column(db, `SELECT ${col} AS v FROM ${table} WHERE ${where} ORDER BY md5(${col}::text) LIMIT ${n}`, [], (r) => r.v);
  const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
  const keys = new KeyRing(`firn-bench/${spec.seed}`);
  const last = BigInt((await db.query<{ n: string }>('SELECT max(number) AS n FROM evm_blocks WHERE chain = $1', [C.id])).rows[0]!.n);
  const times = (await db.query<{ a: string; b: string }>('SELECT min(block_timestamp) AS a, max(block_timestamp) AS b FROM primary_txs WHERE chain = $1', [P.id])).rows[0]!;
  const l1 = await column(db, 'SELECT subnet_id AS v FROM primary_l1_validators WHERE chain = $1 GROUP BY subnet_id ORDER BY count(*) DESC LIMIT 1', [P.id], (r) => bytes(r.v));
  const outside = <T>(rows: T[], taken: readonly T[], key: (v: T) => string): T[] => {
    const seen = new Set(taken.map(key));
    return rows.filter((v) => !seen.has(key(v))).slice(0, FIRST_TIME);
  };
  const hexKey = (v: Uint8Array) => Buffer.from(v).toString('hex');
  const others = (table: string, col: string, where: string) =>
    column(db, `SELECT ${col} AS v FROM ${table} WHERE ${where} ORDER BY md5(${col}::text || 'first-time') LIMIT ${FIRST_TIME + SAMPLE_SIZE}`, [], (r) => bytes(r.v));
  const picked = {
    evmTxHashes: (await sample('evm_transactions', 'hash', `chain = ${C.id} AND block_number % 97 = 3`)).map(bytes),
    evmBlockNumbers: Array.from({ length: SAMPLE_SIZE }, (_, i) => (last * BigInt(i * 7919 % SAMPLE_SIZE)) / BigInt(SAMPLE_SIZE)),
    evmBlockHashes: (await sample('evm_blocks', 'hash', `chain = ${C.id} AND number % 13 = 5`)).map(bytes),
    evmLastBlock: last,
    contracts: (await sample('evm_contracts', 'address', `chain = ${C.id}`, SAMPLE_SIZE / 2)).map(bytes),
    nfts: await column(db, `SELECT contract, token_id FROM evm_nft_tokens WHERE chain = $1 ORDER BY md5(token_id::text || encode(contract, 'hex')) LIMIT ${(SAMPLE_SIZE * 3) / 4}`, [C.id],
      (r) => ({ contract: bytes(r.contract), tokenId: BigInt(r.token_id as string) })),
    pTxIds: (await sample('primary_txs', 'tx_id', `chain = ${P.id}`)).map(bytes),
    xTxIds: (await sample('primary_txs', 'tx_id', `chain = ${X.id}`)).map(bytes),
    cTxIds: (await sample('primary_txs', 'tx_id', `chain = ${C.id}`)).map(bytes),
    pBlockIds: (await sample('primary_blocks', 'block_id', `chain = ${P.id}`)).map(bytes),
    xBlockHeights: await column(db, `SELECT height AS v FROM primary_blocks WHERE chain = $1 ORDER BY md5(height::text) LIMIT ${SAMPLE_SIZE}`, [X.id], (r) => BigInt(r.v as string)),
    subnetIds: (await sample('primary_subnets', 'subnet_id', `chain = ${P.id}`, SAMPLE_SIZE / 4)).map(bytes),
    ...(l1[0] ? { l1SubnetId: l1[0] } : {}),
    hotAddress: keys.account(0).shortId,
    hotEvmAddress: keys.account(0).evmAddress,
    busyNodeIds: await column(db, `SELECT node_id AS v FROM primary_stakers WHERE chain = $1 AND kind = 'validator' GROUP BY node_id ORDER BY count(*) DESC, node_id LIMIT 20`, [P.id], (r) => bytes(r.v)),
    popularNodeId: (await column(db, `SELECT node_id AS v FROM primary_stakers WHERE chain = $1 AND kind = 'delegator' GROUP BY node_id ORDER BY count(*) DESC LIMIT 1`, [P.id], (r) => bytes(r.v)))[0]!,
    rewardAddress: (await column(db, `SELECT a.address AS v FROM primary_staker_reward_addresses a JOIN primary_stakers s ON s.chain = a.chain AND s.tx_id = a.tx_id
      WHERE a.chain = $1 AND s.kind = 'delegator' GROUP BY a.address ORDER BY count(*) DESC LIMIT 1`, [P.id], (r) => bytes(r.v)))[0]!,
    pFirstTime: BigInt(times.a),
    pLastTime: BigInt(times.b),
  };
  const firstTime: LookupIds = {
    evmTxHashes: outside(await others('evm_transactions', 'hash', `chain = ${C.id} AND block_number % 97 = 3`), picked.evmTxHashes, hexKey),
    evmBlockNumbers: outside(Array.from({ length: FIRST_TIME + SAMPLE_SIZE }, (_, i) => (last * BigInt(i * 7919 % (FIRST_TIME + SAMPLE_SIZE) + 1)) / BigInt(FIRST_TIME + SAMPLE_SIZE + 1)),
      picked.evmBlockNumbers, String),
    evmBlockHashes: outside(await others('evm_blocks', 'hash', `chain = ${C.id} AND number % 13 = 5`), picked.evmBlockHashes, hexKey),
    contracts: outside(await others('evm_contracts', 'address', `chain = ${C.id}`), picked.contracts, hexKey),
    nfts: outside(await column(db, `SELECT contract, token_id FROM evm_nft_tokens WHERE chain = $1 ORDER BY md5(token_id::text || encode(contract, 'hex') || 'first-time') LIMIT ${FIRST_TIME + (SAMPLE_SIZE * 3) / 4}`,
      [C.id], (r) => ({ contract: bytes(r.contract), tokenId: BigInt(r.token_id as string) })), picked.nfts, (n) => `${hexKey(n.contract)}/${n.tokenId}`),
    pTxIds: outside(await others('primary_txs', 'tx_id', `chain = ${P.id}`), picked.pTxIds, hexKey),
    xTxIds: outside(await others('primary_txs', 'tx_id', `chain = ${X.id}`), picked.xTxIds, hexKey),
    cTxIds: outside(await others('primary_txs', 'tx_id', `chain = ${C.id}`), picked.cTxIds, hexKey),
    pBlockIds: outside(await others('primary_blocks', 'block_id', `chain = ${P.id}`), picked.pBlockIds, hexKey),
    xBlockHeights: outside(await column(db, `SELECT height AS v FROM primary_blocks WHERE chain = $1 ORDER BY md5(height::text || 'first-time') LIMIT ${FIRST_TIME + SAMPLE_SIZE}`, [X.id],
      (r) => BigInt(r.v as string)), picked.xBlockHeights, String),
    subnetIds: outside(await others('primary_subnets', 'subnet_id', `chain = ${P.id}`), picked.subnetIds, hexKey),
  };
  return {
    ...picked,
    firstTime,
    counts: {
      evmTransactions: await count('SELECT count(*) AS n FROM evm_transactions WHERE chain = $1', [C.id]),
      evmFailed: await count('SELECT count(*) AS n FROM evm_transactions WHERE chain = $1 AND status = 0', [C.id]),
      evmBlocks: await count('SELECT count(*) AS n FROM evm_blocks WHERE chain = $1', [C.id]),
      evmLogs: await count('SELECT count(*) AS n FROM evm_logs WHERE chain = $1', [C.id]),
      evmTokenTransfers: await count('SELECT count(*) AS n FROM evm_token_transfers WHERE chain = $1', [C.id]),
      evmInternalTransactions: await count('SELECT count(*) AS n FROM evm_internal_transactions WHERE chain = $1', [C.id]),
      evmAddresses: await count('SELECT count(DISTINCT from_address) AS n FROM evm_transactions WHERE chain = $1', [C.id]),
      pTxs: await count('SELECT count(*) AS n FROM primary_txs WHERE chain = $1', [P.id]),
      xTxs: await count('SELECT count(*) AS n FROM primary_txs WHERE chain = $1', [X.id]),
      cTxs: await count('SELECT count(*) AS n FROM primary_txs WHERE chain = $1', [C.id]),
      pBlocks: await count('SELECT count(*) AS n FROM primary_blocks WHERE chain = $1', [P.id]),
      xBlocks: await count('SELECT count(*) AS n FROM primary_blocks WHERE chain = $1', [X.id]),
      utxos: await count('SELECT count(*) AS n FROM primary_utxos'),
      validators: await count(`SELECT count(*) AS n FROM primary_stakers WHERE chain = $1 AND kind <> 'delegator'`, [P.id]),
      delegators: await count(`SELECT count(*) AS n FROM primary_stakers WHERE chain = $1 AND kind = 'delegator'`, [P.id]),
      primaryAddresses: await count('SELECT count(DISTINCT address) AS n FROM primary_address_txs'),
      hotAddressTxs: await count('SELECT count(*) AS n FROM primary_address_txs WHERE address = $1', [Buffer.from(keys.account(0).shortId)]),
      subnets: await count('SELECT count(*) AS n FROM primary_subnets WHERE chain = $1', [P.id]),
      l1Validators: await count('SELECT count(*) AS n FROM primary_l1_validators WHERE chain = $1', [P.id]),
      vertices: await count('SELECT count(*) AS n FROM xchain_vertices WHERE chain = $1', [X.id]),
    },
  };
}
