import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../store/registry.js';
import { openTestDatabase, type TestDatabase } from '../../store/testing.js';
import { Follower } from './follower.js';
import { FollowerGroup } from './follower-group.js';
import { SIMULATION_TABLES, SimulatedStream } from './simulated-chain.js';

describe('FollowerGroup', () => {
  let t: TestDatabase;
  let chains: ChainRef[];
  beforeEach(async () => {
    t = await openTestDatabase('pglite');
    await t.db.exec(SIMULATION_TABLES);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: new Uint8Array(32).fill(1) });
    chains = [];
    for (let i = 0; i < 3; i++) {
      chains.push(await ensureChain(t.db, { network, blockchainId: new Uint8Array(32).fill(2 + i), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n + BigInt(i), name: `chain${i}` }));
    }
  });
  afterEach(async () => {
    await t?.dispose();
  });

  it('runs followers added while it runs, and is done once stopped and every follower returned', async () => {
    const controller = new AbortController();
    const group = new FollowerGroup(controller);
    let settled = false;
    void group.done.then(() => (settled = true));
    group.start(new Follower(t.db, new SimulatedStream(chains[0]!, 'a', 30n), { pollIntervalMs: 5 }) as Follower<unknown>);
    await new Promise((r) => setTimeout(r, 50));
    const late = new Follower(t.db, new SimulatedStream(chains[1]!, 'b', 20n), { pollIntervalMs: 5 });
    group.start(late as Follower<unknown>);
    for (let i = 0; i < 200 && late.metrics.indexed !== 20n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(late.metrics.indexed).toBe(20n);
    expect(settled).toBe(false);
    controller.abort();
    await group.done;
    // a follower added after the stop does not run
    const after = new Follower(t.db, new SimulatedStream(chains[2]!, 'c', 5n));
    group.start(after as Follower<unknown>);
    expect(after.metrics.indexed).toBeUndefined();
  });

  it('fails with the first fatal error and stops the others', async () => {
    const controller = new AbortController();
    const group = new FollowerGroup(controller);
    const broken = new SimulatedStream(chains[1]!, 'x', 10n);
    broken.head = () => Promise.reject(new Error('decode failed'));
    group.start(new Follower(t.db, new SimulatedStream(chains[0]!, 'a', 10n), { pollIntervalMs: 5 }) as Follower<unknown>);
    group.start(new Follower(t.db, broken, { pollIntervalMs: 5 }) as Follower<unknown>);
    await expect(group.done).rejects.toThrow('decode failed');
    expect(controller.signal.aborted).toBe(true);
  });
});
