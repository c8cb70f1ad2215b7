import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { NodeConfig } from '../../config/node-config.js';
import { idToString } from '../../lib/cb58.js';
import { bytesToHex } from '../../lib/hex.js';
import { createAdminService } from '../apis/admin/admin-service.js';
import { ChainAliasRegistry } from '../apis/admin/chain-aliases.js';
import { VmRegistry } from '../apis/admin/vm-registry.js';
import {
  HealthRegistry,
  InProcessNetwork,
  RequestTracker,
  registerBootstrappedCheck,
  registerChainCheck,
  registerHealthRoutes,
  registerNodeChecks,
} from '../apis/health/index.js';
import { ContainerIndex } from '../apis/index/container-index.js';
import { registerIndexRoutes, type MountedIndex } from '../apis/index/index-routes.js';
import { checkIndexStartup, describeStartupFailure } from '../apis/index/index-state.js';
import { createInfoService } from '../apis/info/info-service.js';
import { registerAvmRoutes } from '../chains/avm/avm-service.js';
import { AvmVm } from '../chains/avm/avm-vm.js';
import { registerPlatformRoutes } from '../chains/platform/platform-service.js';
import { platformConfigFor } from '../chains/platform/config.js';
import { PlatformVm } from '../chains/platform/platform-vm.js';
import { createWarpNode, type WarpMessageSources } from '../warp/index.js';
import { SharedMemory } from '../chains/shared-memory/shared-memory.js';
import { ChainEngine } from '../consensus/chain-engine.js';
import { formatBanner, type NetworkGenesis } from '../genesis/index.js';
import { p256NativeSigner } from '../../lib/x509/ecdsa-p256-certificate.js';
import { LoggerRegistry } from '../logging/logger-registry.js';
import type { NodeLogger } from '../logging/logger-registry.js';
import { Profiler } from '../profiling/profiler.js';
import { createAvalancheRpcHandler } from '../server/avalanche-rpc.js';
import { createNodeHttpServer } from '../server/http-server.js';
import { Router } from '../server/router.js';
import { openLevelStore, type KvStore } from '../storage/kv.js';
import { loadGenesis } from './genesis-store.js';
import { startCChain, type CChain } from './c-chain.js';
import { defaultNetworkUpgrades } from '../chains/subnet-evm/network-upgrades.js';
import { SubnetEvmChains } from './subnet-evm-chains.js';
import { DEVNET_UPGRADES, LOCAL_TX_FEES, NODE_VERSION, upgradeTimeSeconds } from './versions.js';

export interface RunningNode {
  url: string;
  log: NodeLogger;
  genesis: NetworkGenesis;
  /** The C-chain in this process (benchmarks and generators drive it directly). */
  cChain: CChain;
  /** The subnet-EVM chains created on the P-chain, running in this process. */
  subnetEvm: SubnetEvmChains;
  /** Where EVM chains register the warp messages they emit, so the validators sign them (ACP-118). */
  warpSources: WarpMessageSources;
  stop(): Promise<void>;
}

/**
 * Starts the whole devnet in this process: storage, genesis, the P/X/C chains with their consensus
 * engines, the container index, and the node APIs behind one HTTP server. Returns undefined (after
 * logging why) when the node must not start, e.g. the incomplete-index protection.
 */
