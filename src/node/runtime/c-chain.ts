import type { NodeConfig } from '../../config/node-config.js';
import { AtomicBackend } from '../chains/evm/atomic/atomic-backend.js';
import { createAtomicService } from '../chains/evm/atomic/atomic-service.js';
import { EvmChain } from '../chains/evm/evm-chain.js';
import type { SharedMemory } from '../chains/shared-memory/shared-memory.js';
import { startLogIndex } from '../chains/evm/query/log-index.js';
import { configureQueries } from '../chains/evm/query/options.js';
import { join } from 'node:path';
import { Keystore } from '../chains/evm/accounts/keystore.js';
import { createCChainAdminService } from '../chains/evm/admin/admin-service.js';
import { acceptUnderscoreMethods } from '../chains/evm/admin/method-alias.js';
import { corethVmConfig } from '../chains/evm/admin/vm-config.js';
import { RPC_GAS_CAP } from '../chains/evm/call.js';
import { ORACLE } from '../chains/evm/gas-oracle.js';
import { DEFAULT_BATCH_LIMIT, DEFAULT_BATCH_RESPONSE_MAX_SIZE, ETH_METHODS, createEthRpcHandler } from '../chains/evm/rpc/handler.js';
import { corethRules } from '../chains/evm/chain-rules.js';
import { DEVNET_FEE_CONFIG } from '../chains/evm/fees.js';
import type { NetworkUpgrades } from '../chains/subnet-evm/network-upgrades.js';
import { createEvmWarp, type EvmWarpWiring } from '../warp/evm-chain-warp.js';
import { createEthWsEndpoint, type EthWsEndpoint } from '../chains/evm/rpc/ws.js';
import { Profiler } from '../profiling/profiler.js';
import { createAvalancheRpcHandler } from '../server/avalanche-rpc.js';
import type { ChainEngine } from '../consensus/chain-engine.js';
import { dumpStateToFile, loadStateFromFile } from '../chains/evm/controls/state-file.js';
import type { NetworkGenesis } from '../genesis/index.js';
import type { LoggerRegistry, NodeLogger } from '../logging/logger-registry.js';
import type { Router } from '../server/router.js';
import type { KvStore } from '../storage/kv.js';

