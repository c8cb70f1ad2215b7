import type { EvmChain } from '../evm-chain.js';
import type { DevnetAccess } from './access.js';
import { Impersonation } from './impersonation.js';
import { rewindLocked } from './rewind.js';
import { Snapshots } from './snapshots.js';

/**
 * The per-chain devnet control state (anvil/Hardhat methods): impersonated accounts, snapshots and the
 * process instance id. Mining modes, the clock and the head's state live on the EvmChain itself.
 */
export class DevnetControls {
  readonly impersonation = new Impersonation();
  readonly snapshots: Snapshots;
  readonly access: DevnetAccess;
  instanceId = randomId();

  constructor(readonly chain: EvmChain) {
    this.access = chain.devnetAccess();
    this.snapshots = new Snapshots(this.access, chain.clock);
  }

  /** anvil_reset: back to the genesis block and state; the pool, snapshots, clock and impersonations are cleared. */
  async reset(): Promise<void> {
    const x = this.access;
    await x.exclusive(async () => {
      const genesis = await x.blocks.byNumber(0n);
      if (!genesis) throw new Error('genesis block missing from the store');
      await rewindLocked(x, 0n, genesis.block.header.stateRoot);
      x.pool.clear();
    });
    this.snapshots.clear();
    this.chain.clock.reset();
    this.impersonation.clear();
    this.instanceId = randomId();
  }
}

const registry = new WeakMap<EvmChain, DevnetControls>();

export function devnetControls(chain: EvmChain): DevnetControls {
  let c = registry.get(chain);
  if (!c) registry.set(chain, (c = new DevnetControls(chain)));
  return c;
}

/** True when eth_sendTransaction may send from `address` without a key (anvil_impersonateAccount). */
export function isImpersonated(chain: EvmChain, address: Uint8Array): boolean {
  return registry.get(chain)?.impersonation.isImpersonated(address) ?? false;
}

function randomId(): string {
  return '0x' + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
}