export async function startDevnetNode(config: NodeConfig, opts: { printBanner?: boolean } = {}): Promise<RunningNode | undefined> {
  const startedAt = Date.now();
  mkdirSync(config.dataDir, { recursive: true });
  const tty = Boolean(process.stdout.isTTY);
  const loggers = new LoggerRegistry({
    logDir: config.logDir,
    logLevel: config.logLevel,
    displayLevel: config.logDisplayLevel || (tty ? 'WARN' : config.logLevel),
    displayJson: !tty,
  });
  const log = loggers.get('main');

  let db: KvStore;
  try {
    db = await openLevelStore(`${config.dataDir}/db`);
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause;
    const why = cause?.code === 'LEVEL_LOCKED' || /lock/i.test(String((e as Error).message) + String(cause)) ? 'it is in use by another process' : String((e as Error).message);
    log.fatal(`cannot open the database in ${config.dataDir}: ${why}`);
    loggers.close();
    return undefined;
  }

  const genesis = await loadGenesis(db, config, log);
  if (!genesis) {
    await db.close();
    loggers.close();
    return undefined;
  }
  const chainIds = [genesis.pChainId.id, genesis.xChainId.id, genesis.cChainId.id];
  const indexCheck = await checkIndexStartup({ db, chainIds, indexEnabled: config.indexEnabled, allowIncomplete: config.indexAllowIncomplete });
  if (!indexCheck.ok) {
    log.fatal(describeStartupFailure(indexCheck));
    await db.close();
    loggers.close();
    return undefined;
  }

  const self = genesis.validators[0]!;
  const signHeader = p256NativeSigner(self.stakingPrivateKey);
  const sign = (_digest: Uint8Array, header: Uint8Array) => signHeader(header);
  let pEngine: ChainEngine | undefined;
  const pChainHeight = () => (pEngine ? pEngine.lastAccepted().height : 0n);
  const engineFor = (alias: string, chainId: Uint8Array, genesisId: Uint8Array, genesisTimestamp: bigint) =>
    ChainEngine.open({ db, chainAlias: alias, chainId, genesisId, genesisTimestamp, certificate: self.stakingCertificate, sign, pChainHeight });
  pEngine = await engineFor('P', genesis.pChainId.id, genesis.pChainGenesisBlock.id, genesis.startTime);
  const xEngine = await engineFor('X', genesis.xChainId.id, genesis.xChainGenesisBlock.id, genesis.startTime);
  const sharedMemory = new SharedMemory(db);
  const platform = await PlatformVm.create({ db, engine: pEngine, genesis, sharedMemory, xChainId: genesis.xChainId.id, cChainId: genesis.cChainId.id, log: loggers.get('P'), config: platformConfigFor(config.platform) });
  // X/tx is written by the X-chain VM in each block's batch, so it is opened before the VM.
  const xTxIndex = config.indexEnabled ? await ContainerIndex.open(db, genesis.xChainId.id, 'tx') : undefined;
  const avm = await AvmVm.create({
    db, engine: xEngine, genesis, sharedMemory, pChainId: genesis.pChainId.id, cChainId: genesis.cChainId.id,
    ...(xTxIndex ? { txIndex: xTxIndex } : {}), log: loggers.get('X'),
    config: { txFee: LOCAL_TX_FEES.txFee!, createAssetTxFee: LOCAL_TX_FEES.createAssetTxFee! },
  });
  const warp = createWarpNode({ platform, db });
  const warpWiring = { db, platform, signatures: warp.signatures, sources: warp.sources };
  const networkUpgrades = defaultNetworkUpgrades({
    durango: upgradeTimeSeconds('durangoTime'), etna: upgradeTimeSeconds('etnaTime'), granite: upgradeTimeSeconds('graniteTime'), helicon: upgradeTimeSeconds('heliconTime'),
  });
  const cChain: CChain = await startCChain({ db, genesis, config, log: loggers.get('C'), sharedMemory, engineFor, loggers, warp: { wiring: warpWiring, upgrades: networkUpgrades } });
  const engines = { P: pEngine, X: xEngine, C: cChain.engine };

  // Container index: one batch with each accepted block (the engine's sinks).
  const mounted: MountedIndex[] = [];
  if (config.indexEnabled) {
    for (const [alias, engine] of Object.entries(engines) as ['P' | 'X' | 'C', ChainEngine][]) {
      const index = await ContainerIndex.open(db, engine.chainId, 'block');
      await catchUpIndex(db, index, engine);
      engine.addSink(index);
      mounted.push({ alias, kind: 'block', index });
    }
    mounted.push({ alias: 'X', kind: 'tx', index: xTxIndex! });
    mounted.push({ alias: 'X', kind: 'vtx', index: await ContainerIndex.open(db, genesis.xChainId.id, 'vtx') });
  }

  // Routing and aliases as AvalancheGo's genesis sets them (genesis/aliases.go).
  const router = new Router();
  const chainAliases = new ChainAliasRegistry();
  const genesisAliases: [Uint8Array, string[]][] = [
    [genesis.pChainId.id, ['P', 'platform']],
    [genesis.xChainId.id, ['X', 'avm']],
    [genesis.cChainId.id, ['C', 'evm']],
  ];
  for (const [id, aliases] of genesisAliases) {
    chainAliases.addChain(id, aliases);
    const base = `bc/${idToString(id)}`;
    router.reserve(base);
    router.addAliases(base, ...aliases.flatMap((a) => [a, `bc/${a}`]));
  }
  cChain.mount(router, `bc/${genesis.cChainId.string}`);
  registerPlatformRoutes(router, `bc/${genesis.pChainId.string}`, platform, [warp.devnetService]);
  warp.mount(router, `bc/${genesis.pChainId.string}`);
  registerAvmRoutes(router, `bc/${genesis.xChainId.string}`, avm);
  const subnetEvm = new SubnetEvmChains({
    db, config, loggers, log, platform, router, chainAliases, engineFor,
    upgrades: networkUpgrades,
    localNodeIds: genesis.validators.map((v) => v.nodeId),
    warp: warpWiring,
  });

  const requests = new RequestTracker();
  const health = new HealthRegistry();
  const network = new InProcessNetwork(genesis.validators.length - 1, startedAt);
  registerNodeChecks(health, {
    network: { status: network, config: { enabled: true, startedAtMs: startedAt } },
    router: { requests: { outstanding: () => requests.outstanding(), longestRunningMs: () => requests.longestRunningMs() } },
    database: { isClosed: () => db.closed },
    disk: { dataDir: config.dataDir },
    bls: { localPublicKey: () => self.blsPublicKey, registeredPublicKey: () => self.blsPublicKey },
    futureUpgrade: {
      view: { validators: () => genesis.validators.map((v) => ({ nodeId: v.nodeIdString, weight: v.weight })), peerUpgradeTimes: () => [] },
      config: { localUpgradeTimeMs: Date.UTC(2020, 11, 5, 5, 0, 0) },
    },
  });
  registerBootstrappedCheck(health, { bootstrappingSubnets: () => [] });
  for (const [alias, engine] of Object.entries(engines)) {
    registerChainCheck(health, alias, {
      lastAccepted: () => {
        const h = engine.lastAccepted();
        return { height: h.height, id: h.idString };
      },
      processing: () => ({ count: 0, longestMs: 0 }),
    });
  }
  registerHealthRoutes(router, health);

  router.addRoute('info', '', {
    handler: createAvalancheRpcHandler([
      createInfoService({
        networkId: genesis.networkId,
        networkName: genesis.networkName,
        nodeId: self.nodeIdString,
        nodePop: { publicKey: bytesToHex(self.blsPublicKey), proofOfPossession: bytesToHex(self.blsProofOfPossession) },
        nodeIp: `${config.httpHost}:${config.httpPort + 1}`,
        version: NODE_VERSION,
        txFees: LOCAL_TX_FEES,
        lookupChain: (alias) => {
          try {
            return idToString(chainAliases.lookup(alias));
          } catch {
            return undefined;
          }
        },
        isBootstrapped: () => true,
        // The other genesis validators run in this process: they are this node's (always connected) peers.
        peers: () =>
          genesis.validators.slice(1).map((v, i) => ({
            ip: `127.0.0.1:${config.httpPort + 3 + 2 * i}`,
            publicIP: `127.0.0.1:${config.httpPort + 3 + 2 * i}`,
            nodeID: v.nodeIdString,
            version: NODE_VERSION.version,
            lastSent: new Date(network.lastSentMs() ?? startedAt).toISOString(),
            lastReceived: new Date(network.lastReceivedMs() ?? startedAt).toISOString(),
            observedUptime: '100',
            trackedSubnets: [],
            supportedACPs: [],
            objectedACPs: [],
            benched: [],
          })),
        upgrades: DEVNET_UPGRADES,
        vms: () => ({}),
      }),
    ]),
  });
  if (config.indexEnabled) registerIndexRoutes(router, mounted);

  const profiler = new Profiler(config.profileDir, { sampleHeap: config.apiAdminEnabled });
  if (config.apiAdminEnabled) {
    const vmRegistry = new VmRegistry();
    router.addRoute('admin', '', {
      handler: createAvalancheRpcHandler([
        createAdminService({
          router,
          chainAliases,
          loggers,
          profiler,
          pluginDir: config.pluginDir,
          vmRegistry,
          config: () => config,
          db,
          workDir: process.cwd(),
          log,
        }),
      ]),
    });
  }

  const server: Server = createNodeHttpServer(router, {
    host: config.httpHost,
    port: config.httpPort,
    nodeId: self.nodeIdString,
    allowedHosts: config.httpAllowedHosts,
    allowedOrigins: config.httpAllowedOrigins,
    maxBodyBytes: config.maxRequestBodyBytes,
    tracker: requests,
    onError: (err, req) => log.error('request failed', { path: req.url, error: String((err as Error)?.stack ?? err) }),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (e) {
    log.fatal(`cannot listen on ${config.httpHost}:${config.httpPort}: ${(e as Error).message}`);
    await cChain.stop();
    await db.close();
    loggers.close();
    return undefined;
  }
  // Chains created on the P-chain before a restart are served before the node reports healthy.
  await subnetEvm.start(pEngine);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.httpPort;
  const url = `http://${config.httpHost.includes(':') ? `[${config.httpHost}]` : config.httpHost}:${port}`;

  // Healthy means ready: the chains produce blocks, and the banner is out, before the health checks first pass.
  await cChain.start();
  platform.start();
  if (opts.printBanner) process.stdout.write(formatBanner(genesis, { httpUrl: url }) + '\n');
  health.start(config.healthCheckFrequencyMs);
  await health.runAll();
  log.info('node started', { url, nodeId: self.nodeIdString, dataDir: config.dataDir, ms: Date.now() - startedAt });

  let stopped = false;
  return {
    url,
    log,
    genesis,
    cChain,
    subnetEvm,
    warpSources: warp.sources,
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      await health.stop();
      platform.stop();
      await subnetEvm.stop();
      await cChain.stop();
      await profiler.close();
      await db.close();
      loggers.close();
    },
  };
}

/** Indexes blocks the engine accepted while indexing was off (rule 2 of seed 001's index API). */
async function catchUpIndex(db: KvStore, index: ContainerIndex, engine: ChainEngine): Promise<void> {
  const head = engine.lastAccepted().height;
  const nowNanos = BigInt(Date.now()) * 1_000_000n;
  for (let h = index.lastHeight + 1n; h <= head; h++) {
    const c = await engine.containerAt(h);
    if (!c) continue;
    const prepared = index.prepare({ chainAlias: engine.alias, chainId: engine.chainId, id: c.id, bytes: c.bytes, height: h, acceptedAtNanos: nowNanos, inner: { id: c.id, bytes: c.bytes, height: h, timestamp: 0n } });
    await db.batch(prepared.ops);
    prepared.commit();
  }
}
