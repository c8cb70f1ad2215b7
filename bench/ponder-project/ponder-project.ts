/**
 * The Ponder side of the indexer benchmark: a Ponder project that stores every Transfer event of the bench
 * token (one row each, as Firn's token-transfer rows), written to a temp dir whose node_modules links to
 * the pinned install in bench/.cache/ponder (install-ponder.ts). Its sources are strings here, not .ts files, because they
 * import Ponder's virtual modules (`ponder:registry`, `ponder:schema`) that only Ponder's build resolves.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_TOKEN_TRANSFER_ABI } from '../chain-generator/bench-token.js';
import { PONDER_MODULES } from './install-ponder.js';

export interface PonderProjectOptions {
  rpcUrl: string;
  chainId: number;
  token: string;
  startBlock: number;
  /** Ponder's RPC rate limit (its default, 50 requests/s, is meant for paid providers, not a local node). */
  maxRequestsPerSecond: number;
}

function config(o: PonderProjectOptions): string {
  return `import { createConfig } from "ponder";
import { http } from "viem";

export default createConfig({
  database: { kind: "postgres", connectionString: process.env.DATABASE_URL },
  networks: {
    devnet: { chainId: ${o.chainId}, transport: http(${JSON.stringify(o.rpcUrl)}), maxRequestsPerSecond: ${o.maxRequestsPerSecond} },
  },
  contracts: {
    BenchToken: {
      network: "devnet",
      abi: ${JSON.stringify(BENCH_TOKEN_TRANSFER_ABI)},
      address: ${JSON.stringify(o.token)},
      startBlock: ${o.startBlock},
    },
  },
});
`;
}

const SCHEMA = `import { onchainTable } from "ponder";

export const transfer = onchainTable("transfer", (t) => ({
  id: t.text().primaryKey(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  value: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
  logIndex: t.integer().notNull(),
}));
`;

const INDEXING = `import { ponder } from "ponder:registry";
import { transfer } from "ponder:schema";

ponder.on("BenchToken:Transfer", async ({ event, context }) => {
  await context.db.insert(transfer).values({
    id: event.id,
    from: event.args.from,
    to: event.args.to,
    value: event.args.value,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
  });
});
`;

const API = `import { Hono } from "hono";

const app = new Hono();
export default app;
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', skipLibCheck: true, noEmit: true },
  include: ['./**/*.ts'],
}, null, 2);

/** Writes the project to a fresh temp dir and returns it. */
export function writePonderProject(o: PonderProjectOptions): string {
  const dir = mkdtempSync(join(tmpdir(), 'firn-bench-ponder-'));
  mkdirSync(join(dir, 'src/api'), { recursive: true });
  symlinkSync(PONDER_MODULES, join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'firn-bench-ponder', private: true, type: 'module' }, null, 2));
  writeFileSync(join(dir, 'tsconfig.json'), TSCONFIG);
  writeFileSync(join(dir, 'ponder.config.ts'), config(o));
  writeFileSync(join(dir, 'ponder.schema.ts'), SCHEMA);
  writeFileSync(join(dir, 'src/index.ts'), INDEXING);
  writeFileSync(join(dir, 'src/api/index.ts'), API);
  return dir;
}
