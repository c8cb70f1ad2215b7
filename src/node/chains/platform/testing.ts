import type { Server } from 'node:http';
import { buildLocalGenesis, signWithStakingKey, type NetworkGenesis } from '../../genesis/index.js';
import { ChainEngine } from '../../consensus/chain-engine.js';
import { createNodeHttpServer } from '../../server/http-server.js';
import { Router } from '../../server/router.js';
import { openLevelStore, openMemoryStore, type KvStore } from '../../storage/kv.js';
import { SharedMemory } from '../shared-memory/shared-memory.js';
import type { PlatformConfig } from './config.js';
import { registerPlatformRoutes } from './platform-service.js';
import { PlatformVm } from './platform-vm.js';
import { createWarpNode, type WarpNode } from '../../warp/index.js';

/**
 * An in-process P-chain node for tests: store, engine, shared memory, the VM and its `platform` service behind
 * a real HTTP server on 127.0.0.1:0. The clock is the caller's, so staking periods can be run through quickly.
 */
export interface PlatformHarness {
  url: string;
  genesis: NetworkGenesis;
  vm: PlatformVm;
  engine: ChainEngine;
  db: KvStore;
  sharedMemory: SharedMemory;
  warp: WarpNode;
  close(opts?: { keepDb?: boolean }): Promise<void>;
}

export interface HarnessOptions {
  genesis?: NetworkGenesis;
  dataDir?: string;
  db?: KvStore;
  now: () => bigint;
  config?: Partial<PlatformConfig>;
  uptime?: (nodeId: Uint8Array) => number;
}

export async function startPlatformHarness(o: HarnessOptions): Promise<PlatformHarness> {
  const genesis = o.genesis ?? buildLocalGenesis({ startTime: o.now() - 3600n });
  const db = o.db ?? (o.dataDir ? await openLevelStore(o.dataDir) : openMemoryStore());
  const engine: ChainEngine = await ChainEngine.open({
    db, chainAlias: 'P', chainId: genesis.pChainId.id, genesisId: genesis.pChainGenesisBlock.id, genesisTimestamp: genesis.startTime,
    certificate: genesis.validators[0]!.stakingCertificate, sign: (d) => signWithStakingKey(genesis, 0, d),
    pChainHeight: () => engine.lastAccepted().height,
  });
  const sharedMemory = new SharedMemory(db);
  const vm = await PlatformVm.create({
    db, engine, genesis, sharedMemory, xChainId: genesis.xChainId.id, cChainId: genesis.cChainId.id, now: o.now,
    ...(o.config ? { config: o.config } : {}), ...(o.uptime ? { uptime: o.uptime } : {}),
  });
  const router = new Router();
  const base = `bc/${genesis.pChainId.string}`;
  const warp = createWarpNode({ platform: vm, db });
  registerPlatformRoutes(router, base, vm, [warp.devnetService]);
  warp.mount(router, base);
  router.addAliases(base, 'P', 'bc/P', 'platform');
  const server: Server = createNodeHttpServer(router, { host: '127.0.0.1', port: 0, nodeId: genesis.validators[0]!.nodeIdString, allowedHosts: ['*'], allowedOrigins: ['*'], maxBodyBytes: 32 << 20 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`, genesis, vm, engine, db, sharedMemory, warp,
    async close({ keepDb } = {}) {
      vm.stop();
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      if (!keepDb) await db.close();
    },
  };
}
