import pg from 'pg';
import { sha256 } from '../../src/lib/hash.js';
import { advanceCheckpoint, readCheckpoint } from '../../src/store/checkpoints.js';
import type { Database } from '../../src/store/database/database.js';
import { PgDatabase } from '../../src/store/database/pg-database.js';
import { migrate } from '../../src/store/migrations/migrate.js';
import { ensureChain, ensureNetwork, listChains, type ChainRef } from '../../src/store/registry.js';
import { writeEvmBatch } from '../../src/store/writers/evm/write-evm-batch.js';
import { writePrimaryRows } from '../../src/store/writers/primary/write-primary-rows.js';
import {
  BLOCKS_STREAM, C_CHAIN_EVM_ID, C_CHAIN_ID, DATASET_NOW, datasetId, derivedHash, evmBlockCount, NETWORK, P_CHAIN_ID, PRIMARY_SPAN_SECONDS, PRIMARY_SUBNET_ID,
  X_CHAIN_ID, type DatasetSpec,
} from './dataset-spec.js';
import { EvmDatasetGenerator } from './evm-generator.js';
import { PrimaryDatasetGenerator } from './primary/primary-generator.js';
import { Rng } from './random.js';

/** The chains of the dataset, as the store registered them. */
export interface DatasetChains {
  P: ChainRef;
  X: ChainRef;
  C: ChainRef;
}

export interface Dataset {
  url: string;
  db: PgDatabase;
  chains: DatasetChains;
  /** False when the stored dataset was reused. */
  built: boolean;
  buildSeconds?: number;
}

const EVM_BLOCKS_PER_BATCH = 500;
const PRIMARY_TXS_PER_BATCH = 2_000;
const VERTICES = 20_000;

function log(text: string): void {
  process.stdout.write(`${text}\n`);
}