export interface CChain {
  evm: EvmChain;
  atomic: AtomicBackend;
  engine: ChainEngine;
  mount(router: Router, base: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The C-chain: the EVM (which owns its genesis and state) behind a consensus engine whose genesis
 * block is the EVM's genesis block. The EVM is created first with an acceptor that forwards to the
 * engine, since the engine needs the genesis hash the EVM computes.
 */
export async function startCChain(deps: {
  db: KvStore;
  genesis: NetworkGenesis;
  config: NodeConfig;
  log: NodeLogger;
  /** Shared with the P and X chains: atomic imports and exports. */
  sharedMemory: SharedMemory;
  engineFor: (alias: string, chainId: Uint8Array, genesisId: Uint8Array, genesisTimestamp: bigint) => Promise<ChainEngine>;
  /** Lets `admin.setLogLevel` change the C-chain logger's level. */
  loggers?: Pick<LoggerRegistry, 'setLevels'>;
  /** coreth's batch-request-limit (default 1000; the public API node uses 40) and batch-response-max-size. */
  rpc?: { batchRequestLimit?: number; batchResponseMaxSize?: number };
  /** Warp (precompile from Durango, predicates, warp_* methods, ACP-118 signing of its messages). */
  warp?: { wiring: EvmWarpWiring; upgrades: NetworkUpgrades };
}): Promise<CChain> {
  let engine: ChainEngine | undefined;
  // coreth's Extra: the 24-byte ACP-176 state, then the predicate results
  const evmWarp = deps.warp ? createEvmWarp(deps.warp.wiring, deps.genesis.cChainId.id, 24) : undefined;
  const mining = deps.config.noMining
    ? { mode: 'manual' as const }
    : deps.config.blockTimeMs > 0
      ? { mode: 'interval' as const, intervalMs: deps.config.blockTimeMs }
      : { mode: 'auto' as const };
  const evm = await EvmChain.create({
    db: deps.db,
    blockchainId: deps.genesis.cChainId.id,
    genesisJson: deps.genesis.cChainGenesisJson,
    acceptor: {
      accept: async (inner, vmOps) => {
        if (!engine) throw new Error('C-chain engine not ready');
        await engine.accept(inner, vmOps);
      },
      rewind: async (height, innerId, vmOps) => {
        if (!engine) throw new Error('C-chain engine not ready');
        await engine.rewindTo(height, innerId, vmOps);
      },
    },
    log: deps.log,
    mining: { mode: 'manual' },
    ...(deps.warp && evmWarp ? { rules: corethRules(DEVNET_FEE_CONFIG, { context: evmWarp.context, upgrades: deps.warp.upgrades }) } : {}),
  });
  const warp = evmWarp?.attach(evm, (e) => deps.log.error('warp', { error: e.message }));
  engine = await deps.engineFor('C', deps.genesis.cChainId.id, evm.genesisHash, evm.genesisTimestamp);
  const g = deps.genesis;
  const atomic = AtomicBackend.attach({
    db: deps.db, chain: evm, sharedMemory: deps.sharedMemory, networkId: g.networkId, hrp: g.hrp,
    cChainId: g.cChainId.id, xChainId: g.xChainId.id, pChainId: g.pChainId.id, avaxAssetId: g.avaxAssetId.id, log: deps.log,
  });
  if (deps.config.evm) {
    configureQueries(evm, {
      pruning: deps.config.evm.pruningEnabled,
      stateHistory: deps.config.evm.stateHistory,
      historicalProofQueryWindow: deps.config.evm.historicalProofQueryWindow,
      maxBlocksPerRequest: deps.config.evm.maxBlocksPerRequest,
    });
  }
  // The eth_getLogs index follows accepted blocks from start-up rather than being built on first query.
  startLogIndex(evm);
  // anvil's --load-state: merged before the node answers any request.
  if (deps.config.loadState) await loadStateFromFile(evm, deps.config.loadState);
  let ws: EthWsEndpoint | undefined;
  let profiler: Profiler | undefined;
  let logLevel = deps.config.logLevel.toLowerCase();
  return {
    evm,
    atomic,
    engine,
    mount(router, base) {
      const opts = {
        keystore: new Keystore(deps.genesis.devAccounts.map((a) => a.privateKey)),
        ...(warp ? { methods: { ...ETH_METHODS, ...warp.methods } } : {}),
        batchLimit: deps.rpc?.batchRequestLimit ?? deps.config.evm?.batchRequestLimit ?? DEFAULT_BATCH_LIMIT,
        batchResponseMaxSize: deps.rpc?.batchResponseMaxSize ?? deps.config.evm?.batchResponseMaxSize ?? DEFAULT_BATCH_RESPONSE_MAX_SIZE,
      };
      router.addRoute(base, '/rpc', { handler: createEthRpcHandler(evm, opts) });
      ws ??= createEthWsEndpoint(evm, opts);
      router.addRoute(base, '/ws', { handler: ws.handler, upgrade: ws.upgrade });
      // coreth serves the atomic API at /avax; seed 002 puts it at /native with `native.*` names
      router.addRoute(base, '/avax', { handler: createAvalancheRpcHandler([createAtomicService(atomic, 'avax')]) });
      router.addRoute(base, '/native', { handler: createAvalancheRpcHandler([createAtomicService(atomic, 'native')]) });
      if (deps.config.apiAdminEnabled) {
        profiler ??= new Profiler(join(deps.config.profileDir, 'C'));
        const service = createCChainAdminService({
          profiler,
          setLogLevel: (level) => {
            if (!deps.loggers) throw new Error('log levels cannot be changed on this node');
            deps.loggers.setLevels(deps.log.name, { logLevel: level });
            logLevel = level.toLowerCase();
          },
          vmConfig: () => corethVmConfig({
            logLevel, adminApiDir: profiler!.dir, batchRequestLimit: opts.batchLimit, batchResponseMaxSize: opts.batchResponseMaxSize,
            rpcGasCap: RPC_GAS_CAP, txPoolPriceLimit: ORACLE.minPrice,
          }),
          log: deps.log,
        });
        router.addRoute(base, '/admin', { handler: acceptUnderscoreMethods('admin', createAvalancheRpcHandler([service])) });
      }
    },
    // Mining starts once the HTTP server is up, so interval blocks never race start-up.
    async start() {
      if (mining.mode === 'interval') evm.setIntervalMining(mining.intervalMs);
      else evm.setAutomine(mining.mode === 'auto');
    },
    async stop() {
      ws?.close();
      warp?.close();
      await profiler?.close();
      await evm.close();
      if (deps.config.dumpState) await dumpStateToFile(evm, deps.config.dumpState);
    },
  };
}
