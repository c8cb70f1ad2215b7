import type { Server } from 'node:http';
import { ContainerIndex } from '../../apis/index/container-index.js';
import { ChainEngine } from '../../consensus/chain-engine.js';
import { signWithStakingKey, type NetworkGenesis } from '../../genesis/index.js';
import type { NodeLogger } from '../../logging/logger-registry.js';
import { createNodeHttpServer } from '../../server/http-server.js';
import { Router } from '../../server/router.js';
import type { KvStore } from '../../storage/kv.js';
import { SharedMemory } from '../shared-memory/shared-memory.js';
import { registerAvmRoutes } from './avm-service.js';
import { AvmVm, type AvmVmConfig } from './avm-vm.js';

/**
 * The X-chain alone behind a real HTTP server (engine, shared memory, X/tx index, `avm` at
 * `/ext/bc/<X id>` and its aliases) — for tests and the benchmark until the node runtime wires the VM.
 */
export interface StandaloneXNode {
  url: string;
  vm: AvmVm;
  engine: ChainEngine;
  sharedMemory: SharedMemory;
  txIndex: ContainerIndex;
  close(): Promise<void>;
}

export const LOCAL_X_FEES: AvmVmConfig = { txFee: 1_000_000n, createAssetTxFee: 1_000_000n };

export async function startStandaloneXNode(db: KvStore, genesis: NetworkGenesis, opts: { log?: NodeLogger; now?: () => bigint; config?: AvmVmConfig } = {}): Promise<StandaloneXNode> {
  const self = genesis.validators[0]!;
  const engine = await ChainEngine.open({
    db,
    chainAlias: 'X',
    chainId: genesis.xChainId.id,
    genesisId: genesis.xChainGenesisBlock.id,
    genesisTimestamp: genesis.startTime,
    certificate: self.stakingCertificate,
    sign: (digest) => signWithStakingKey(genesis, 0, digest),
    pChainHeight: () => 0n,
  });
  const sharedMemory = new SharedMemory(db);
  const txIndex = await ContainerIndex.open(db, genesis.xChainId.id, 'tx');
  const vm = await AvmVm.create({
    db,
    engine,
    genesis,
    sharedMemory,
    pChainId: genesis.pChainId.id,
    cChainId: genesis.cChainId.id,
    txIndex,
    log: opts.log ?? silentLogger(),
    ...(opts.now ? { now: opts.now } : {}),
    config: opts.config ?? LOCAL_X_FEES,
  });
  const router = new Router();
  const base = `bc/${genesis.xChainId.string}`;
  router.reserve(base);
  router.addAliases(base, 'X', 'avm', 'bc/X', 'bc/avm');
  registerAvmRoutes(router, base, vm);
  const server: Server = createNodeHttpServer(router, {
    host: '127.0.0.1',
    port: 0,
    nodeId: self.nodeIdString,
    allowedHosts: ['*'],
    allowedOrigins: ['*'],
    maxBodyBytes: 32 * 1024 * 1024,
  });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) return resolve();
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    vm,
    engine,
    sharedMemory,
    txIndex,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function silentLogger(): NodeLogger {
  const noop = () => {};
  const log: NodeLogger = {
    name: 'X',
    verbo: noop,
    debug: noop,
    trace: noop,
    info: noop,
    warn: noop,
    error: noop,
    fatal: noop,
    child: () => log,
    enabled: () => false,
  };
  return log;
}
