import type { NodeConfig } from '../../config/node-config.js';
import { idToString } from '../../lib/cb58.js';
import type { ChainEngine } from '../consensus/chain-engine.js';
import { EvmChain } from '../chains/evm/evm-chain.js';
import { configureQueries } from '../chains/evm/query/options.js';
import { startLogIndex } from '../chains/evm/query/log-index.js';
import { DEFAULT_BATCH_LIMIT, DEFAULT_BATCH_RESPONSE_MAX_SIZE, ETH_METHODS, createEthRpcHandler } from '../chains/evm/rpc/handler.js';
import { createEthWsEndpoint, type EthWsEndpoint } from '../chains/evm/rpc/ws.js';
import { readSubnetEvmConfig } from '../chains/subnet-evm/chain-config.js';
import { readGenesisExtras } from '../chains/subnet-evm/genesis.js';
import type { NetworkUpgrades } from '../chains/subnet-evm/network-upgrades.js';
import { SUBNET_EVM_MODULES } from '../chains/subnet-evm/precompiles/modules.js';
import type { PrecompileModule } from '../chains/subnet-evm/precompiles/types.js';
import { subnetEvmMethods } from '../chains/subnet-evm/rpc-methods.js';
import { SubnetEvmRules } from '../chains/subnet-evm/rules.js';
import { createValidatorsService, type ValidatorSource } from '../chains/subnet-evm/validators-service.js';
import type { NodeLogger } from '../logging/logger-registry.js';
import { createAvalancheRpcHandler } from '../server/avalanche-rpc.js';
import type { Router } from '../server/router.js';
import type { KvStore } from '../storage/kv.js';
import { createEvmWarp, type EvmWarpWiring } from '../warp/evm-chain-warp.js';

export interface SubnetEvmChain {
  id: Uint8Array;
  name: string;
  evm: EvmChain;
  rules: SubnetEvmRules;
  engine: ChainEngine;
  mount(router: Router, base: string): void;
  stop(): Promise<void>;
}

export interface SubnetEvmChainDeps {
  db: KvStore;
  config: NodeConfig;
  log: NodeLogger;
  /** The chain's id (its CreateChainTx id), name and genesis bytes. */
  chain: { id: Uint8Array; name: string; genesis: Uint8Array };
  /** Network upgrade times the node runs (defaults for the chain's config). */
  upgrades: NetworkUpgrades;
  engineFor: (alias: string, chainId: Uint8Array, genesisId: Uint8Array, genesisTimestamp: bigint) => Promise<ChainEngine>;
  validators: ValidatorSource;
  /** Stateful precompile modules (default: subnet-EVM's allow lists, minter, fee and reward managers). */
  modules?: readonly PrecompileModule[];
  /** Node clock, Unix seconds. */
  now?: () => bigint;
  /** Warp: the precompile's context and predicate verification, warp_* methods, ACP-118 signing. */
  warp?: EvmWarpWiring;
}

/**
 * One subnet-EVM chain in this process: the shared EVM run by subnet-EVM's rules behind its own consensus
 * engine, mined as the node's C-chain is (automine, interval or manual). The devnet runs Granite blocks only,
 * so the chain's Durango, Etna and Granite must be active by now and Helicon must not be.
 */
export async function startSubnetEvmChain(deps: SubnetEvmChainDeps): Promise<SubnetEvmChain> {
  const json = new TextDecoder().decode(deps.chain.genesis);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`parsing genesis: ${(e as Error).message}`);
  }
  const config = readSubnetEvmConfig(parsed.config, { defaults: deps.upgrades, modules: deps.modules ?? SUBNET_EVM_MODULES });
  const now = (deps.now ?? (() => BigInt(Math.floor(Date.now() / 1000))))();
  const u = config.upgrades;
  for (const [name, at] of [['durango', u.durangoTimestamp], ['etna', u.etnaTimestamp], ['granite', u.graniteTimestamp]] as const) {
    if (at === undefined || at > now) throw new Error(`${name}Timestamp (${at ?? 'unset'}) must be active: the devnet runs Granite rules`);
  }
  if (u.heliconTimestamp !== undefined && u.heliconTimestamp <= now) throw new Error('heliconTimestamp must not be active: Helicon is unscheduled');

  const idString = idToString(deps.chain.id);
  // subnet-EVM's Extra: the 80-byte fee window, then the predicate results
  const evmWarp = deps.warp ? createEvmWarp(deps.warp, deps.chain.id, 80) : undefined;
  const rules = new SubnetEvmRules(deps.chain.name, config, readGenesisExtras(json), evmWarp?.context);
  let engine: ChainEngine | undefined;
  const evm = await EvmChain.create({
    db: deps.db,
    blockchainId: deps.chain.id,
    genesisJson: json,
    acceptor: {
      accept: async (inner, vmOps) => {
        if (!engine) throw new Error(`${idString}: engine not ready`);
        await engine.accept(inner, vmOps);
      },
      rewind: async (height, innerId, vmOps) => {
        if (!engine) throw new Error(`${idString}: engine not ready`);
        await engine.rewindTo(height, innerId, vmOps);
      },
    },
    log: deps.log,
    mining: { mode: 'manual' },
    rules,
  });
  const warp = evmWarp?.attach(evm, (e) => deps.log.error('warp', { error: e.message }));
  engine = await deps.engineFor(idString, deps.chain.id, evm.genesisHash, evm.genesisTimestamp);
  if (deps.config.evm) {
    configureQueries(evm, {
      pruning: deps.config.evm.pruningEnabled,
      stateHistory: deps.config.evm.stateHistory,
      historicalProofQueryWindow: deps.config.evm.historicalProofQueryWindow,
      maxBlocksPerRequest: deps.config.evm.maxBlocksPerRequest,
    });
  }
  startLogIndex(evm);
  if (deps.config.noMining) evm.setAutomine(false);
  else if (deps.config.blockTimeMs > 0) evm.setIntervalMining(deps.config.blockTimeMs);
  else evm.setAutomine(true);

  let ws: EthWsEndpoint | undefined;
  return {
    id: deps.chain.id,
    name: deps.chain.name,
    evm,
    rules,
    engine,
    mount(router, base) {
      const opts = {
        methods: { ...ETH_METHODS, ...subnetEvmMethods(rules), ...(warp?.methods ?? {}) },
        batchLimit: deps.config.evm?.batchRequestLimit ?? DEFAULT_BATCH_LIMIT,
        batchResponseMaxSize: deps.config.evm?.batchResponseMaxSize ?? DEFAULT_BATCH_RESPONSE_MAX_SIZE,
      };
      router.addRoute(base, '/rpc', { handler: createEthRpcHandler(evm, opts) });
      ws ??= createEthWsEndpoint(evm, opts);
      router.addRoute(base, '/ws', { handler: ws.handler, upgrade: ws.upgrade });
      router.addRoute(base, '/validators', { handler: createAvalancheRpcHandler([createValidatorsService(deps.validators)]) });
    },
    async stop() {
      ws?.close();
      warp?.close();
      await evm.close();
    },
  };
}
