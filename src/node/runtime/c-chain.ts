import type { NodeConfig } from '../../config/node-config.js';
import { EvmChain } from '../chains/evm/evm-chain.js';
import { createEthRpcHandler } from '../chains/evm/rpc/handler.js';
import type { ChainEngine } from '../consensus/chain-engine.js';
import type { NetworkGenesis } from '../genesis/index.js';
import type { NodeLogger } from '../logging/logger-registry.js';
import type { Router } from '../server/router.js';
import type { KvStore } from '../storage/kv.js';

export interface CChain {
  evm: EvmChain;
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
  engineFor: (alias: string, chainId: Uint8Array, genesisId: Uint8Array, genesisTimestamp: bigint) => Promise<ChainEngine>;
}): Promise<CChain> {
  let engine: ChainEngine | undefined;
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
    },
    log: deps.log,
    mining: { mode: 'manual' },
  });
  engine = await deps.engineFor('C', deps.genesis.cChainId.id, evm.genesisHash, evm.genesisTimestamp);
  return {
    evm,
    engine,
    mount(router, base) {
      const handler = createEthRpcHandler(evm);
      router.addRoute(base, '/rpc', { handler });
    },
    // Mining starts once the HTTP server is up, so interval blocks never race start-up.
    async start() {
      if (mining.mode === 'interval') evm.setIntervalMining(mining.intervalMs);
      else evm.setAutomine(mining.mode === 'auto');
    },
    async stop() {
      await evm.close();
    },
  };
}
