import type { NodeConfig } from '../../config/node-config.js';
import { decodePlatformBlock, platformBlockTxs } from '../../codec/platformvm/blocks.js';
import { compareBytes } from '../../lib/bytes.js';
import { idFromString, idToString } from '../../lib/cb58.js';
import { SUBNET_EVM_ID_STRING } from '../../lib/networks.js';
import { Mutex } from '../../lib/mutex.js';
import type { ChainAliasRegistry } from '../apis/admin/chain-aliases.js';
import { isActive } from '../chains/platform/l1-records.js';
import type { PlatformVm } from '../chains/platform/platform-vm.js';
import { PRIORITY } from '../chains/platform/state.js';
import { parseSignedTx, type SignedTx } from '../chains/platform/tx-codec.js';
import type { NetworkUpgrades } from '../chains/subnet-evm/network-upgrades.js';
import type { PrecompileModule } from '../chains/subnet-evm/precompiles/types.js';
import type { ChainValidator, ValidatorSource } from '../chains/subnet-evm/validators-service.js';
import type { ChainEngine } from '../consensus/chain-engine.js';
import type { AcceptedContainer } from '../consensus/types.js';
import type { LoggerRegistry, NodeLogger } from '../logging/logger-registry.js';
import type { Router } from '../server/router.js';
import type { KvStore } from '../storage/kv.js';
import type { EvmWarpWiring } from '../warp/evm-chain-warp.js';
import { startSubnetEvmChain, type SubnetEvmChain } from './subnet-evm-chain.js';

const SUBNET_EVM_ID = idFromString(SUBNET_EVM_ID_STRING);

export interface SubnetEvmChainsDeps {
  db: KvStore;
  config: NodeConfig;
  loggers: Pick<LoggerRegistry, 'get'>;
  log: NodeLogger;
  platform: PlatformVm;
  router: Router;
  chainAliases: ChainAliasRegistry;
  engineFor: (alias: string, chainId: Uint8Array, genesisId: Uint8Array, genesisTimestamp: bigint) => Promise<ChainEngine>;
  upgrades: NetworkUpgrades;
  /** Node IDs running in this process (always connected). */
  localNodeIds: Uint8Array[];
  /** Stateful precompile modules of every chain (default: subnet-EVM's six, warp included). */
  modules?: readonly PrecompileModule[];
  /** Warp wiring for every chain (without it the warp precompile has no chain context). */
  warp?: EvmWarpWiring;
}

/**
 * The subnet-EVM chains of this devnet: every chain a CreateChainTx with subnet-EVM's VM id created on the
 * P-chain runs here, served at /ext/bc/<blockchainID>/{rpc,ws,validators}. Chains accepted before a restart
 * are started again from their CreateChainTx; new ones start when the P-chain block creating them is
 * accepted. A chain whose genesis the VM refuses is logged and not served, as AvalancheGo does.
 */
export class SubnetEvmChains {
  private readonly chains = new Map<string, SubnetEvmChain>();
  private readonly failed = new Map<string, string>();
  private readonly lock = new Mutex('subnet-evm-chains');
  private stopped = false;

  constructor(private readonly deps: SubnetEvmChainsDeps) {}

  /** Starts the chains already on the P-chain, then follows its accepted blocks for new ones. */
  async start(pEngine: ChainEngine): Promise<void> {
    pEngine.onAccept((container) => this.onPChainBlock(container));
    for (const c of [...this.deps.platform.state.chains.values()]) {
      if (compareBytes(c.vmId, SUBNET_EVM_ID) !== 0) continue;
      const tx = await this.deps.platform.getSignedTx(c.id);
      if (tx) await this.launch(tx);
    }
  }

  get(id: Uint8Array): SubnetEvmChain | undefined {
    return this.chains.get(idToString(id));
  }

  /** Why a chain is not running (its genesis was refused), if it is not. */
  failure(id: Uint8Array): string | undefined {
    return this.failed.get(idToString(id));
  }

  list(): SubnetEvmChain[] {
    return [...this.chains.values()];
  }

  private onPChainBlock(container: AcceptedContainer): void {
    let txs: Uint8Array[];
    try {
      txs = platformBlockTxs(decodePlatformBlock(container.inner.bytes));
    } catch (e) {
      this.deps.log.error('cannot decode an accepted P-chain block', { error: (e as Error).message });
      return;
    }
    for (const bytes of txs) {
      let tx: SignedTx;
      try {
        tx = parseSignedTx(bytes);
      } catch {
        continue;
      }
      if (tx.unsigned.kind === 'CreateChainTx' && compareBytes(tx.unsigned.vmId, SUBNET_EVM_ID) === 0) void this.launch(tx);
    }
  }

  private launch(tx: SignedTx): Promise<void> {
    return this.lock.runExclusive(async () => {
      const u = tx.unsigned;
      if (u.kind !== 'CreateChainTx' || this.stopped) return;
      const id = idToString(tx.id);
      if (this.chains.has(id) || this.failed.has(id)) return;
      const log = this.deps.loggers.get(id);
      try {
        const chain = await startSubnetEvmChain({
          db: this.deps.db, config: this.deps.config, log,
          chain: { id: tx.id, name: u.chainName, genesis: u.genesisData },
          upgrades: this.deps.upgrades, engineFor: this.deps.engineFor,
          validators: this.validatorSource(u.subnetId),
          ...(this.deps.modules ? { modules: this.deps.modules } : {}),
          ...(this.deps.warp ? { warp: this.deps.warp } : {}),
        });
        const base = `bc/${id}`;
        this.deps.router.reserve(base);
        this.deps.chainAliases.addChain(tx.id);
        chain.mount(this.deps.router, base);
        this.chains.set(id, chain);
        this.deps.log.info('subnet-EVM chain started', { blockchainID: id, name: u.chainName, subnetID: idToString(u.subnetId), chainId: chain.evm.chainId.toString() });
      } catch (e) {
        this.failed.set(id, (e as Error).message);
        this.deps.log.error('subnet-EVM chain not started', { blockchainID: id, name: u.chainName, error: (e as Error).message });
      }
    });
  }

  /** GetCurrentValidatorSet for a subnet: its L1 validators once converted, else its subnet validators. */
  private validatorSource(subnetId: Uint8Array): ValidatorSource {
    const platform = this.deps.platform;
    const local = new Set(this.deps.localNodeIds.map((n) => Buffer.from(n).toString('hex')));
    return {
      currentValidators(): ChainValidator[] {
        const state = platform.state;
        if (state.getConversion(subnetId)) {
          return state.l1Validators().filter((v) => compareBytes(v.subnetId, subnetId) === 0).map((v) => ({
            validationId: v.validationId, nodeId: v.nodeId, weight: v.weight, startTime: v.startTime, isActive: isActive(v), isL1Validator: true,
          }));
        }
        return state.stakers().filter((s) => s.priority === PRIORITY.subnetPermissionedValidator && compareBytes(s.subnetId, subnetId) === 0).map((s) => ({
          validationId: s.txId, nodeId: s.nodeId, weight: s.weight, startTime: s.startTime, isActive: true, isL1Validator: false,
        }));
      },
      isConnected: (nodeId) => local.has(Buffer.from(nodeId).toString('hex')),
      now: () => platform.now(),
    };
  }

  async stop(): Promise<void> {
    await this.lock.runExclusive(async () => {
      this.stopped = true;
      for (const c of this.chains.values()) await c.stop();
    });
  }
}