function serverUrl(database: string): string {
  const url = new URL(process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The checkpoint a complete build leaves on the C-chain: its last block, whose hash is derived from the spec. */
export function expectedEvmCheckpoint(spec: DatasetSpec): { height: bigint; blockHash: Uint8Array } {
  const last = evmBlockCount(spec) - 1;
  return { height: BigInt(last), blockHash: derivedHash(spec, 'evm-block', last) };
}

async function registered(db: Database): Promise<DatasetChains | undefined> {
  const chains = await listChains(db);
  const byId = (id: Uint8Array) => chains.find((c) => c.network.name === NETWORK.name && Buffer.from(c.blockchainId).equals(Buffer.from(id)));
  const P = byId(P_CHAIN_ID);
  const X = byId(X_CHAIN_ID);
  const C = byId(C_CHAIN_ID);
  return P && X && C ? { P, X, C } : undefined;
}

/** Whether `db` holds the complete dataset of `spec`: the C-chain checkpoint it ends with, and the P- and X-chain ones written with it. */
async function isComplete(db: Database, spec: DatasetSpec): Promise<DatasetChains | undefined> {
  try {
    const chains = await registered(db);
    if (!chains) return undefined;
    const evm = await readCheckpoint(db, chains.C.id, BLOCKS_STREAM);
    const expected = expectedEvmCheckpoint(spec);
    if (!evm || evm.height !== expected.height || !Buffer.from(evm.blockHash).equals(Buffer.from(expected.blockHash))) return undefined;
    if (!(await readCheckpoint(db, chains.P.id, BLOCKS_STREAM)) || !(await readCheckpoint(db, chains.X.id, BLOCKS_STREAM))) return undefined;
    return chains;
  } catch {
    return undefined;
  }
}

/**
 * Opens the benchmark's database `name`, building the dataset of `spec` first unless the database already
 * holds it (its C-chain `blocks` checkpoint is the one the spec's last block leaves). `rebuild` drops it first.
 * Its connections are kept between rows, as the Data API's are, so a row's floor is not measured on new connections.
 */
export async function openDataset(spec: DatasetSpec, name: string, options: { rebuild?: boolean; maxConnections?: number } = {}): Promise<Dataset> {
  const url = serverUrl(name);
  const open = () => new PgDatabase(url, { maxConnections: options.maxConnections ?? 8, keepConnections: true });
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length > 0);
  if (exists && !options.rebuild) {
    const db = open();
    const chains = await isComplete(db, spec);
    if (chains) {
      // Migrations added since the build (indexes) apply to the stored dataset as they would to any store.
      const applied = await migrate(db);
      if (applied.length > 0) await db.exec('ANALYZE');
      log(`dataset ${datasetId(spec)}: reusing database ${name}${applied.length > 0 ? ` (applied migrations ${applied.join(', ')})` : ''}`);
      return { url, db, chains, built: false };
    }
    await db.close();
  }
  log(`dataset ${datasetId(spec)}: building database ${name}`);
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const db = open();
  const started = performance.now();
  const chains = await buildDataset(db, spec);
  return { url, db, chains, built: true, buildSeconds: (performance.now() - started) / 1000 };
}

async function buildDataset(db: PgDatabase, spec: DatasetSpec): Promise<DatasetChains> {
  await migrate(db);
  const network = await ensureNetwork(db, NETWORK);
  const P = await ensureChain(db, { network, blockchainId: P_CHAIN_ID, subnetId: PRIMARY_SUBNET_ID, vm: 'platform', name: 'P-Chain' });
  const X = await ensureChain(db, { network, blockchainId: X_CHAIN_ID, subnetId: PRIMARY_SUBNET_ID, vm: 'avm', name: 'X-Chain' });
  const C = await ensureChain(db, { network, blockchainId: C_CHAIN_ID, subnetId: PRIMARY_SUBNET_ID, vm: 'evm', evmChainId: C_CHAIN_EVM_ID, name: 'C-Chain' });
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

  // One write in flight while the next batch is generated: the generator and the server work side by side.
  let inFlight: Promise<unknown> = Promise.resolve();
  const evm = new EvmDatasetGenerator(spec);
  let batches = 0;
  for (const batch of evm.batches(EVM_BLOCKS_PER_BATCH)) {
    await inFlight;
    inFlight = db.transaction((tx) => writeEvmBatch(tx, C.id, batch));
    if (++batches % 20 === 0) log(`  C-chain: ${batch.blocks.at(-1)!.number + 1n} of ${evm.blocks} blocks, ${elapsed()}`);
  }
  await inFlight;
  const evmFacts = evm.facts();
  log(`  C-chain: ${evmFacts.transactions.toLocaleString()} transactions (${evmFacts.failed.toLocaleString()} failed) in ${evmFacts.blocks.toLocaleString()} blocks, ${elapsed()}`);

  const primary = new PrimaryDatasetGenerator(spec, { P: P.id, X: X.id, C: C.id });
  batches = 0;
  for (const rows of primary.batches(PRIMARY_TXS_PER_BATCH)) {
    await inFlight;
    inFlight = db.transaction((tx) => writePrimaryRows(tx, rows));
    if (++batches % 10 === 0) log(`  primary network: ${JSON.stringify(primary.facts().txs)}, ${elapsed()}`);
  }
  await inFlight;
  const facts = primary.facts();
  log(`  primary network: ${JSON.stringify(facts.txs)} txs, ${JSON.stringify(facts.blocks)} blocks, ${facts.validators} validations, ${facts.delegators} delegations, ${elapsed()}`);

  await writeVertices(db, spec, X.id);
  await db.transaction(async (tx) => {
    await advanceCheckpoint(tx, P.id, BLOCKS_STREAM, undefined, { height: BigInt(facts.heights.P), blockHash: primary.blockId('P', facts.heights.P) });
    await advanceCheckpoint(tx, X.id, BLOCKS_STREAM, undefined, { height: BigInt(facts.heights.X), blockHash: primary.blockId('X', facts.heights.X) });
    await advanceCheckpoint(tx, C.id, BLOCKS_STREAM, undefined, expectedEvmCheckpoint(spec));
  });
  log(`  VACUUM ANALYZE, ${elapsed()}`);
  await db.exec('VACUUM ANALYZE');
  log(`  done, ${elapsed()}`);
  return { P, X, C };
}

/**
 * Legacy X-chain vertices (the DAG before Cortina), older than the linear chain. The store has no writer for
 * them (the indexer reads them from /ext/index/X/vtx), so they are loaded with the store's COPY.
 */
async function writeVertices(db: PgDatabase, spec: DatasetSpec, chain: number): Promise<void> {
  const rng = new Rng(spec.seed ^ 0x7e47);
  const end = DATASET_NOW - PRIMARY_SPAN_SECONDS - 40 * 86_400;
  const rows: unknown[][] = [];
  const id = (i: number) => derivedHash(spec, 'vertex', i);
  const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
  for (let i = 0; i < VERTICES; i++) {
    const parents = i === 0 ? [] : Array.from({ length: Math.min(i, rng.between(1, 3)) }, (_, k) => hex(id(i - 1 - k)));
    const txs = Array.from({ length: rng.between(1, 6) }, () => hex(sha256(rng.bytes(16))));
    rows.push([chain, i, id(i), Math.floor(i / 2), JSON.stringify(parents), JSON.stringify(txs), end - (VERTICES - i) * 60, 300 + 250 * txs.length]);
  }
  await db.copyRows('xchain_vertices', ['chain', 'vertex_index', 'vertex_id', 'height', 'parent_ids', 'tx_ids', 'vertex_timestamp', 'size'], rows);
}
